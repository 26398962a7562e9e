// The signed-in customer's own profile: read, update (a new password or email needs the current password) and delete.
import bcrypt from "bcryptjs";
import { assertConfirmed } from "../customers/confirmation.ts";
import type { RequestContext } from "../context.ts";
import { customerId } from "../context.ts";
import { Forbidden, NotFound, Validation } from "../errors.ts";
import { BCRYPT_COST } from "../customers/account.ts";
import { setNewsletter } from "./newsletter.ts";
import { spendAttempt } from "../rate-limit/attempts.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { assertPasswordRule, personalWords } from "../auth/password-rule.ts";
import { recordEvent } from "../events/record.ts";
import { changedFields } from "../events/payloads.ts";

type CustomerRecord = NonNullable<Awaited<ReturnType<RequestContext["db"]["customer"]["findUnique"]>>>;

export function toProfile(c: CustomerRecord, message: string) {
  return {
    id: c.id,
    _id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone,
    gender: c.gender,
    dateOfBirth: c.dateOfBirth,
    status: c.status,
    subscribedToNewsLetter: c.subscribedToNewsletter,
    isVerified: c.isVerified,
    isSuspended: c.isSuspended,
    image: c.imagePath,
    success: true,
    message,
  };
}

async function ownCustomer(ctx: RequestContext) {
  const customer = await ctx.db.customer.findUnique({ where: { id: customerId(ctx) } });
  if (!customer) throw new NotFound("Customer");
  return customer;
}

/**
 * Checks the account's current password on the login attempt budget (lib/rate-limit/attempts.ts): a guess made
 * with a bearer token costs what a guess at the login does, and over the budget is 429 before any comparison.
 */
async function checkPassword(ctx: RequestContext, customer: CustomerRecord, password: string, wrong: () => Error): Promise<void> {
  const attempt = await spendAttempt("login", customer.email, ctx.ip);
  if (!(await bcrypt.compare(password, customer.passwordHash))) throw wrong();
  await attempt.succeeded();
}

export async function readProfile(ctx: RequestContext) {
  return toProfile(await ownCustomer(ctx), "Profile loaded.");
}

export interface ProfileUpdate {
  /** The path's id: must be the caller's own. */
  id?: number;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string | null;
  gender?: string | null;
  dateOfBirth?: string | null;
  subscribedToNewsLetter?: boolean;
  currentPassword?: string;
  password?: string;
  confirmPassword?: string;
  passwordConfirmation?: string;
}

export async function updateProfile(ctx: RequestContext, input: ProfileUpdate) {
  const customer = await ownCustomer(ctx);
  // Another customer's id answers as if it did not exist, like every other record of the account.
  if (input.id !== undefined && input.id !== customer.id) throw new NotFound("Customer");
  const newEmail = input.email !== undefined && input.email !== customer.email ? input.email : undefined;
  let passwordHash: string | undefined;
  if (input.password !== undefined) assertConfirmed({ ...input, password: input.password }, "confirmPassword");
  if (newEmail !== undefined || input.password !== undefined) {
    // The email decides where a reset link goes, so changing it is as much a takeover as changing the password:
    // both need the current password, and a stolen bearer may not guess it faster than a login could.
    if (!input.currentPassword) {
      throw Validation.field("currentPassword", newEmail !== undefined ? "Give your current password to change your email." : "Give your current password to set a new one.");
    }
    await checkPassword(ctx, customer, input.currentPassword, () =>
      newEmail !== undefined
        ? new Forbidden("The current password is not correct.", "invalid_password")
        : Validation.field("currentPassword", "The current password is not correct."),
    );
    if (input.password !== undefined) {
      const firstName = input.firstName ?? customer.firstName;
      const lastName = input.lastName ?? customer.lastName;
      const words = personalWords(customer.email, newEmail, firstName, lastName, `${firstName} ${lastName}`);
      await assertPasswordRule("password", input.password, words);
      passwordHash = await bcrypt.hash(input.password, BCRYPT_COST);
    }
  }
  if (newEmail !== undefined) {
    const taken = await ctx.db.customer.findUnique({ where: { email: newEmail }, select: { id: true } });
    if (taken) throw Validation.field("email", "This email is already registered.");
  }
  const updated = await ctx.db.$transaction(async (tx) => {
    const row = await tx.customer.update({
      where: { id: customer.id },
      data: {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        gender: input.gender,
        dateOfBirth: input.dateOfBirth,
        passwordHash,
      },
    });
    if (newEmail !== undefined) {
      // The old address hears of it, so an owner whose token was taken learns that the account is being taken too.
      await enqueueMail(tx, "email_changed", customer.email, { firstName: row.firstName, newEmail }, ctx.locale);
      // A reset link sent to the old address no longer belongs to this account.
      await tx.passwordReset.deleteMany({ where: { email: customer.email } });
    }
    // A new password signs every other session out; the token making this call stays valid.
    if (passwordHash && ctx.principal.kind === "customer") {
      await tx.customerToken.deleteMany({ where: { customerId: customer.id, id: { not: ctx.principal.tokenId } } });
    }
    // The newsletter switch is not written here: setNewsletter below records its own change when it makes one.
    const { firstName, lastName, email, phone, gender, dateOfBirth, password } = input;
    const changed = changedFields({ firstName, lastName, email, phone, gender, dateOfBirth, password });
    if (changed.length) await recordEvent(tx, "customer.updated", { id: row.id, email: row.email, changed, updatedAt: row.updatedAt });
    return row;
  });
  if (input.subscribedToNewsLetter !== undefined && input.subscribedToNewsLetter !== updated.subscribedToNewsletter) {
    await setNewsletter(ctx, updated, input.subscribedToNewsLetter);
    updated.subscribedToNewsletter = input.subscribedToNewsLetter;
  }
  return toProfile(updated, "Profile updated.");
}

/**
 * Deletes the account: its tokens, addresses, carts, wishlist, compare list and GDPR requests go with it; orders,
 * reviews, withdrawals and downloads stay for the shop's books with their customer reference cleared.
 */
export async function deleteProfile(ctx: RequestContext, input: { password?: string }) {
  const customer = await ownCustomer(ctx);
  if (!input.password) throw Validation.field("password", "Give your password to delete the account.");
  // A stolen bearer alone must not be able to erase the account. A wrong password is 403 (SPEC.md Errors: a
  // valid token not allowed to act), not 401, which would tell the client to renew a token that is fine.
  await checkPassword(ctx, customer, input.password, () => new Forbidden("The password is not correct.", "invalid_password"));
  await ctx.db.$transaction(async (tx) => {
    await tx.order.updateMany({ where: { customerId: customer.id }, data: { customerId: null } });
    await tx.newsletterSubscriber.deleteMany({ where: { OR: [{ customerId: customer.id }, { email: customer.email }] } });
    await tx.customerToken.deleteMany({ where: { customerId: customer.id } });
    await tx.customer.delete({ where: { id: customer.id } });
    await recordEvent(tx, "customer.deleted", { id: customer.id });
  });
  return { success: true, message: "Your account has been deleted." };
}
