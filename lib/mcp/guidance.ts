// What an agent needs beyond the operation's summary: which tool usually comes next. One table, keyed by operation
// name; the tool descriptions (lib/mcp/tools.ts) append the hint of their operation, and nothing else is written per
// tool. An operation without an entry is described by its summary alone.
import type { Surface } from "../operations/define.ts";

export const NEXT_STEP: Record<string, string> = {
  // Shop: browse → cart → checkout (SPEC.md "Checkout sequence").
  categories: "Next: `products` with a `categoryId` to list what a category holds.",
  treeCategories: "Next: `products` with a `categoryId` to list what a category holds.",
  products: "Next: `product` with an id from this list for its details and options.",
  product: "Next: `createCartToken` (a guest's first cart call), then `createAddProductInCart` with this product's id.",
  createCartToken: "Next: `createAddProductInCart`, passing the returned token as `cartToken` on every cart and checkout call.",
  createAddProductInCart: "Next: add more, `createReadCart` to review the cart, or `createCheckoutAddress` to start checkout.",
  createReadCart: "Next: `createCheckoutAddress` to start checkout.",
  createApplyCoupon: "Next: `createReadCart` to see the new totals, or `createCheckoutAddress`.",
  createCheckoutAddress: "Next: `collectionShippingRates` to read the shipping methods for this address.",
  collectionGetCheckoutAddresses: "Next: `createCheckoutAddress` to save one of them for this cart.",
  collectionShippingRates: "Next: `createCheckoutShippingMethod` with one rate's `code` from this list as `shippingMethod`.",
  createCheckoutShippingMethod: "Next: `collectionPaymentMethods` to read the payment methods.",
  collectionPaymentMethods: "Next: `createCheckoutPaymentMethod` with one `method` from this list as `paymentMethod`.",
  createCheckoutPaymentMethod: "Next: `createCheckoutOrder` to place the order (an offsite method first sends the shopper to `paymentGatewayUrl`).",
  createCheckoutOrder:
    "Safe to retry: a second call for the same cart answers the order the first one made. A signed-in customer then follows it with `customerOrder`.",
  createCustomerLogin:
    "The returned token is a customer bearer: the MCP client must send it as `Authorization: Bearer <token>` on its connection for the customer tools.",
  customerOrders: "Next: `customerOrder` with an id from this list for its lines, addresses and totals.",
  customerOrder: "Next: `createCancelOrder`, `createReorderOrder`, or `returnableItems` to start a return.",
  returnableItems: "Next: `createCustomerReturn` is REST-only (it takes images); see the REST documentation.",
  // Admin: the order desk.
  adminOrders: "Next: `adminOrder` with an id from this list.",
  adminOrder: "Next: `invoiceAdminOrder`, `shipAdminOrder`, `refundAdminOrder`, `cancelAdminOrder` or `commentAdminOrder`.",
  invoiceAdminOrder: "Next: `shipAdminOrder` once the goods leave.",
  adminReturns: "Next: `adminReturn` with an id from this list.",
  adminImports: "Next: `adminImport` for one import's report; uploading a file (`createAdminImport`) is REST-only.",
};

/** The server's `instructions`: what the endpoint is and how a session usually goes. */
export const INSTRUCTIONS: Record<Surface, string> = {
  shop:
    "The Shop API of this store. Each tool is one Shop API operation. Typical flow: products → product → " +
    "createCartToken → createAddProductInCart → createCheckoutAddress → collectionShippingRates → " +
    "createCheckoutShippingMethod → collectionPaymentMethods → createCheckoutPaymentMethod → createCheckoutOrder. " +
    "A guest passes the cart token as the `cartToken` argument; customer tools appear when the connection carries a " +
    "customer bearer. List tools take `page` and `perPage`. A failed call answers isError with { status, error, message, errors }.",
  admin:
    "The Admin API of this store. Each tool is one Admin API operation; only the tools the integration token's " +
    "permissions allow are listed. List tools take `page` and `perPage`. A failed call answers isError with " +
    "{ status, error, message, errors }.",
};
