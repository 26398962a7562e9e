// The kinds of products and of bundle options: plain lists, which the Admin API's product input and the admin
// panel's product form both read.

export const PRODUCT_TYPES = ["simple", "configurable", "virtual", "downloadable", "grouped", "bundle"] as const;

export const BUNDLE_OPTION_TYPES = ["select", "radio", "checkbox", "multiselect"] as const;
