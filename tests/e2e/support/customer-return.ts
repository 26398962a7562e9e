// A return raised the way a customer raises one, for the panel's browser tests: a new customer registers and buys
// one unit through the Shop API, the store invoices and ships the order through the Admin API (with the panel
// session the caller hands over), and the customer asks to send it back with a message in the thread.
// Plain fetch on both APIs, so the same steps can seed a developer's server.

export interface AdminSession {
  cookie: string;
  csrf: string;
}

export interface RaisedReturn {
  returnId: number;
  orderId: number;
  orderIncrementId: string;
  email: string;
  customerMessage: string;
}

type Json = Record<string, any>;

async function send(base: string, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Json> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => null)) as Json | null;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer ?? {};
}

export async function customerReturn(base: string, storefrontKey: string, admin: AdminSession): Promise<RaisedReturn> {
  const email = `returner-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = "Quiet-Harbor-Lamp-42";
  const shop = (headers: Record<string, string> = {}) => ({ "X-STOREFRONT-KEY": storefrontKey, ...headers });
  await send(base, "POST", "/api/shop/customers", shop(), { firstName: "Rita", lastName: "Return", email, password, confirmPassword: password });
  const login = await send(base, "POST", "/api/shop/customer/login", shop(), { email, password });
  const me = shop({ Authorization: `Bearer ${login.token as string}` });

  const products = (await send(base, "GET", "/api/shop/products?type=simple&sort=id&per_page=50", me)) as unknown as Json[];
  const product = products.find((p) => p.type === "simple" && p.inStock && p.isSaleable);
  if (!product) throw new Error("no simple product in stock on the first page");
  await send(base, "POST", "/api/shop/cart/add-to-cart", me, { productId: product.id, quantity: 1 });
  await send(base, "POST", "/api/shop/checkout/set-billing-address", me, {
    billingFirstName: "Rita", billingLastName: "Return", billingEmail: email, billingAddress: "12 Market Street", billingCity: "San Francisco",
    billingPostcode: "94103", billingCountry: "US", billingState: "CA", billingPhoneNumber: "+14155550100", useForShipping: true,
  });
  const rates = (await send(base, "GET", "/api/shop/checkout/get-shipping-methods", me)) as unknown as Json[];
  await send(base, "POST", "/api/shop/checkout/set-shipping-method", me, { shippingMethod: rates[0].code });
  const methods = (await send(base, "GET", "/api/shop/checkout/get-payment-methods", me)) as unknown as Json[];
  const onsite = methods.find((m) => !m.offsite && m.isAllowed);
  if (!onsite) throw new Error("no onsite payment method");
  await send(base, "POST", "/api/shop/checkout/set-payment-method", me, { paymentMethod: onsite.method });
  const placed = await send(base, "POST", "/api/shop/checkout/place-order", me);
  const orderId = placed.orderId as number;

  // The store invoices and ships the order: the unit is now with the customer, who may send it back.
  const asStore = { Cookie: admin.cookie, "X-CSRF-Token": admin.csrf, Origin: base };
  await send(base, "POST", `/api/admin/sales/orders/${orderId}/invoices`, asStore, {});
  await send(base, "POST", `/api/admin/sales/orders/${orderId}/shipments`, asStore, { carrierTitle: "Parcel post", trackNumber: `TRK${orderId}` });

  const items = (await send(base, "GET", `/api/shop/returns/returnable-items?order_id=${orderId}`, me)) as unknown as Json[];
  const reasons = (await send(base, "GET", "/api/shop/returns/reasons", me)) as unknown as Json[];
  const reason = reasons.find((r) => r.resolutionType === "return" || r.resolutionType === "both");
  if (!items[0] || !reason) throw new Error("nothing to return, or no reason that sends goods back");
  const raised = await send(base, "POST", "/api/shop/returns", me, {
    orderItemId: items[0].orderItemId, rmaQty: 1, resolutionType: "return", rmaReasonId: reason.id,
    information: "It arrived scratched.", packageCondition: "opened", agreement: true,
  });
  const customerMessage = "Can I get a replacement instead of a refund?";
  await send(base, "POST", `/api/shop/returns/${raised.id as number}/messages`, me, { message: customerMessage });
  return { returnId: raised.id as number, orderId, orderIncrementId: placed.orderIncrementId as string, email, customerMessage };
}
