"use client";
// What the customer screens share: their query keys, the customer groups, and how a customer and an amount read.
import { useQuery } from "@tanstack/react-query";
import { adminApi, ok, type Schemas } from "../client";

export type Customer = Schemas["AdminCustomer"];
export type CustomerGroup = Schemas["AdminCustomerGroup"];

export const customersKey = ["customers"];
export const customerKey = (id: number) => ["customers", id];
export const addressesKey = (customerId: number) => ["customers", customerId, "addresses"];
export const notesKey = (customerId: number) => ["customers", customerId, "notes"];
export const privacyKey = ["gdpr-requests"];

export const CUSTOMERS = "/admin/customers";
export const PRIVACY = "/admin/customers/privacy";

/** Every customer group (a store has a handful), for filters and the group picker. */
export function useGroups() {
  return useQuery({
    queryKey: ["customers", "groups"],
    queryFn: () => ok(adminApi.GET("/api/admin/customers/groups", { params: { query: { per_page: 50, sort: "name" } } })),
    staleTime: 60_000,
  });
}

export const fullName = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`.trim();

/** An amount as the API gives it, in the currency the record names. */
export const money = (amount: number, currency: string) => new Intl.NumberFormat(undefined, { style: "currency", currency }).format(amount);
