// The customer's address book. Street lines are stored joined with "\n"; `address1`/`address2` and the
// spec's `address` (a string or an array of lines) are two spellings of them. One address at most is the default.
import type { RequestContext } from "../context.ts";
import { customerId } from "../context.ts";
import type { Tx } from "../db/client.ts";
import type { Page, Paging } from "../operations/define.ts";
import { NotFound, Validation } from "../errors.ts";

export interface AddressFields {
  firstName?: string;
  lastName?: string;
  companyName?: string;
  vatId?: string;
  email?: string;
  phone?: string;
  address?: string | string[];
  address1?: string;
  address2?: string;
  country?: string;
  state?: string;
  city?: string;
  postcode?: string;
  defaultAddress?: boolean;
  useForShipping?: boolean;
}

export type AddressRecord = NonNullable<Awaited<ReturnType<RequestContext["db"]["customerAddress"]["findFirst"]>>>;

export function toAddress(a: AddressRecord) {
  const [address1 = "", ...rest] = a.address.split("\n");
  return {
    id: a.id,
    customerId: a.customerId,
    firstName: a.firstName,
    lastName: a.lastName,
    companyName: a.companyName,
    vatId: a.vatId,
    email: a.email,
    phone: a.phone,
    address: a.address,
    address1,
    address2: rest.length ? rest.join("\n") : null,
    country: a.country,
    state: a.state,
    city: a.city,
    postcode: a.postcode,
    defaultAddress: a.defaultAddress,
    useForShipping: a.useForShipping,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    addressId: a.id,
    addressType: "customer",
    name: `${a.firstName} ${a.lastName}`,
    additional: null,
  };
}

const MAX_LINES = 4;

/** The street lines the input gives, or undefined when it names none. */
function streetLines(input: AddressFields): string[] | undefined {
  let lines: string[] | undefined;
  if (input.address1 !== undefined) lines = [input.address1, ...(input.address2 ? input.address2.split("\n") : [])];
  else if (Array.isArray(input.address)) lines = input.address;
  else if (input.address !== undefined) lines = [...input.address.split("\n"), ...(input.address2 ? input.address2.split("\n") : [])];
  if (lines === undefined) return undefined;
  lines = lines.map((l) => l.trim()).filter(Boolean);
  if (!lines.length) throw Validation.field("address1", "The street address is required.");
  if (lines.length > MAX_LINES) throw Validation.field("address", `An address has at most ${MAX_LINES} street lines.`);
  return lines;
}

/** The country must be one the store knows; where it lists states, the state must be one of them (code or name). */
async function checkRegion(ctx: RequestContext, country: string, state: string | null | undefined): Promise<string | null> {
  const row = await ctx.db.country.findUnique({ where: { code: country }, include: { states: true } });
  if (!row) throw Validation.field("country", `"${country}" is not a country of this store.`);
  if (!row.states.length) return state ?? null;
  if (!state) throw Validation.field("state", `A state is required for ${row.name}.`);
  const wanted = state.toLowerCase();
  const match = row.states.find((s) => s.code.toLowerCase() === wanted || s.name.toLowerCase() === wanted);
  if (!match) throw Validation.field("state", `"${state}" is not a state of ${row.name}.`);
  return match.code;
}

export async function listAddresses(ctx: RequestContext, _input: unknown, paging: Paging): Promise<Page<ReturnType<typeof toAddress>>> {
  const where = { customerId: customerId(ctx) };
  const [total, rows] = await Promise.all([
    ctx.db.customerAddress.count({ where }),
    ctx.db.customerAddress.findMany({ where, orderBy: [{ defaultAddress: "desc" }, { id: "asc" }], skip: paging.offset, take: paging.limit }),
  ]);
  return { total, items: rows.map(toAddress) };
}

async function ownAddress(ctx: RequestContext, id: number) {
  const address = await ctx.db.customerAddress.findFirst({ where: { id, customerId: customerId(ctx) } });
  if (!address) throw new NotFound("Address");
  return address;
}

/** One of the caller's addresses; another customer's answers exactly like a missing one. */
export async function addressOf(ctx: RequestContext, id: number) {
  return toAddress(await ownAddress(ctx, id));
}

async function clearOtherDefaults(tx: Tx, owner: number, keep: number) {
  await tx.customerAddress.updateMany({ where: { customerId: owner, defaultAddress: true, id: { not: keep } }, data: { defaultAddress: false } });
}

const REQUIRED = ["firstName", "lastName", "country", "city", "postcode"] as const;

/** A new address; the customer's first address becomes the default. */
export async function createAddress(ctx: RequestContext, input: AddressFields) {
  return createAddressFor(ctx, customerId(ctx), input);
}

/** A new address in a given customer's book (the Admin API names the customer; the shop, the signed-in one). */
export async function createAddressFor(ctx: RequestContext, owner: number, input: AddressFields) {
  for (const f of REQUIRED) if (!input[f]) throw Validation.field(f, `${f} is required.`);
  const lines = streetLines(input);
  if (!lines) throw Validation.field("address1", "The street address is required.");
  const state = await checkRegion(ctx, input.country!, input.state);
  const created = await ctx.db.$transaction(async (tx) => {
    const isFirst = (await tx.customerAddress.count({ where: { customerId: owner } })) === 0;
    const row = await tx.customerAddress.create({
      data: {
        customerId: owner,
        firstName: input.firstName!,
        lastName: input.lastName!,
        companyName: input.companyName ?? null,
        vatId: input.vatId ?? null,
        email: input.email ?? null,
        phone: input.phone ?? null,
        address: lines.join("\n"),
        country: input.country!,
        state,
        city: input.city!,
        postcode: input.postcode!,
        defaultAddress: input.defaultAddress ?? isFirst,
        useForShipping: input.useForShipping ?? false,
      },
    });
    if (row.defaultAddress) await clearOtherDefaults(tx, owner, row.id);
    return row;
  });
  return toAddress(created);
}

export async function updateAddress(ctx: RequestContext, input: AddressFields & { id: number }) {
  return updateAddressRecord(ctx, await ownAddress(ctx, input.id), input);
}

export async function updateAddressRecord(ctx: RequestContext, current: AddressRecord, input: AddressFields) {
  const lines = streetLines(input);
  const country = input.country ?? current.country;
  const state = input.country !== undefined || input.state !== undefined
    ? await checkRegion(ctx, country, input.state ?? (input.country === undefined ? current.state : undefined))
    : current.state;
  const updated = await ctx.db.$transaction(async (tx) => {
    const row = await tx.customerAddress.update({
      where: { id: current.id },
      data: {
        firstName: input.firstName,
        lastName: input.lastName,
        companyName: input.companyName,
        vatId: input.vatId,
        email: input.email,
        phone: input.phone,
        address: lines?.join("\n"),
        country,
        state,
        city: input.city,
        postcode: input.postcode,
        defaultAddress: input.defaultAddress,
        useForShipping: input.useForShipping,
      },
    });
    if (input.defaultAddress) await clearOtherDefaults(tx, row.customerId, row.id);
    return row;
  });
  return toAddress(updated);
}

/** Deleting the default address makes the newest remaining one the default. */
export async function deleteAddress(ctx: RequestContext, input: { id: number }) {
  return deleteAddressRecord(ctx, await ownAddress(ctx, input.id));
}

export async function deleteAddressRecord(ctx: RequestContext, address: AddressRecord) {
  await ctx.db.$transaction(async (tx) => {
    await tx.customerAddress.delete({ where: { id: address.id } });
    if (!address.defaultAddress) return;
    const next = await tx.customerAddress.findFirst({ where: { customerId: address.customerId }, orderBy: { id: "desc" } });
    if (next) await tx.customerAddress.update({ where: { id: next.id }, data: { defaultAddress: true } });
  });
  return { id: address.id, success: true, message: "Address deleted." };
}
