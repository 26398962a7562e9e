"use client";
// The shopper's cart: read with the shopper's bearer, created on the first add for a guest.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useShop } from "./client";
import type { Cart } from "./types";

export const cartKey = (bearer: string | null) => ["cart", bearer];

export function useCart() {
  const shop = useShop();
  const bearer = shop.customerToken ?? shop.cartToken;
  return useQuery({
    queryKey: cartKey(bearer),
    queryFn: () => (bearer ? shop.call<Cart>("cart", { method: "POST", body: {} }) : Promise.resolve(null)),
    enabled: shop.ready,
  });
}

/** Runs a cart write and puts the cart it answers into the cache. */
export function useCartWrite<I>(path: string, method: "POST" | "PUT" = "POST") {
  const shop = useShop();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: I) => {
      let bearer = shop.customerToken ?? shop.cartToken;
      if (!bearer) {
        const created = await shop.call<{ cartToken: string }>("cart-tokens", { method: "POST", body: {}, bearer: "none" });
        bearer = created.cartToken;
        shop.setCartToken(bearer);
      }
      const cart = await shop.call<Cart>(path, { method, body: input, bearer });
      return { cart, bearer };
    },
    onSuccess: ({ cart, bearer }) => {
      client.setQueryData(cartKey(bearer), cart);
    },
  });
}
