// The customer's own profile and newsletter subscription.
import { z } from "zod";
import { operation } from "../operations/define.ts";
import { recordId } from "../operations/fields.ts";
import { customerId } from "../context.ts";
import { createCustomer } from "../customers/operations.ts";
import { deleteProfile, readProfile, updateProfile } from "./profile.ts";
import { newsletterStatus, subscribeCustomer, unsubscribeCustomer } from "./newsletter.ts";

const shopCustomer = { surface: "shop", access: "customer" } as const;

const Profile = z
  .object({
    id: z.int(),
    _id: z.int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    gender: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    status: z.int(),
    subscribedToNewsLetter: z.boolean(),
    isVerified: z.boolean(),
    isSuspended: z.boolean(),
    image: z.string().nullable(),
    success: z.boolean(),
    message: z.string(),
  })
  .meta({ id: "CustomerProfile", iri: "/api/shop/customers" });

export const readCustomerProfile = operation({
  ...shopCustomer,
  name: "readCustomerProfile",
  kind: "query",
  summary: "The signed-in customer's profile.",
  input: z.object({}),
  output: Profile,
  rest: { method: "GET", paths: ["/api/shop/customers/get", "/api/shop/customer-profile"] },
  run: (ctx) => readProfile(ctx),
});

// Registration's field rules, each optional here; `null` clears an optional field.
const field = createCustomer.input.shape;

/** The family's profile form sends every field; a blank one is a value the customer left empty, so it clears. */
const blankClears = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), schema.nullable());

/** The family's profile form sends the gender in lower case (`female`); it is stored as registration spells it (`Female`). */
const capitalized = (v: unknown) => (typeof v === "string" ? v.trim().charAt(0).toUpperCase() + v.trim().slice(1).toLowerCase() : v);

export const updateCustomerProfile = operation({
  ...shopCustomer,
  name: "updateCustomerProfile",
  kind: "mutation",
  summary:
    "Change the signed-in customer's profile; `{id}` must be their own (another id is 404). A new `password` needs the right " +
    "`currentPassword` and a matching `confirmPassword`, and signs out every other session. A new `email` needs `currentPassword` " +
    "(missing 422, wrong 403 `invalid_password`) and mails a notice to the old address. Password checks spend the login attempt " +
    "budget (429 when used up). `subscribedToNewsLetter` subscribes or unsubscribes.",
  input: z.object({
    id: recordId().optional(),
    firstName: field.firstName.optional(),
    lastName: field.lastName.optional(),
    email: field.email.optional(),
    phone: blankClears(field.phone),
    gender: blankClears(z.preprocess(capitalized, field.gender)),
    dateOfBirth: blankClears(field.dateOfBirth),
    subscribedToNewsLetter: field.subscribedToNewsLetter,
    currentPassword: z.string().max(128).optional(),
    password: field.password.optional(),
    confirmPassword: field.confirmPassword,
    passwordConfirmation: field.passwordConfirmation,
  }),
  output: Profile,
  rest: { method: "PUT", paths: ["/api/shop/customer-profile-updates/{id}"] },
  graphql: { resource: "customerProfile" },
  run: updateProfile,
});

export const deleteCustomerProfile = operation({
  ...shopCustomer,
  name: "deleteCustomerProfile",
  kind: "mutation",
  summary:
    "Delete the signed-in customer's account and sign out all its tokens. Orders are kept without the customer reference. " +
    "`password` (the account's current password) is required: missing is 422, wrong is 403 `invalid_password`; the check " +
    "spends the login attempt budget (429 when used up).",
  // Optional in the schema so that a missing password is the same 422 on GraphQL as on REST (not a document error).
  input: z.object({ password: z.string().max(128).optional() }),
  output: z.object({ success: z.boolean(), message: z.string() }).meta({ id: "CustomerProfileDeletion" }),
  rest: { method: "POST", paths: ["/api/shop/customer-profile-deletes"] },
  graphql: { resource: "customerProfile" },
  run: deleteProfile,
});

/** The family's name for updateCustomerProfile (`createCustomerProfileUpdate { customerProfileUpdate { … } }`); both are served. */
export const createCustomerProfileUpdate = operation({
  ...updateCustomerProfile,
  name: "createCustomerProfileUpdate",
  rest: undefined,
  graphql: { resource: "customerProfileUpdate" },
});

/** The family's name for deleteCustomerProfile; the answer names the deleted account's `id`. */
export const createCustomerProfileDelete = operation({
  ...deleteCustomerProfile,
  name: "createCustomerProfileDelete",
  output: deleteCustomerProfile.output.extend({ id: z.int() }).meta({ id: "CustomerProfileDelete" }),
  rest: undefined,
  graphql: { resource: "customerProfileDelete" },
  run: async (ctx, input) => {
    const id = customerId(ctx);
    return { ...(await deleteProfile(ctx, input)), id };
  },
});

const NewsletterSubscription = z
  .object({ email: z.string(), isSubscribed: z.boolean(), success: z.boolean(), message: z.string() })
  .meta({ id: "CustomerNewsletterSubscription" });

const NEWSLETTER_PATH = "/api/shop/customer-newsletter-subscriptions";

export const customerNewsletterSubscription = operation({
  ...shopCustomer,
  name: "customerNewsletterSubscription",
  kind: "query",
  summary: "Whether the signed-in customer's email is subscribed to the newsletter in this channel.",
  input: z.object({}),
  output: NewsletterSubscription,
  rest: { method: "GET", paths: [NEWSLETTER_PATH] },
  run: (ctx) => newsletterStatus(ctx),
});

export const createCustomerNewsletterSubscription = operation({
  ...shopCustomer,
  name: "createCustomerNewsletterSubscription",
  kind: "mutation",
  summary: "Subscribe the signed-in customer's email to the newsletter; already subscribed is a 422.",
  input: z.object({}),
  output: NewsletterSubscription,
  rest: { method: "POST", paths: [NEWSLETTER_PATH], status: 201, errors: [422] },
  run: (ctx) => subscribeCustomer(ctx),
});

export const deleteCustomerNewsletterSubscription = operation({
  ...shopCustomer,
  name: "deleteCustomerNewsletterSubscription",
  kind: "mutation",
  summary: "Unsubscribe the signed-in customer's email from the newsletter; not subscribed is a 422.",
  input: z.object({}),
  output: NewsletterSubscription,
  rest: { method: "DELETE", paths: [NEWSLETTER_PATH], errors: [422] },
  run: (ctx) => unsubscribeCustomer(ctx),
});
