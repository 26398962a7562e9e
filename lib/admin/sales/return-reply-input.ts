// The store's reply in a return's thread, pure zod: the reply declaration (./returns.ts) parses with it and the
// panel's reply form checks with it.
import { z } from "zod";

export const ReturnReplyInput = z.object({ message: z.string().trim().min(1, { message: "is required" }).max(5000) });
