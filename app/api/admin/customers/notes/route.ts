import { rest } from "@/lib/http/rest";
import { customerNotes } from "@/lib/admin/customers/notes";
export const GET = rest(customerNotes.list);
export const POST = rest(customerNotes.create);
export * from "@/lib/http/unrouted";
