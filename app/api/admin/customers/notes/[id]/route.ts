import { rest } from "@/lib/http/rest";
import { customerNotes } from "@/lib/admin/customers/notes";
export const GET = rest(customerNotes.get);
export const DELETE = rest(customerNotes.remove);
export * from "@/lib/http/unrouted";
