// Checkout addresses: a flat billing*/shipping* input (a nested billing/shipping object is refused), saved on
// the cart; saving one resets the shipping and payment choices, which depend on it.
import { z } from "zod";
import type { RequestContext } from "../context.ts";
import { Validation } from "../errors.ts";
import { email } from "../operations/fields.ts";
import { recalculateState } from "../cart/totals.ts";
import { loadCart, type CartState } from "../cart/state.ts";
import { countryByCode } from "./reference.ts";
import { camelKeys } from "../wire/case.ts";
import { requireStep } from "./steps.ts";
import { cartTransaction } from "../db/sql/expressions.ts";
import { together } from "../db/sql/pipeline.ts";

const line = (max = 255) => z.string().trim().min(1, { message: "is required" }).max(max);
const optional = (max = 255) => z.string().trim().max(max).optional();
/** `address` may be one string or an array of lines. */
const street = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter(Boolean).join("\n")).pipe(z.string().min(1, { message: "is required" }).max(1000));

function side(prefix: "billing" | "shipping") {
  return {
    [`${prefix}FirstName`]: line(100).optional(),
    [`${prefix}LastName`]: line(100).optional(),
    [`${prefix}Email`]: email().optional(),
    [`${prefix}CompanyName`]: optional(),
    [`${prefix}Address`]: street.optional(),
    [`${prefix}Country`]: z.string().trim().regex(/^[A-Za-z]{2}$/, { message: "must be a two-letter country code" }).optional(),
    [`${prefix}State`]: optional(100),
    [`${prefix}City`]: line(100).optional(),
    [`${prefix}Postcode`]: line(20).optional(),
    [`${prefix}PhoneNumber`]: optional(40),
  };
}

const REQUIRED = ["FirstName", "LastName", "Address", "Country", "City", "Postcode"] as const;

// The fields are optional to zod because which are needed depends on `useForShipping` and on the caller (readSide
// checks them); the billing ones always are, and the documents say so (`required`, from the same list).
export const CheckoutAddressInput = z.object({
  ...side("billing"),
  ...side("shipping"),
  useForShipping: z.boolean().default(true),
  cartToken: z.string().trim().max(64).optional(),
}).meta({
  required: REQUIRED.map((f) => `billing${f}`),
  description: "The billing fields listed as required always are; `billingEmail` too for a guest; the shipping ones of the same names when `useForShipping` is false.",
});
export type CheckoutAddressInput = z.output<typeof CheckoutAddressInput>;

/** REST bodies: refuse the nested form before the flat schema sees it. */
export function flatAddressBody(raw: Record<string, unknown>): Record<string, unknown> {
  for (const nested of ["billing", "shipping"]) {
    if (nested in raw) throw Validation.field(nested, `Send the address as flat ${nested}* fields (e.g. ${nested}FirstName), not a nested "${nested}" object.`);
  }
  const out = camelKeys(raw);
  if (typeof out.useForShipping === "string") out.useForShipping = ["1", "true"].includes(out.useForShipping);
  return out;
}

async function readSide(ctx: RequestContext, input: Record<string, unknown>, prefix: "billing" | "shipping", guest: boolean) {
  const errors: Record<string, string[]> = {};
  for (const f of REQUIRED) if (!input[prefix + f]) errors[prefix + f] = ["is required"];
  if (guest && prefix === "billing" && !input.billingEmail) errors.billingEmail = ["is required for a guest checkout"];
  if (Object.keys(errors).length) {
    const [field, [message]] = Object.entries(errors)[0];
    throw new Validation(`${field}: ${message}`, errors);
  }
  const country = String(input[`${prefix}Country`]).toUpperCase();
  const known = await countryByCode(ctx.sql, country);
  if (!known) throw Validation.field(`${prefix}Country`, `"${country}" is not a country this store ships to.`);
  const state = (input[`${prefix}State`] as string | undefined) || null;
  if (state && known.states.length && !known.states.some((s) => s.code === state || s.name === state)) {
    throw Validation.field(`${prefix}State`, `"${state}" is not a state of ${known.name}.`);
  }
  return {
    firstName: input[`${prefix}FirstName`] as string,
    lastName: input[`${prefix}LastName`] as string,
    email: (input[`${prefix}Email`] as string | undefined) ?? (input.billingEmail as string | undefined) ?? null,
    companyName: (input[`${prefix}CompanyName`] as string | undefined) || null,
    phone: (input[`${prefix}PhoneNumber`] as string | undefined) || null,
    address: input[`${prefix}Address`] as string,
    country,
    state,
    city: input[`${prefix}City`] as string,
    postcode: input[`${prefix}Postcode`] as string,
  };
}

/** Saves the addresses and resets the shipping and payment choices; returns the cart as written. */
export async function saveAddresses(ctx: RequestContext, cartId: number, input: CheckoutAddressInput): Promise<CartState> {
  const guest = ctx.principal.kind !== "customer";
  const billing = await readSide(ctx, input, "billing", guest);
  const shipping = input.useForShipping ? billing : await readSide(ctx, input, "shipping", false);
  const customer = ctx.principal.kind === "customer"
    ? await ctx.sql.selectFrom("Customer").select("email").where("id", "=", ctx.principal.customerId).executeTakeFirst()
    : null;
  return cartTransaction(ctx.sql, async (tx) => {
    const state = await loadCart(tx, ctx, cartId);
    requireStep(state, "address");
    const upsert = (addressType: "billing" | "shipping", a: typeof billing) => {
      const data = { ...a, email: a.email ?? customer?.email ?? null, useForShipping: input.useForShipping };
      return tx
        .insertInto("CartAddress")
        .values({ cartId, addressType, ...data })
        .onConflict((oc) => oc.columns(["cartId", "addressType"]).doUpdateSet(data))
        .returningAll();
    };
    // Both sent at once (lib/db/sql/pipeline.ts); each answers the one row it wrote.
    const saved = (await together(tx, [upsert("billing", billing), upsert("shipping", shipping)])).map(([row]) => row);
    return recalculateState(
      tx,
      ctx,
      { ...state, billing: saved[0], shipping: saved[1] },
      { shippingMethod: null, paymentMethod: null, paymentMethodTitle: null, customerEmail: billing.email ?? customer?.email ?? null },
      { customerFirstName: billing.firstName, customerLastName: billing.lastName },
    );
  });
}

/** Addresses a shopper can pick from: the customer's address book, then what this cart has saved. */
export async function checkoutAddresses(ctx: RequestContext, cartId: number) {
  const [book, saved] = await Promise.all([
    ctx.principal.kind === "customer"
      ? ctx.sql.selectFrom("CustomerAddress").selectAll().where("customerId", "=", ctx.principal.customerId).orderBy("id", "asc").execute()
      : Promise.resolve([]),
    ctx.sql.selectFrom("CartAddress").selectAll().where("cartId", "=", cartId).orderBy("id", "asc").execute(),
  ]);
  // The family's further fields: `name`, and what these rows do not keep (`gender`, `parentAddressId`, `additional`).
  const family = (a: { firstName: string; lastName: string }) => ({ name: `${a.firstName} ${a.lastName}`, gender: null, parentAddressId: null, additional: null });
  return [
    ...book.map((a) => ({ ...a, ...family(a), addressType: "customer", defaultAddress: a.defaultAddress })),
    ...saved.map((a) => ({ ...a, ...family(a), vatId: null, defaultAddress: false })),
  ];
}
