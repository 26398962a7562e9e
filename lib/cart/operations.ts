// Cart operations of the Shop API. A guest names the cart with its token (bearer or `cart_token`); a customer's
// bearer finds their own cart. Every mutation answers with the whole cart.
import { z } from "zod";
import { operation } from "../operations/define.ts";
import { intParam, recordId } from "../operations/fields.ts";
import { customerId } from "../context.ts";
import { BadRequest } from "../errors.ts";
import { applyCoupon, guestCartClaim, mergeGuestCart, createCartToken as openCart, removeCoupon } from "./carts.ts";
import { CartShape } from "./shapes.ts";
import { currentCart, requireOwnCart } from "./resolve.ts";
import { addToCartChoices } from "./input.ts";
import { cartView, renderCart } from "./view.ts";
import { addItem, removeItem, updateItem } from "./items.ts";
import { CartUploadShape, downloadUpload, MAX_UPLOAD_BYTES, uploadFile } from "./uploads.ts";

const shopCart = { surface: "shop", access: "cart" } as const;

const cartToken = z.string().trim().max(64).optional();
const quantity = intParam().pipe(z.int().min(1, { message: "must be at least 1" }).max(10_000));

export const createCartToken = operation({
  name: "createCartToken",
  surface: "shop",
  kind: "mutation",
  summary: "Open a guest cart and return its `cartToken`, the guest's bearer for cart and checkout calls. With a customer bearer, returns the customer's cart (no token).",
  access: "public",
  input: z.object({}),
  // The family's clients read the new cart's record here too (totals, `customerId`, `_id`).
  output: CartShape.extend({ _id: z.int() }).meta({ id: "CartToken" }),
  rest: { method: "POST", paths: ["/api/shop/cart-tokens"], status: 201 },
  run: async (ctx) => {
    const { state, ...opened } = await openCart(ctx);
    return { ...(await renderCart(ctx, state, opened.cartToken)), ...opened, _id: opened.id };
  },
});

export const createReadCart = operation({
  ...shopCart,
  name: "createReadCart",
  kind: "mutation",
  summary: "Read the cart with its lines and totals in the request currency.",
  input: z.object({ cartToken }),
  output: CartShape,
  rest: { method: "POST", paths: ["/api/shop/cart"] },
  run: async (ctx, input) => cartView(ctx, await currentCart(ctx, input)),
});

export const createAddProductInCart = operation({
  ...shopCart,
  name: "createAddProductInCart",
  kind: "mutation",
  summary: "Add a product: configurable ones with `superAttribute` {attribute: option} or `selectedConfigurableOption`, downloadable ones with `links`, grouped ones with `groupedQty` {productId: qty} (a line per product), bundles with `bundleOptions` {optionId: [optionProductId]} and `bundleOptionQty` {optionId: qty}; these three may also be sent as JSON text (GraphQL declares them `String`). `cartId`, when sent, must be the caller's own cart (else 404). `booking`/`bookingNote` are accepted and ignored: no product here is a booking product. Stock is checked (422 when short).",
  input: z.object({
    productId: recordId(),
    quantity: quantity.default(1),
    selectedConfigurableOption: recordId().optional(),
    superAttribute: z.record(z.string(), z.union([z.int(), z.string()])).optional(),
    ...addToCartChoices,
    /** The caller's own cart id (the family's storefront sends it); another cart's id is refused with 404. */
    cartId: recordId().optional(),
    cartToken,
  }),
  output: CartShape,
  rest: { method: "POST", paths: ["/api/shop/cart/add-to-cart", "/api/shop/add-product-in-cart"], errors: [404] },
  run: async (ctx, input) => {
    // The cart is checked open inside the transaction that adds (lib/cart/state.ts), not read once more before it.
    const ref = await currentCart(ctx, input, { allowClosed: true });
    requireOwnCart(ref, input.cartId);
    return renderCart(ctx, await addItem(ctx, ref.id, input), ref.token, "The product was added to the cart.");
  },
});

export const createUpdateCartItem = operation({
  ...shopCart,
  name: "createUpdateCartItem",
  kind: "mutation",
  summary: "Change the quantity of a cart line (stock is checked).",
  input: z.object({ cartItemId: recordId(), quantity, cartToken }),
  output: CartShape,
  rest: { method: "PUT", paths: ["/api/shop/cart/update-cart-item", "/api/shop/update-cart-item"], errors: [404] },
  run: async (ctx, input) => {
    const ref = await currentCart(ctx, input);
    return renderCart(ctx, await updateItem(ctx, ref.id, input), ref.token, "The cart was updated.");
  },
});

export const createRemoveCartItem = operation({
  ...shopCart,
  name: "createRemoveCartItem",
  kind: "mutation",
  summary: "Remove a line from the cart.",
  input: z.object({ cartItemId: recordId(), cartToken }),
  output: CartShape,
  rest: { method: "POST", paths: ["/api/shop/cart/remove-cart-item", "/api/shop/remove-cart-item"], errors: [404] },
  run: async (ctx, input) => {
    const ref = await currentCart(ctx, input);
    return renderCart(ctx, await removeItem(ctx, ref.id, input), ref.token, "The item was removed from the cart.");
  },
});

export const createApplyCoupon = operation({
  ...shopCart,
  name: "createApplyCoupon",
  kind: "mutation",
  summary: "Apply a coupon code (422 when it is unknown, expired, used up or the subtotal is too low).",
  input: z.object({ couponCode: z.string().trim().min(1, { message: "is required" }).max(100), cartToken }),
  output: CartShape,
  rest: { method: "POST", paths: ["/api/shop/cart/apply-coupon", "/api/shop/apply-coupon"] },
  run: async (ctx, input) => {
    const ref = await currentCart(ctx, input);
    await applyCoupon(ctx, ref.id, input.couponCode);
    return cartView(ctx, ref, "The coupon was applied.");
  },
});

export const createRemoveCoupon = operation({
  ...shopCart,
  name: "createRemoveCoupon",
  kind: "mutation",
  summary: "Remove the applied coupon.",
  input: z.object({ cartToken }),
  output: CartShape,
  rest: { method: "POST", paths: ["/api/shop/cart/remove-coupon", "/api/shop/remove-coupon"] },
  run: async (ctx, input) => {
    const ref = await currentCart(ctx, input);
    await removeCoupon(ctx, ref.id);
    return cartView(ctx, ref, "The coupon was removed.");
  },
});

/** The guest cart to merge: its id (what the family's storefront sends, GraphQL `Int`) or, over REST, its token. */
const mergeCartId = z
  .preprocess(
    (v) => (typeof v === "string" && /^\d{1,10}$/.test(v.trim()) ? Number(v.trim()) : v),
    z.union([z.int().positive().max(2_147_483_647), z.string().trim().min(1, { message: "is required" }).max(64)]).meta({ scalar: "Int" }),
  )
  .optional();

export const createMergeCart = operation({
  name: "createMergeCart",
  surface: "shop",
  kind: "mutation",
  summary:
    "Merge a guest cart into the customer's cart; the guest cart is closed. The guest cart's token proves it is the caller's: send it as " +
    "`cartToken` (or, over REST, as `cartId`). `cartId` may also be the guest cart's numeric id, as the family's storefront sends it, but " +
    "only beside its token: an id alone proves nothing and is refused (422), and an id that is not the token's cart answers 404.",
  access: "customer",
  input: z.object({ cartId: mergeCartId, cartToken: z.string().trim().min(1).max(64).optional() }),
  output: CartShape,
  rest: { method: "POST", paths: ["/api/shop/cart/merge-cart", "/api/shop/merge-carts"], errors: [404] },
  run: async (ctx, input) => {
    const { cartId, shortened } = await mergeGuestCart(ctx, customerId(ctx), guestCartClaim(input));
    const note = shortened.length ? ` Limited by stock: ${shortened.join(", ")}.` : "";
    return cartView(ctx, { id: cartId, token: null }, `The guest cart was merged.${note}`);
  },
});

export const createUploadCustomizableFile = operation({
  ...shopCart,
  name: "createUploadCustomizableFile",
  kind: "mutation",
  summary: "GraphQL refuses binary uploads: send the file to POST /api/shop/cart/upload-customizable-file as multipart.",
  input: z.object({ cartItemId: intParam().optional() }),
  output: z.object({ id: z.int() }).meta({ id: "CartUploadRef" }),
  run: () => Promise.reject(new BadRequest("File uploads are accepted over REST multipart only: POST /api/shop/cart/upload-customizable-file.", "upload_rest_only")),
});

export const uploadCustomizableFile = operation({
  ...shopCart,
  name: "uploadCustomizableFile",
  kind: "mutation",
  summary: "Upload the customizable-option file of the cart as multipart field `file` (PNG, JPEG, GIF, WebP, PDF or text; 5 MB at most). REST only.",
  input: z.object({ file: z.unknown(), cartToken }),
  output: CartUploadShape,
  rest: { method: "POST", paths: ["/api/shop/cart/upload-customizable-file"], status: 201, multipart: { maxBytes: MAX_UPLOAD_BYTES + 64 * 1024, files: ["file"] } },
  graphql: false,
  run: async (ctx, input) => uploadFile(ctx, (await currentCart(ctx, input)).id, input.file),
});

export const cartUpload = operation({
  ...shopCart,
  name: "cartUpload",
  kind: "query",
  summary: "Download a file uploaded to the caller's cart.",
  input: z.object({ id: recordId(), cartToken }),
  output: z.unknown(),
  rest: { method: "GET", paths: ["/api/shop/cart/uploads/{id}"], download: true },
  graphql: false,
  run: async (ctx, input) => downloadUpload(ctx, (await currentCart(ctx, input)).id, input.id),
});
