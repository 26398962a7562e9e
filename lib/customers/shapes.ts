import { z } from "zod";

export const CustomerShape = z
  .object({
    id: z.int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    gender: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    status: z.int(),
    isVerified: z.boolean(),
    isSuspended: z.boolean(),
    subscribedToNewsLetter: z.boolean(),
    customerGroupId: z.int().nullable(),
    channelId: z.int().nullable(),
  })
  .meta({ id: "Customer", iri: "/api/shop/customers" });

type CustomerRecord = {
  id: number; firstName: string; lastName: string; email: string; phone: string | null; gender: string | null;
  dateOfBirth: string | null; status: number; isVerified: boolean; isSuspended: boolean;
  subscribedToNewsletter: boolean; customerGroupId: number | null; channelId: number | null;
};

export function toCustomer(c: CustomerRecord) {
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone,
    gender: c.gender,
    dateOfBirth: c.dateOfBirth,
    status: c.status,
    isVerified: c.isVerified,
    isSuspended: c.isSuspended,
    subscribedToNewsLetter: c.subscribedToNewsletter,
    customerGroupId: c.customerGroupId,
    channelId: c.channelId,
  };
}
