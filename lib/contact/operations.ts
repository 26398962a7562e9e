import { z } from "zod";
import { operation } from "../operations/define.ts";
import { email, text } from "../operations/fields.ts";
import { sendEnquiry } from "./messages.ts";

export const createContactUs = operation({
  name: "createContactUs",
  surface: "shop",
  kind: "mutation",
  summary: "Send an enquiry through the contact form (open write).",
  access: "public",
  input: z.object({
    name: text(100),
    email: email(),
    contact: z.string().trim().max(40).optional(),
    message: text(5000),
  }),
  output: z.object({ success: z.boolean(), message: z.string() }).meta({ id: "ContactUsResult" }),
  rest: { method: "POST", paths: ["/api/shop/contact-us"], status: 201 },
  graphql: { resource: "contactUs" },
  run: sendEnquiry,
});
