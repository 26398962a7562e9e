// Optional text as the Admin API's inputs take it: pure zod and nothing else, so that the admin panel's forms check
// with the same schemas the operations parse with, and every form may import it without carrying more to the
// browser. Store HTML, which is cleaned on the way in, has its own module (./html-input.ts).
import { z } from "zod";

/** Optional text that may be cleared with null or "". */
export const nullableText = (max = 255) =>
  z.preprocess((v) => (v === "" ? null : v), z.string().trim().max(max).nullable()).optional();
