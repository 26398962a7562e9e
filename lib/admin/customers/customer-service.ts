// Customers from the back office: the database work behind ./customers.ts. A password given here replaces the
// customer's password and signs out all their tokens. Each write records its change event in its transaction. An
// external id is unique among customers, as the email is; metadata is set on create and merge-patched on update.
import bcrypt from "bcryptjs";
import type { RequestContext } from "../../context.ts";
import { Validation } from "../../errors.ts";
import { randomSecret } from "../../auth/secrets.ts";
import { BCRYPT_COST } from "../../customers/account.ts";
import { assertPasswordRule, personalWords } from "../../auth/password-rule.ts";
import { recordEvent } from "../../events/record.ts";
import { changedFields } from "../../events/payloads.ts";
import { patchedMetadata, type Metadata } from "../external.ts";

export interface CustomerFields {
  firstName: string;
  lastName: string;
  email: string;
  password?: string;
  phone?: string | null;
  gender?: "Male" | "Female" | "Other" | null;
  dateOfBirth?: string | null;
  status?: number;
  isVerified?: boolean;
  isSuspended?: boolean;
  customerGroupId?: number | null;
  channelId?: number | null;
  externalId?: string | null;
  metadata?: Metadata;
}
/** An update: any fields; `metadata` a merge patch (a key set to null is removed, null removes every key). */
type Input = Partial<Omit<CustomerFields, "metadata">> & { metadata?: Record<string, string | null> | null };

async function check(ctx: RequestContext, input: Input, selfId?: number) {
  if (input.password) {
    const self = selfId === undefined ? null : await ctx.db.customer.findUnique({ where: { id: selfId }, select: { email: true, firstName: true, lastName: true } });
    const firstName = input.firstName ?? self?.firstName;
    const lastName = input.lastName ?? self?.lastName;
    await assertPasswordRule("password", input.password, personalWords(input.email, self?.email, firstName, lastName, `${firstName ?? ""} ${lastName ?? ""}`));
  }
  if (input.email) {
    const other = await ctx.db.customer.findUnique({ where: { email: input.email }, select: { id: true } });
    if (other && other.id !== selfId) throw Validation.field("email", "A customer with this email already exists.");
  }
  if (input.externalId) {
    const other = await ctx.db.customer.findUnique({ where: { externalId: input.externalId }, select: { id: true } });
    if (other && other.id !== selfId) throw Validation.field("externalId", "A customer with this external id already exists.");
  }
  if (input.customerGroupId && !(await ctx.db.customerGroup.count({ where: { id: input.customerGroupId } }))) throw Validation.field("customerGroupId", "There is no such customer group.");
  if (input.channelId && !(await ctx.db.channel.count({ where: { id: input.channelId } }))) throw Validation.field("channelId", "There is no such channel.");
}

/** The columns to write, less `metadata`, which create stores as given and update patches onto what is stored. */
async function data(input: Input) {
  const { password, metadata: _metadata, ...rest } = input;
  return { ...rest, ...(password ? { passwordHash: await bcrypt.hash(password, BCRYPT_COST) } : {}) };
}

/** Without a password the account can only be entered after a password reset. */
export async function createCustomer(ctx: RequestContext, input: CustomerFields): Promise<number> {
  await check(ctx, input);
  const fields = {
    ...(await data(input)),
    ...(input.metadata ? { metadata: input.metadata } : {}),
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    passwordHash: await bcrypt.hash(input.password ?? randomSecret(24), BCRYPT_COST),
    apiToken: randomSecret(40),
    channelId: input.channelId ?? ctx.channel.id,
  };
  return ctx.db.$transaction(async (tx) => {
    const row = await tx.customer.create({ data: fields });
    await recordEvent(tx, "customer.created", { id: row.id, email: row.email, changed: changedFields(input), updatedAt: row.updatedAt });
    return row.id;
  });
}

export async function updateCustomer(ctx: RequestContext, id: number, input: Input): Promise<void> {
  await check(ctx, input, id);
  const fields = await data(input);
  await ctx.db.$transaction(async (tx) => {
    // Patched in the transaction, onto the metadata it reads, so two patches of different keys both land.
    const stored = input.metadata === undefined ? null : await tx.customer.findUniqueOrThrow({ where: { id }, select: { metadata: true } });
    const metadata = patchedMetadata(stored?.metadata, input.metadata);
    const row = await tx.customer.update({ where: { id }, data: { ...fields, ...(metadata ? { metadata } : {}) }, select: { email: true, updatedAt: true } });
    // Whoever held the old password (or a token got with it) is out: the reset is usually why it is set.
    if (input.password) await tx.customerToken.deleteMany({ where: { customerId: id } });
    await recordEvent(tx, "customer.updated", { id, email: row.email, changed: changedFields(input), updatedAt: row.updatedAt });
  });
}

/** Deletes a customer (a record still referenced answers 409); the `customer.deleted` event is its tombstone. */
export async function deleteCustomer(ctx: RequestContext, id: number): Promise<void> {
  await ctx.db.$transaction(async (tx) => {
    await tx.customer.delete({ where: { id }, select: { id: true } });
    await recordEvent(tx, "customer.deleted", { id });
  });
}
