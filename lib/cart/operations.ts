// Cart operations of the Shop API.
import { z } from "zod";
import { operation } from "../operations/define.ts";
import { createCartToken as openCart } from "./carts.ts";

export const createCartToken = operation({
  name: "createCartToken",
  surface: "shop",
  kind: "mutation",
  summary: "Open a guest cart and return its `cartToken`, the guest's bearer for cart and checkout calls. With a customer bearer, returns the customer's cart (no token).",
  access: "public",
  input: z.object({}),
  output: z
    .object({ id: z.int(), cartToken: z.string().nullable(), isGuest: z.boolean(), success: z.boolean(), message: z.string() })
    .meta({ id: "CartToken" }),
  rest: { method: "POST", paths: ["/api/shop/cart-tokens"], status: 201 },
  run: (ctx) => openCart(ctx),
});
