// The customer's wishlist on REST and GraphQL.
import { z } from "zod";
import { fromListArgs, listArgs, recordRef } from "../account/shapes.ts";
import { operation, SHOP_LIST } from "../operations/define.ts";
import { intParam, recordId } from "../operations/fields.ts";
import { ProductRow } from "../catalog/shapes.ts";
import { deletedShape } from "../wire/shapes.ts";
import { addToWishlist, clearWishlist, deleteWishlistEntry, listWishlist, moveToCart, toggleWishlist as toggle, wishlistEntry } from "./wishlist.ts";

const shopCustomer = { surface: "shop", access: "customer" } as const;

const IRI = "/api/shop/wishlists";

const WishlistItem = z
  .object({
    id: z.int(),
    productId: z.int(),
    channelId: z.int(),
    product: ProductRow.nullable(),
    customer: z.object({ id: z.int(), email: z.string(), firstName: z.string(), lastName: z.string() }).meta({ id: "WishlistCustomer", iri: "/api/shop/customers" }),
    channel: z
      .object({
        id: z.int(),
        code: z.string(),
        name: z.string(),
        /** The channel's texts in the request locale (else its stored name). */
        translation: z.object({ locale: z.string(), name: z.string() }).meta({ id: "WishlistChannelTranslation" }),
      })
      .meta({ id: "WishlistChannel", iri: "/api/shop/channels" }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "WishlistItem", iri: IRI });

/** `product_id` narrows the list to one product's entry. */
const ByProduct = z.object({ productId: intParam().optional() });

export const wishlists = operation({
  ...shopCustomer,
  name: "wishlists",
  kind: "query",
  summary: "The signed-in customer's wishlist in this channel, newest first, each with its product.",
  input: ByProduct,
  output: WishlistItem,
  list: SHOP_LIST,
  rest: { method: "GET", paths: [IRI] },
  graphql: { args: listArgs(ByProduct.shape), input: (a) => fromListArgs(a, {}) },
  run: listWishlist,
});

export const wishlist = operation({
  ...shopCustomer,
  name: "wishlist",
  kind: "query",
  summary: "One entry of the caller's wishlist.",
  input: z.object({ id: recordId() }),
  output: WishlistItem,
  rest: { method: "GET", paths: [`${IRI}/{id}`] },
  run: (ctx, { id }) => wishlistEntry(ctx, id),
});

export const toggleWishlist = operation({
  ...shopCustomer,
  name: "toggleWishlist",
  kind: "mutation",
  summary: "Add a product to the wishlist, or remove it when it is already there; `isWishlisted` and `message` say which.",
  input: z.object({ productId: recordId() }),
  output: WishlistItem.extend({ isWishlisted: z.boolean(), success: z.boolean(), message: z.string() }).meta({ id: "WishlistToggle", iri: IRI }),
  rest: { method: "POST", paths: [IRI], errors: [404] },
  run: toggle,
});

export const createWishlist = operation({
  ...shopCustomer,
  name: "createWishlist",
  kind: "mutation",
  summary: "Add a product to the caller's wishlist in this channel; a product already there is a 422.",
  input: z.object({ productId: recordId() }),
  output: WishlistItem,
  // GraphQL only: on REST, POST /api/shop/wishlists (toggleWishlist) adds a product.
  run: addToWishlist,
});

export const createDeleteAllWishlists = operation({
  ...shopCustomer,
  name: "createDeleteAllWishlists",
  kind: "mutation",
  summary: "Empty the caller's wishlist in this channel; `deletedCount` says how many entries went.",
  input: z.object({}),
  output: z.object({ message: z.string(), deletedCount: z.int() }).meta({ id: "DeleteAllWishlists" }),
  rest: { method: "POST", paths: ["/api/shop/delete-all-wishlists"] },
  run: (ctx) => clearWishlist(ctx),
});

export const moveWishlistToCart = operation({
  ...shopCustomer,
  name: "moveWishlistToCart",
  kind: "mutation",
  summary:
    "Move a wishlist entry into the customer's cart (`quantity`, default 1; a configurable product takes its options as on " +
    "add-to-cart). The entry leaves the wishlist only when the cart accepts it.",
  input: z.object({
    wishlistItemId: recordId(),
    quantity: intParam().pipe(z.int().min(1, { message: "must be at least 1" })).default(1),
    selectedConfigurableOption: recordId().optional(),
    superAttribute: z.record(z.string(), z.union([z.int(), z.string()])).optional(),
    links: z.array(recordId()).optional(),
  }),
  output: z
    .object({
      wishlistItemId: z.int(),
      productId: z.int(),
      cartId: z.int(),
      quantity: z.int(),
      success: z.boolean(),
      message: z.string(),
    })
    .meta({ id: "WishlistMoveToCart" }),
  rest: { method: "POST", paths: [`${IRI}/move-to-cart`], errors: [404] },
  graphql: { resource: "wishlist", alsoAs: ["wishlistToCart"] },
  run: moveToCart,
});

export const deleteWishlist = operation({
  ...shopCustomer,
  name: "deleteWishlist",
  kind: "mutation",
  summary: "Remove one entry from the caller's wishlist (`id`: the entry's number or IRI).",
  input: z.object({ id: recordRef() }),
  output: deletedShape("WishlistDeletion", IRI),
  rest: { method: "DELETE", paths: [`${IRI}/{id}`] },
  run: (ctx, { id }) => deleteWishlistEntry(ctx, id),
});
