// Registration, login, logout, token verification and the forgotten-password request.
import bcrypt from "bcryptjs";
import type { RequestContext } from "../context.ts";
import { customerId } from "../context.ts";
import { Unauthenticated, Validation } from "../errors.ts";
import { randomSecret, sha256 } from "../auth/secrets.ts";
import { issueCustomerToken, resolveCustomerToken, revokeCustomerToken } from "./tokens.ts";
import { toCustomer } from "./shapes.ts";
import { subscribe } from "../newsletter/subscriptions.ts";
import { resolveCartToken } from "../cart/token.ts";
import { customerCart } from "../cart/carts.ts";
import { mergeInto } from "../cart/items.ts";
import { spendAttempt } from "../rate-limit/attempts.ts";

export const BCRYPT_COST = Number(process.env.BCRYPT_COST ?? 10);

let decoy: Promise<string> | null = null;
/**
 * A hash of no one's password at the real BCRYPT_COST, compared against when an email is unknown (customer login,
 * panel sign-in) so that a wrong email takes as long as a wrong password. Made once, on first use.
 */
export function decoyHash(): Promise<string> {
  return (decoy ??= bcrypt.hash(randomSecret(16), BCRYPT_COST));
}
const RESET_LIFETIME_MS = 60 * 60 * 1000;

export interface Registration {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  phone?: string;
  gender?: string;
  dateOfBirth?: string;
  subscribedToNewsLetter?: boolean;
}

export async function register(ctx: RequestContext, input: Registration) {
  await spendAttempt("register", input.email, ctx.ip);
  if (input.password !== input.confirmPassword) {
    throw Validation.field("confirmPassword", "The password confirmation does not match.");
  }
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
        isVerified: true,
      },
    });
    const token = await issueCustomerToken(tx, customer.id);
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
  return { id: customer.id, _id: customer.id, token, apiToken: customer.apiToken, message, success: true };
}

/** A guest cart held before logging in (the bearer of the login call, or `cartToken`) joins the account's cart. */
async function adoptGuestCart(ctx: RequestContext, customerId: number, cartToken?: string): Promise<boolean> {
  const guest = ctx.principal.kind === "guestCart"
    ? { cartId: ctx.principal.cartId, isActive: true }
    : cartToken ? await resolveCartToken(ctx.db, cartToken) : null;
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

/** Records a reset request; the answer never reveals whether the email belongs to an account. */
export async function forgotPassword(ctx: RequestContext, input: { email: string }) {
  await spendAttempt("forgotPassword", input.email, ctx.ip);
  const customer = await ctx.db.customer.findUnique({ where: { email: input.email }, select: { id: true } });
  if (customer) {
    await ctx.db.passwordReset.create({
      data: { email: input.email, tokenHash: sha256(randomSecret(32)), expiresAt: new Date(Date.now() + RESET_LIFETIME_MS) },
    });
  }
  return { success: true, message: "If an account exists for this email, a reset link has been sent." };
}
