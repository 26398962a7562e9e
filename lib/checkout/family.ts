// The API family's checkout forms beside ours: the saved addresses echoed as flat billing*/shipping* fields, the
// one-address `setBillingAddress`, and `createOrder`, which takes addresses, shipping and payment in one call. Each
// maps onto the step functions (./addresses.ts, ./shipping-rates.ts, ./payment.ts, ./place-order.ts); none has
// checkout logic of its own.
import { z } from "zod";
import type { RequestContext } from "../context.ts";
import type { CartState } from "../cart/state.ts";
import { Forbidden } from "../errors.ts";
import { toNumber } from "../money.ts";
import { saveAddresses, type CheckoutAddressInput } from "./addresses.ts";
import { chooseShippingMethod } from "./shipping-rates.ts";
import { choosePayment } from "./payment.ts";
import { checkoutOrder } from "./place-order.ts";

const SIDE = ["FirstName", "LastName", "Email", "CompanyName", "Address", "Country", "State", "City", "Postcode", "PhoneNumber"] as const;

/** `billingFirstName`… `shippingPhoneNumber`: what the cart saved, as the family's address step echoes it. */
type FlatKey = `${"billing" | "shipping"}${(typeof SIDE)[number]}`;
export const FlatAddresses = z.object(
  Object.fromEntries((["billing", "shipping"] as const).flatMap((side) => SIDE.map((f) => [side + f, z.string().nullable()]))) as Record<FlatKey, z.ZodNullable<z.ZodString>>,
);

export function flatAddresses(state: Pick<CartState, "billing" | "shipping">): Record<FlatKey, string | null> {
  const pick = (a: CartState["billing"], f: (typeof SIDE)[number]) => {
    if (!a) return null;
    const v = { FirstName: a.firstName, LastName: a.lastName, Email: a.email, CompanyName: a.companyName, Address: a.address, Country: a.country, State: a.state, City: a.city, Postcode: a.postcode, PhoneNumber: a.phone }[f];
    return v ?? null;
  };
  return Object.fromEntries((["billing", "shipping"] as const).flatMap((side) => SIDE.map((f) => [side + f, pick(side === "billing" ? state.billing : state.shipping, f)]))) as Record<FlatKey, string | null>;
}

/** The family's address object (`zipCode` or `postalCode` for our `postcode`). */
export interface FamilyAddress {
  firstName: string;
  lastName: string;
  email?: string;
  companyName?: string;
  address: string | string[];
  city: string;
  state?: string;
  country: string;
  zipCode?: string;
  postalCode?: string;
  postcode?: string;
  phone?: string;
}

function side(prefix: "billing" | "shipping", a: FamilyAddress): Record<string, unknown> {
  return {
    [`${prefix}FirstName`]: a.firstName,
    [`${prefix}LastName`]: a.lastName,
    [`${prefix}Email`]: a.email,
    [`${prefix}CompanyName`]: a.companyName,
    [`${prefix}Address`]: Array.isArray(a.address) ? a.address.join("\n") : a.address,
    [`${prefix}City`]: a.city,
    [`${prefix}State`]: a.state,
    [`${prefix}Country`]: a.country,
    [`${prefix}Postcode`]: a.postcode ?? a.zipCode ?? a.postalCode,
    [`${prefix}PhoneNumber`]: a.phone,
  };
}

/** Our flat address step's input from the family's billing (and shipping) objects. */
export function familyAddressInput(billing: FamilyAddress, shipping: FamilyAddress | null, cartToken: string | undefined): CheckoutAddressInput {
  return { ...side("billing", billing), ...(shipping ? side("shipping", shipping) : {}), useForShipping: !shipping, cartToken };
}

/**
 * Billing only: the shipping address the cart already has is kept (`sameAsShippingAddress: false`); with none saved
 * yet, the billing address serves for both until a shipping address is set.
 */
export async function keepingSavedShipping(ctx: RequestContext, cartId: number, input: CheckoutAddressInput): Promise<CheckoutAddressInput> {
  const a = await ctx.sql.selectFrom("CartAddress").selectAll().where("cartId", "=", cartId).where("addressType", "=", "shipping").executeTakeFirst();
  if (!a || a.useForShipping) return input;
  const saved = { ...a, email: a.email ?? undefined, companyName: a.companyName ?? undefined, state: a.state ?? undefined, phone: a.phone ?? undefined };
  return { ...input, ...side("shipping", saved), useForShipping: false };
}

/** The family sends the customer's id beside the address; it must be the caller's own. */
export function requireOwnCustomer(ctx: RequestContext, customerId: string | number | undefined): void {
  if (customerId === undefined || customerId === "") return;
  if (ctx.principal.kind !== "customer" || String(ctx.principal.customerId) !== String(customerId)) {
    throw new Forbidden("customerId does not name the signed-in customer.");
  }
}

export interface OneStepOrder {
  addresses: CheckoutAddressInput;
  shippingMethod?: string;
  paymentMethod: string;
}

/**
 * Addresses, shipping, payment and place-order in one call, step by step as the separate calls would take them. An
 * offsite gateway answers its `redirectUrl` and no order, as `createCheckoutOrder` does.
 */
export async function placeOrderInOneStep(ctx: RequestContext, cartId: number, input: OneStepOrder) {
  await saveAddresses(ctx, cartId, input.addresses);
  // A cart with nothing to ship takes no shipping method; one that ships is refused at the payment step without it.
  if (input.shippingMethod) await chooseShippingMethod(ctx, cartId, input.shippingMethod);
  await choosePayment(ctx, cartId, { paymentMethod: input.paymentMethod });
  const placed = await checkoutOrder(ctx, cartId);
  if ("redirectUrl" in placed) return { order: null, redirectUrl: placed.redirectUrl };
  const orderId = placed.order.id;
  // The order and its top-level lines, read side by side once the transaction has committed.
  const [order, items] = await Promise.all([
    ctx.sql.selectFrom("Order").select(["id", "incrementId", "status", "grandTotal"]).where("id", "=", orderId).executeTakeFirstOrThrow(),
    ctx.sql.selectFrom("OrderItem").select(["id", "name", "qtyOrdered", "price"]).where("orderId", "=", orderId).where("parentId", "is", null).orderBy("id", "asc").execute(),
  ]);
  return {
    redirectUrl: null,
    order: {
      id: order.id,
      orderNumber: order.incrementId,
      status: order.status,
      total: toNumber(order.grandTotal),
      items: items.map((i) => ({ id: i.id, productName: i.name, quantity: i.qtyOrdered, price: toNumber(i.price) })),
    },
  };
}
