// Registration, login, logout, token verification and the forgotten-password request.
import bcrypt from "bcryptjs";
import { assertConfirmed } from "./confirmation.ts";
import type { RequestContext } from "../context.ts";
import { customerId } from "../context.ts";
import { BadRequest, Unauthenticated, Validation } from "../errors.ts";
import { randomSecret, sha256 } from "../auth/secrets.ts";
import { issueCustomerToken, resolveCustomerToken, revokeCustomerToken } from "./tokens.ts";
import { toCustomer } from "./shapes.ts";
import { subscribe } from "../newsletter/subscriptions.ts";
import { resolveCartToken } from "../cart/token.ts";
import { customerCart } from "../cart/carts.ts";
import { mergeInto } from "../cart/items.ts";
import { spendAttempt } from "../rate-limit/attempts.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { sealedResetToken } from "../mail/sealed.ts";
import { assertPasswordRule, personalWords } from "../auth/password-rule.ts";
import { recordEvent } from "../events/record.ts";
import { changedFields } from "../events/payloads.ts";

export const BCRYPT_COST = Number(process.env.BCRYPT_COST ?? 10);

let decoy: Promise<string> | null = null;
/**
 * A hash of no one's password at the real BCRYPT_COST, compared against when an email is unknown (customer login,
 * panel sign-in) so that a wrong email takes as long as a wrong password. Made once, on first use.
 */
export function decoyHash(): Promise<string> {
  return (decoy ??= bcrypt.hash(randomSecret(16), BCRYPT_COST));
}
/** How long a password reset link works (PASSWORD_RESET_TTL_MINUTES, default 60). */
export function resetTtlMinutes(): number {
  const n = Number(process.env.PASSWORD_RESET_TTL_MINUTES);
  return Number.isInteger(n) && n > 0 ? n : 60;
}

export interface Registration {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword?: string;
  passwordConfirmation?: string;
  phone?: string;
  gender?: string;
  dateOfBirth?: string;
  subscribedToNewsLetter?: boolean;
}

export async function register(ctx: RequestContext, input: Registration) {
  await spendAttempt("register", input.email, ctx.ip);
  assertConfirmed(input, "confirmPassword");
  await assertPasswordRule("password", input.password, personalWords(input.email, input.firstName, input.lastName, `${input.firstName} ${input.lastName}`));
  const taken = await ctx.db.customer.findUnique({ where: { email: input.email }, select: { id: true } });
  if (taken) throw Validation.field("email", "This email is already registered.");
  const passwordHash = await bcrypt.hash(input.password, BCRYPT_COST);
  const group = await ctx.db.customerGroup.findUnique({ where: { code: "general" }, select: { id: true } });
  const { customer, token } = await ctx.db.$transaction(async (tx) => {
    const customer = await tx.customer.create({
      data: {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        passwordHash,
        phone: input.phone ?? null,
        gender: input.gender ?? null,
        dateOfBirth: input.dateOfBirth ?? null,
        subscribedToNewsletter: input.subscribedToNewsLetter ?? false,
        customerGroupId: group?.id ?? null,
        channelId: ctx.channel.id,
        apiToken: randomSecret(40),
        // The store's decision, never the form's (the family's form sends status, isVerified and isSuspended too).
        status: 1,
        isVerified: true,
        isSuspended: false,
      },
    });
    const token = await issueCustomerToken(tx, customer.id);
    await enqueueMail(tx, "registration", customer.email, { firstName: customer.firstName }, ctx.locale);
    const { firstName, lastName, email, password, phone, gender, dateOfBirth, subscribedToNewsLetter } = input;
    const changed = changedFields({ firstName, lastName, email, password, phone, gender, dateOfBirth, subscribedToNewsletter: subscribedToNewsLetter });
    await recordEvent(tx, "customer.created", { id: customer.id, email: customer.email, changed, updatedAt: customer.updatedAt });
    return { customer, token };
  }).catch((e: { code?: string }) => {
    // Two registrations racing for one email: the unique index decides.
    if (e?.code === "P2002") throw Validation.field("email", "This email is already registered.");
    throw e;
  });
  if (input.subscribedToNewsLetter) await subscribe(ctx, customer.email, customer.id, { quiet: true });
  return { ...toCustomer(customer), token, apiToken: customer.apiToken };
}

export async function login(ctx: RequestContext, input: { email: string; password: string; cartToken?: string }) {
  const attempt = await spendAttempt("login", input.email, ctx.ip);
  const customer = await ctx.db.customer.findUnique({ where: { email: input.email } });
  // Compare against the decoy when the email is unknown so timing does not reveal which emails exist.
  const ok = await bcrypt.compare(input.password, customer?.passwordHash ?? (await decoyHash()));
  if (!customer || !ok) throw new Unauthenticated("Invalid email or password.", "invalid_credentials");
  await attempt.succeeded();
  if (customer.status !== 1 || customer.isSuspended) throw new Unauthenticated("This account is disabled.", "account_disabled");
  const token = await issueCustomerToken(ctx.db, customer.id);
  const merged = await adoptGuestCart(ctx, customer.id, input.cartToken);
  const message = merged ? "Logged in successfully; your guest cart was merged into your account." : "Logged in successfully.";
  return {
    id: customer.id, _id: customer.id, email: customer.email, firstName: customer.firstName, lastName: customer.lastName,
    token, apiToken: customer.apiToken, message, success: true,
  };
}

/** A guest cart held before logging in (the bearer of the login call, or `cartToken`) joins the account's cart. */
async function adoptGuestCart(ctx: RequestContext, customerId: number, cartToken?: string): Promise<boolean> {
  const guest = ctx.principal.kind === "guestCart"
    ? { cartId: ctx.principal.cartId, isActive: true }
    : cartToken ? await resolveCartToken(ctx.sql, cartToken) : null;
  if (!guest?.isActive) return false;
  const cart = await ctx.db.cart.findUnique({ where: { id: guest.cartId }, select: { isActive: true, itemsCount: true } });
  if (!cart?.isActive || cart.itemsCount === 0) return false;
  const target = await customerCart(ctx, customerId);
  await mergeInto({ ...ctx, principal: { kind: "customer", customerId, tokenId: 0 } }, target.id, guest.cartId);
  return true;
}

export async function logout(ctx: RequestContext) {
  customerId(ctx);
  if (ctx.principal.kind === "customer") await revokeCustomerToken(ctx.db, ctx.principal.tokenId);
  return { success: true, message: "Logged out successfully." };
}

export async function verifyToken(ctx: RequestContext, input: { token?: string }) {
  const resolved = input.token
    ? await resolveCustomerToken(ctx.db, input.token)
    : ctx.principal.kind === "customer"
      ? ctx.principal
      : null;
  const customer = resolved
    ? await ctx.db.customer.findUnique({ where: { id: resolved.customerId }, select: { id: true, email: true, firstName: true, lastName: true } })
    : null;
  if (!customer) {
    return { isValid: false, id: null, email: null, firstName: null, lastName: null, message: "The token is not valid." };
  }
  return { isValid: true, ...customer, message: "The token is valid." };
}

/** The storefront page a reset mail links to, carrying the token and the address it was issued for. */
export function resetPasswordUrl(baseUrl: string, token: string, email: string): string {
  const url = new URL("/account/reset-password", baseUrl);
  url.searchParams.set("token", token);
  url.searchParams.set("email", email);
  return url.toString();
}

/**
 * Mails a single-use reset link; the answer never reveals whether the email belongs to an account. The link is
 * written to the outbox sealed and its token made when the mail is sent (lib/mail/sealed.ts): until then the reset
 * holds the hash of a secret no one knows. Only a token's SHA-256 is ever stored. A new link ends the account's
 * earlier ones, so only the latest mail works.
 */
export async function forgotPassword(ctx: RequestContext, input: { email: string }) {
  await spendAttempt("forgotPassword", input.email, ctx.ip);
  const customer = await ctx.db.customer.findUnique({ where: { email: input.email }, select: { id: true, email: true, firstName: true } });
  if (customer) {
    const ttlMinutes = resetTtlMinutes();
    await ctx.db.$transaction(async (tx) => {
      await tx.passwordReset.deleteMany({ where: { email: customer.email } });
      const reset = await tx.passwordReset.create({
        data: { email: customer.email, tokenHash: sha256(randomSecret(32)), expiresAt: new Date(Date.now() + ttlMinutes * 60_000) },
      });
      const resetUrl = resetPasswordUrl(ctx.baseUrl, sealedResetToken(reset.id), customer.email);
      await enqueueMail(tx, "password_reset", customer.email, { firstName: customer.firstName, resetUrl, ttlMinutes }, ctx.locale);
    });
  }
  return { success: true, message: "If an account exists for this email, a reset link has been sent." };
}

export interface PasswordResetInput {
  token: string;
  email: string;
  password: string;
  passwordConfirmation?: string;
  confirmPassword?: string;
}

/**
 * Sets a new password with a token from a reset mail. The token works once, for its own address, until it expires;
 * using it ends every token of the account (whoever knew the old password is signed out) and every other reset link.
 */
export async function resetPassword(ctx: RequestContext, input: PasswordResetInput) {
  await spendAttempt("resetPassword", input.email, ctx.ip);
  assertConfirmed(input, "passwordConfirmation");
  const invalid = () => new BadRequest("This password reset link is invalid or has expired. Ask for a new one.", "invalid_reset_token");
  const tokenHash = sha256(input.token);
  const reset = await ctx.db.passwordReset.findUnique({ where: { tokenHash } });
  if (!reset || reset.email !== input.email || reset.expiresAt <= new Date()) throw invalid();
  // Judged once the link is known good, so a weak password leaves the link usable for a better one.
  const owner = await ctx.db.customer.findUnique({ where: { email: reset.email }, select: { firstName: true, lastName: true } });
  if (!owner) throw invalid();
  await assertPasswordRule("password", input.password, personalWords(reset.email, owner.firstName, owner.lastName, `${owner.firstName} ${owner.lastName}`));
  const passwordHash = await bcrypt.hash(input.password, BCRYPT_COST);
  await ctx.db.$transaction(async (tx) => {
    // Claiming the row is what makes the token single-use: of two racing resets, one deletes it, the other finds none.
    const claimed = await tx.passwordReset.deleteMany({ where: { id: reset.id } });
    if (claimed.count === 0) throw invalid();
    const customer = await tx.customer.findUnique({ where: { email: reset.email }, select: { id: true } });
    if (!customer) throw invalid();
    await tx.passwordReset.deleteMany({ where: { email: reset.email } });
    const row = await tx.customer.update({ where: { id: customer.id }, data: { passwordHash }, select: { email: true, updatedAt: true } });
    await tx.customerToken.deleteMany({ where: { customerId: customer.id } });
    await recordEvent(tx, "customer.updated", { id: customer.id, email: row.email, changed: ["password"], updatedAt: row.updatedAt });
  });
  return { success: true, message: "Your password has been reset. Sign in with the new password." };
}
