// Marketing operations of the Admin API.
import type { AnyOperation } from "../../operations/define.ts";
import { coupons } from "./coupons.ts";
import { urlRedirects } from "./url-redirects.ts";
import { exportAdminNewsletterSubscribers, newsletterSubscribers } from "./newsletter-subscribers.ts";

export const marketingOperations: AnyOperation[] = [...coupons.operations, ...urlRedirects.operations, ...newsletterSubscribers.operations, exportAdminNewsletterSubscribers];
