// What every order mail shows beside its own news: the lines (quantity, name, SKU, line total), the totals, both
// addresses, and the payment and shipping methods, as mail data (lib/mail/templates.ts lays them out per locale).
import type { OrderAddress } from "../generated/sqlite/client.ts";
import type { MailData } from "./templates.ts";

/** An address as the order keeps it, the parts a mail shows. */
export type SummaryAddress = Pick<OrderAddress, "addressType" | "firstName" | "lastName" | "companyName" | "address" | "city" | "state" | "postcode" | "country" | "phone">;

export interface SummaryOrder {
  lines: { name: string; sku: string; quantity: number; total: string }[];
  addresses: SummaryAddress[];
  paymentTitle: string | null;
  shippingTitle: string | null;
  /** Formatted amounts; a zero discount or tax is left out. */
  subTotal: string;
  shippingAmount: string | null;
  taxAmount: string | null;
  discountAmount: string | null;
  grandTotal: string;
}

const addressText = (a: SummaryAddress | undefined) =>
  a
    ? [`${a.firstName} ${a.lastName}`, a.companyName, a.address, `${a.postcode} ${a.city}${a.state ? `, ${a.state}` : ""}`, a.country, a.phone]
        .filter((part): part is string => !!part && part.trim() !== "")
        .join("\n")
    : null;

/** The summary as flat mail data: multi-line texts for the lines and addresses, one field per total. */
export function summaryData(o: SummaryOrder): MailData {
  const billing = o.addresses.find((a) => a.addressType.endsWith("billing"));
  const shipping = o.addresses.find((a) => a.addressType.endsWith("shipping")) ?? billing;
  return {
    lines: o.lines.map((l) => `${l.quantity} × ${l.name} (${l.sku}): ${l.total}`).join("\n"),
    subTotal: o.subTotal,
    shippingAmount: o.shippingAmount,
    taxAmount: o.taxAmount,
    discountAmount: o.discountAmount,
    grandTotal: o.grandTotal,
    billingAddress: addressText(billing),
    shippingAddress: addressText(shipping),
    paymentTitle: o.paymentTitle,
    shippingTitle: o.shippingTitle,
  };
}
