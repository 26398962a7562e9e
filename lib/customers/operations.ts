// Account operations open to the storefront key: register, log in; and the token chores around them.
import { z } from "zod";
import { confirmationFields, confirmationRequired } from "./confirmation.ts";
import { operation } from "../operations/define.ts";
import { boolParam, email, text } from "../operations/fields.ts";
import { CustomerShape } from "./shapes.ts";
import { forgotPassword, login, logout, register, resetPassword, verifyToken } from "./account.ts";
import { newPasswordField } from "../auth/password-rule.ts";

const shopPublic = { surface: "shop", access: "public" } as const;

/** The length part of the password rule; the strength part needs the account and runs in account.ts. */
const newPassword = newPasswordField;

const Result = z.object({ success: z.boolean(), message: z.string() }).meta({ id: "ActionResult" });

/**
 * An account flag the family's sign-up form sends (`status: "1"`, `isVerified: "1"`, `isSuspended: "0"`): accepted as
 * 0/1 text, a number or a boolean, and never obeyed. The store decides them: a new account is active, verified and
 * not suspended, whatever the form says (a shopper cannot suspend, unverify or deactivate itself into an odd state,
 * nor claim a state the store would not give it).
 */
const ignoredFlag = () =>
  z
    .union([z.string(), z.number(), z.boolean()])
    .refine((v) => ["0", "1", "true", "false", 0, 1, true, false].includes(typeof v === "string" ? v.trim().toLowerCase() : v), {
      message: "must be 0 or 1",
    })
    .transform(() => undefined)
    .optional();

export const createCustomer = operation({
  ...shopPublic,
  name: "createCustomer",
  kind: "mutation",
  summary:
    "Register a customer; `confirmPassword` (or its alias `passwordConfirmation`) repeats the password. The answer carries the bearer " +
    "`token` (and the legacy `apiToken`, never a bearer).",
  input: z.object({
    firstName: text(100),
    lastName: text(100),
    email: email(),
    password: newPassword(),
    ...confirmationFields,
    phone: z.string().trim().max(40).optional(),
    gender: z.enum(["Male", "Female", "Other"], { message: "must be Male, Female or Other" }).optional(),
    dateOfBirth: z.iso.date({ message: "must be a date YYYY-MM-DD" }).optional(),
    subscribedToNewsLetter: boolParam().optional(),
    /** Accepted and ignored: the store sets a new account's status (active), verification (verified) and suspension (none). */
    status: ignoredFlag(),
    isVerified: ignoredFlag(),
    isSuspended: ignoredFlag(),
  }).refine(...confirmationRequired("confirmPassword")),
  output: CustomerShape.extend({
    token: z.string(),
    apiToken: z.string(),
    /** First and last name (the family's field). */
    name: z.string(),
    /** The family's "remember me" secret: never sent, always null. The bearer is `token`. */
    rememberToken: z.string().nullable(),
    success: z.boolean(),
    message: z.string(),
  }).meta({ id: "RegisteredCustomer", iri: "/api/shop/customers" }),
  rest: { method: "POST", paths: ["/api/shop/customers"], status: 201 },
  graphql: { payloadFields: ["success", "message"] },
  run: async (ctx, input) => {
    const customer = await register(ctx, input);
    return { ...customer, name: `${customer.firstName} ${customer.lastName}`, rememberToken: null, success: true, message: "The account was created." };
  },
});

export const createCustomerLogin = operation({
  ...shopPublic,
  name: "createCustomerLogin",
  kind: "mutation",
  summary: "Log a customer in. `token` is the bearer for customer calls; `apiToken` is legacy and gets 401.",
  input: z.object({
    email: email(),
    password: z.string().min(1, { message: "is required" }).max(128),
    /** A guest cart to merge into the account; the guest's cart-token bearer does the same. */
    cartToken: z.string().trim().max(64).optional(),
  }),
  output: z
    .object({ id: z.int(), _id: z.int(), token: z.string(), apiToken: z.string(), message: z.string(), success: z.boolean() })
    .meta({ id: "CustomerLogin" }),
  rest: { method: "POST", paths: ["/api/shop/customer/login"] },
  run: login,
});

/** The family's name for createCustomerLogin (`createLogin { login { … } }`); both are served. */
export const createLogin = operation({
  ...createCustomerLogin,
  name: "createLogin",
  output: createCustomerLogin.output.extend({ email: z.string(), firstName: z.string(), lastName: z.string() }).meta({ id: "Login" }),
  rest: undefined,
  graphql: { resource: "login" },
  run: login,
});

export const createLogout = operation({
  name: "createLogout",
  surface: "shop",
  kind: "mutation",
  summary: "Revoke the customer token that made this call.",
  access: "customer",
  input: z.object({}),
  output: Result,
  rest: { method: "POST", paths: ["/api/shop/customer/logout"] },
  graphql: { resource: "logout" },
  run: (ctx) => logout(ctx),
});

export const createVerifyToken = operation({
  ...shopPublic,
  name: "createVerifyToken",
  kind: "mutation",
  summary: "Tell whether a customer token (the body's `token`, else the bearer) is valid, and whose it is.",
  input: z.object({ token: z.string().max(300).optional() }),
  output: z
    .object({
      isValid: z.boolean(),
      id: z.int().nullable(),
      email: z.string().nullable(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      message: z.string(),
    })
    .meta({ id: "VerifyToken" }),
  rest: { method: "POST", paths: ["/api/shop/verify-tokens"] },
  run: verifyToken,
});

export const createForgotPassword = operation({
  ...shopPublic,
  name: "createForgotPassword",
  kind: "mutation",
  summary: "Ask for a password reset link; the answer is the same whether or not the email has an account.",
  input: z.object({ email: email() }),
  output: Result,
  rest: { method: "POST", paths: ["/api/shop/forgot-passwords", "/api/shop/customers/forgot-password"] },
  run: forgotPassword,
});

export const createResetPassword = operation({
  ...shopPublic,
  name: "createResetPassword",
  kind: "mutation",
  summary:
    "Set a new password with the token from a reset mail (single use, expires); `confirmPassword` (or its alias " +
    "`passwordConfirmation`) repeats it. Ends every token of the account. " +
    "A bad, used or expired token is 400 `invalid_reset_token`; a mismatch or a weak password is 422.",
  input: z.object({
    token: z.string().trim().min(1, { message: "is required" }).max(200),
    email: email(),
    password: newPassword(),
    ...confirmationFields,
  }).refine(...confirmationRequired("passwordConfirmation")),
  output: Result,
  rest: { method: "PUT", paths: ["/api/shop/customers/reset-password"], errors: [400] },
  run: resetPassword,
});
