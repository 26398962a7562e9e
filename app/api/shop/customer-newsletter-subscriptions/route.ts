import { rest } from "@/lib/http/rest";
import { createCustomerNewsletterSubscription, customerNewsletterSubscription, deleteCustomerNewsletterSubscription } from "@/lib/profile/operations";
export const GET = rest(customerNewsletterSubscription);
export const POST = rest(createCustomerNewsletterSubscription);
export const DELETE = rest(deleteCustomerNewsletterSubscription);
export * from "@/lib/http/unrouted";
