import { changePassword } from "@/lib/admin-session/routes";

export const POST = changePassword;
