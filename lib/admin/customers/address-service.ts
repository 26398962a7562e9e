// A customer's address book from the back office: the database work behind ./addresses.ts, on the shop's own
// address rules (lib/addresses/).
import type { z } from "zod";
import type { RequestContext } from "../../context.ts";
import { Validation } from "../../errors.ts";
import type { AddressInput } from "../../addresses/shapes.ts";
import { createAddressFor, deleteAddressRecord, updateAddressRecord } from "../../addresses/addresses.ts";

type Fields = z.output<typeof AddressInput>;

export async function createCustomerAddress(ctx: RequestContext, { customerId, ...input }: Fields & { customerId: number }): Promise<number> {
  if (!(await ctx.db.customer.count({ where: { id: customerId } }))) throw Validation.field("customerId", `There is no customer ${customerId}.`);
  return (await createAddressFor(ctx, customerId, input)).id;
}

export async function updateCustomerAddress(ctx: RequestContext, id: number, input: Fields): Promise<void> {
  await updateAddressRecord(ctx, await ctx.db.customerAddress.findUniqueOrThrow({ where: { id } }), input);
}

export async function deleteCustomerAddress(ctx: RequestContext, id: number): Promise<void> {
  await deleteAddressRecord(ctx, await ctx.db.customerAddress.findUniqueOrThrow({ where: { id } }));
}
