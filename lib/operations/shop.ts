// Every Shop API operation. The GraphQL schema, the OpenAPI document and the route-coverage test read this list.
import type { AnyOperation } from "./define.ts";
import * as catalog from "../catalog/operations.ts";
import * as productParts from "../catalog/sub-resources.ts";
import * as store from "../store/operations.ts";
import * as cms from "../cms/operations.ts";
import * as customers from "../customers/operations.ts";
import * as newsletter from "../newsletter/operations.ts";
import * as contact from "../contact/operations.ts";
import * as cart from "../cart/operations.ts";
import * as checkout from "../checkout/operations.ts";
import * as profile from "../profile/operations.ts";
import * as addresses from "../addresses/operations.ts";
import * as customerOrders from "../orders/customer-operations.ts";
import * as orderDocuments from "../orders/document-operations.ts";
import * as wishlist from "../wishlist/operations.ts";
import * as compare from "../compare/operations.ts";
import * as downloads from "../downloads/operations.ts";
import * as reviews from "../reviews/operations.ts";
import * as gdpr from "../gdpr/operations.ts";
import * as euWithdrawals from "../eu-withdrawals/operations.ts";
import * as returns from "../returns/operations.ts";
import * as theme from "../theme/operations.ts";

export const shopOperations: AnyOperation[] = [
  ...Object.values(catalog),
  ...Object.values(productParts),
  ...Object.values(store),
  ...Object.values(cms),
  ...Object.values(customers),
  ...Object.values(newsletter),
  ...Object.values(contact),
  ...Object.values(cart),
  ...Object.values(checkout),
  ...Object.values(profile),
  ...Object.values(addresses),
  ...Object.values(customerOrders),
  ...Object.values(orderDocuments),
  ...Object.values(wishlist),
  ...Object.values(compare),
  ...Object.values(downloads),
  ...Object.values(reviews),
  ...Object.values(gdpr),
  ...Object.values(euWithdrawals),
  ...Object.values(returns),
  ...Object.values(theme),
];
