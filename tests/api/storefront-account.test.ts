// The family storefront's account pages, run with the variables its code sends: sign-up (which always sends the
// account flags), sign-in and the profile, one address for its edit page, an order's detail, the customer's reviews,
// a product's reviews by `product_id`, the footer's newsletter form, the compare list and the wishlist. Every read of
// a record by id is the caller's own: another customer's address, order, review or list entry is 404 and shows none
// of its data.
import { beforeAll, describe, expect, it } from "vitest";
import { call, customer, getDb, graphql, storefrontKey, unique } from "../support/client.ts";
import { placeTestOrder, testProduct } from "../support/orders.ts";

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

type Me = Awaited<ReturnType<typeof customer>>;
const as = (me: Me) => ({ key, bearer: me.token });

/** The first error's HTTP-like status (GraphQL answers 200 with `errors`). */
const statusOf = (body: { errors?: { extensions?: { status?: number } }[] }) => body.errors?.[0]?.extensions?.status;

const SIGN_UP = `mutation SignUp($input: createCustomerInput!) {
  createCustomer(input: $input) {
    customer { id firstName lastName email phone status apiToken customerGroupId subscribedToNewsLetter isVerified isSuspended token rememberToken name }
  }
}`;

const SIGN_IN = `mutation SignIn($input: createCustomerLoginInput!) {
  createCustomerLogin(input: $input) { customerLogin { id apiToken token message success } }
}`;

const CHECK_TOKEN = `mutation CheckToken($token: String!) {
  createVerifyToken(input: { token: $token }) { verifyToken { id firstName lastName email isValid message } }
}`;

const PROFILE = `query Profile { readCustomerProfile { id firstName lastName email dateOfBirth gender phone status subscribedToNewsLetter isVerified image } }`;

const EDIT_PROFILE = `mutation EditProfile($input: createCustomerProfileUpdateInput!) {
  createCustomerProfileUpdate(input: $input) { customerProfileUpdate { id firstName lastName email dateOfBirth gender phone image } }
}`;

const SIGN_OUT = `mutation SignOut { createLogout(input: {}) { logout { success message } } }`;

function signUpInput(overrides: Record<string, unknown> = {}) {
  const password = "Quartz!Meadow-42";
  return {
    firstName: "Mira",
    lastName: "Okafor",
    email: `${unique("sf")}@example.com`,
    password,
    confirmPassword: password,
    // What the storefront's sign-up always adds.
    status: "1",
    isVerified: "1",
    isSuspended: "0",
    subscribedToNewsLetter: true,
    ...overrides,
  };
}

async function accountRow(email: string) {
  return (await getDb()).customer.findUniqueOrThrow({ where: { email }, select: { status: true, isVerified: true, isSuspended: true, subscribedToNewsletter: true } });
}

describe("sign-up with the storefront's account flags", () => {
  it("accepts the flags the storefront sends and creates an active, verified, unsuspended account", async () => {
    const input = signUpInput();
    const res = await graphql(SIGN_UP, { input }, { key });
    expect(res.body.errors).toBeUndefined();
    const made = res.body.data.createCustomer.customer;
    expect(made).toMatchObject({ email: input.email, status: 1, isVerified: true, isSuspended: false, subscribedToNewsLetter: true, name: "Mira Okafor", rememberToken: null });
    expect(made.token).toMatch(/\|/);
    expect(await accountRow(input.email)).toEqual({ status: 1, isVerified: true, isSuspended: false, subscribedToNewsletter: true });
  });

  it("ignores flags a shopper sets otherwise: the store decides status, verification and suspension", async () => {
    const input = signUpInput({ status: 0, isVerified: false, isSuspended: "1" });
    const res = await graphql(SIGN_UP, { input }, { key });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.createCustomer.customer).toMatchObject({ status: 1, isVerified: true, isSuspended: false });
    expect(await accountRow(input.email)).toMatchObject({ status: 1, isVerified: true, isSuspended: false });

    // REST, snake_case spelling: the same.
    const rest = signUpInput({ status: "0", is_verified: "0", is_suspended: true });
    const r = await call("POST", "/api/shop/customers", rest, { key });
    expect(r.status).toBe(201);
    expect(await accountRow(rest.email)).toMatchObject({ status: 1, isVerified: true, isSuspended: false });
  });

  it("refuses a flag that is not 0 or 1 with 422 and creates nothing", async () => {
    const input = signUpInput({ isSuspended: "maybe" });
    const res = await graphql(SIGN_UP, { input }, { key });
    expect(statusOf(res.body)).toBe(422);
    expect(res.body.errors?.[0]?.message).toMatch(/0 or 1/);
    expect(await (await getDb()).customer.count({ where: { email: input.email } })).toBe(0);
  });
});

describe("sign-in, profile and sign-out with the storefront's documents", () => {
  it("signs in, checks the token, reads and edits the profile as the storefront's form sends it, and signs out", async () => {
    const input = signUpInput({ subscribedToNewsLetter: false });
    expect((await graphql(SIGN_UP, { input }, { key })).body.errors).toBeUndefined();

    const login = (await graphql(SIGN_IN, { input: { email: input.email, password: input.password } }, { key })).body.data.createCustomerLogin.customerLogin;
    expect(login).toMatchObject({ success: true });
    expect(typeof login.token).toBe("string");
    const bearer = login.token as string;

    const checked = (await graphql(CHECK_TOKEN, { token: bearer }, { key })).body.data.createVerifyToken.verifyToken;
    expect(checked).toMatchObject({ isValid: true, email: input.email, firstName: "Mira", lastName: "Okafor" });

    const profile = (await graphql(PROFILE, {}, { key, bearer })).body.data.readCustomerProfile;
    expect(profile).toMatchObject({ email: input.email, status: 1, isVerified: true, subscribedToNewsLetter: false, gender: null, dateOfBirth: null, image: null });

    // The storefront's profile form: every field, gender in lower case, blanks for what was left empty.
    const db = await getDb();
    await db.customer.update({ where: { email: input.email }, data: { phone: "555-0199", dateOfBirth: "1990-04-02" } });
    const edit = await graphql(
      EDIT_PROFILE,
      { input: { firstName: "Mirabel", lastName: "Okafor", email: input.email, gender: "female", dateOfBirth: "", phone: "" } },
      { key, bearer },
    );
    expect(edit.body.errors).toBeUndefined();
    expect(edit.body.data.createCustomerProfileUpdate.customerProfileUpdate).toMatchObject({ firstName: "Mirabel", email: input.email, gender: "Female", dateOfBirth: null, phone: null });
    expect(await db.customer.findUniqueOrThrow({ where: { email: input.email }, select: { firstName: true, gender: true, dateOfBirth: true, phone: true } }))
      .toEqual({ firstName: "Mirabel", gender: "Female", dateOfBirth: null, phone: null });

    const out = (await graphql(SIGN_OUT, {}, { key, bearer })).body.data.createLogout.logout;
    expect(out.success).toBe(true);
    expect((await call("GET", "/api/shop/customer-profile", undefined, { key, bearer })).status).toBe(401);
    expect((await graphql(CHECK_TOKEN, { token: bearer }, { key })).body.data.createVerifyToken.verifyToken.isValid).toBe(false);
  });
});

const ONE_ADDRESS = `query OneAddress($id: ID!) {
  customerAddress(id: $id) {
    id _id firstName lastName companyName vatId email phone address city state country postcode defaultAddress useForShipping addressType createdAt updatedAt
  }
}`;

describe("one address for the storefront's edit page", () => {
  async function withAddress() {
    const me = await customer(key);
    const made = await call(
      "POST",
      "/api/shop/customer-addresses",
      { firstName: "Noor", lastName: "Haddad", companyName: "Haddad & Co", vatId: "DE123456789", email: "noor@example.com", phone: "555-0142", address1: "9 Cedar Lane", address2: "Unit 4", city: "Austin", state: "TX", country: "US", postcode: "73301" },
      { key, bearer: me.token },
    );
    expect(made.status).toBe(201);
    return { me, id: made.body.id as number };
  }

  it("answers the caller's own address by IRI or number, with the fields the edit page reads", async () => {
    const { me, id } = await withAddress();
    for (const ref of [`/api/shop/customer-addresses/${id}`, String(id)]) {
      const res = await graphql(ONE_ADDRESS, { id: ref }, as(me));
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.customerAddress).toMatchObject({
        id: `/api/shop/customer-addresses/${id}`, _id: id, firstName: "Noor", lastName: "Haddad", companyName: "Haddad & Co", vatId: "DE123456789",
        email: "noor@example.com", phone: "555-0142", address: "9 Cedar Lane\nUnit 4", city: "Austin", state: "TX", country: "US", postcode: "73301",
        defaultAddress: true, useForShipping: false, addressType: "customer",
      });
      expect(Date.parse(res.body.data.customerAddress.updatedAt)).not.toBeNaN();
    }
    const rest = await call("GET", `/api/shop/customer-addresses/${id}`, undefined, as(me));
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ id, city: "Austin", address1: "9 Cedar Lane", address2: "Unit 4" });
  });

  it("answers 404 with none of its data for another customer's address, and 401 without a bearer", async () => {
    const { id } = await withAddress();
    const other = await customer(key);
    const res = await graphql(ONE_ADDRESS, { id: `/api/shop/customer-addresses/${id}` }, as(other));
    expect(statusOf(res.body)).toBe(404);
    expect(res.body.data?.customerAddress ?? null).toBeNull();
    expect(JSON.stringify(res.body)).not.toContain("Cedar");
    const rest = await call("GET", `/api/shop/customer-addresses/${id}`, undefined, as(other));
    expect(rest.status).toBe(404);
    expect(JSON.stringify(rest.body)).not.toContain("Cedar");
    expect((await call("GET", `/api/shop/customer-addresses/${id}`, undefined, { key })).status).toBe(401);
    // An id that is no id is a 4xx, never a 500.
    expect(statusOf((await graphql(ONE_ADDRESS, { id: "not-an-id" }, as(other))).body)).toBe(422);
  });
});

const ORDER = `query OrderDetail($id: ID!) {
  customerOrder(id: $id) {
    incrementId status channelName customerEmail customerFirstName customerLastName shippingMethod shippingTitle couponCode
    totalItemCount totalQtyOrdered grandTotal baseGrandTotal grandTotalInvoiced grandTotalRefunded subTotal baseSubTotal
    taxAmount baseTaxAmount discountAmount baseDiscountAmount shippingAmount baseShippingAmount baseCurrencyCode channelCurrencyCode orderCurrencyCode
    items { edges { node { id sku name additional qtyOrdered qtyShipped qtyInvoiced qtyCanceled qtyRefunded price total basePrice baseTotal } } }
    addresses { edges { node {
      id _id addressType parentAddressId customerId cartId orderId name firstName lastName companyName address city state country postcode
      useForShipping email phone gender vatId defaultAddress createdAt updatedAt
    } } }
    createdAt updatedAt
  }
}`;

const ORDERS = `query Orders($first: Int, $after: String) {
  customerOrders(first: $first, after: $after) {
    edges { cursor node { id _id incrementId status grandTotal createdAt } }
    pageInfo { endCursor hasNextPage }
    totalCount
  }
}`;

describe("an order's detail and the orders list", () => {
  it("shows the lines' base amounts and options and each address as the order keeps it", async () => {
    const me = await customer(key);
    const product = await testProduct({ price: "12.50", qty: 10 });
    const order = await placeTestOrder({ customer: me, lines: [{ productId: product.id, qty: 3 }] });
    const db = await getDb();
    const line = await db.orderItem.findFirstOrThrow({ where: { orderId: order.id } });
    await db.orderItem.update({ where: { id: line.id }, data: { additional: { note: "gift wrap" }, basePrice: "12.5", baseTotal: "37.5" } });

    const res = await graphql(ORDER, { id: `/api/shop/customer-orders/${order.id}` }, as(me));
    expect(res.body.errors).toBeUndefined();
    const o = res.body.data.customerOrder;
    expect(o).toMatchObject({ incrementId: order.incrementId, customerEmail: me.email, totalQtyOrdered: 3, subTotal: 37.5, baseSubTotal: 37.5 });
    expect(o.items.edges.map((e: any) => e.node)).toEqual([
      expect.objectContaining({ sku: product.sku, qtyOrdered: 3, price: 12.5, total: 37.5, basePrice: 12.5, baseTotal: 37.5, additional: { note: "gift wrap" } }),
    ]);

    const stored = await db.orderAddress.findMany({ where: { orderId: order.id }, orderBy: { id: "asc" } });
    const placed = (await db.order.findUniqueOrThrow({ where: { id: order.id } })).createdAt.toISOString();
    const addresses = o.addresses.edges.map((e: any) => e.node);
    expect(addresses).toEqual(
      stored.map((a) => ({
        id: a.id, _id: a.id, addressType: `order_${a.addressType}`, parentAddressId: null, customerId: me.id, cartId: null, orderId: order.id,
        name: `${a.firstName} ${a.lastName}`, firstName: a.firstName, lastName: a.lastName, companyName: a.companyName, address: a.address,
        city: a.city, state: a.state, country: a.country, postcode: a.postcode, useForShipping: null, email: a.email, phone: a.phone,
        gender: null, vatId: null, defaultAddress: false, createdAt: placed, updatedAt: placed,
      })),
    );
    expect(addresses.map((a: any) => a.addressType).sort()).toEqual(["order_billing", "order_shipping"]);

    // The same on REST.
    const rest = await call("GET", `/api/shop/customer-orders/${order.id}`, undefined, as(me));
    expect(rest.status).toBe(200);
    expect(rest.body.items[0]).toMatchObject({ basePrice: 12.5, baseTotal: 37.5, additional: { note: "gift wrap" } });
    expect(rest.body.addresses[0]).toMatchObject({ _id: stored[0].id, orderId: order.id, customerId: me.id, defaultAddress: false });

    const list = await graphql(ORDERS, { first: 10 }, as(me));
    expect(list.body.errors).toBeUndefined();
    expect(list.body.data.customerOrders.totalCount).toBe(1);
    expect(list.body.data.customerOrders.edges[0].node).toMatchObject({ _id: order.id, incrementId: order.incrementId });
  });

  it("answers 404 with none of its data for another customer's order", async () => {
    const me = await customer(key);
    const other = await customer(key);
    const product = await testProduct();
    const order = await placeTestOrder({ customer: me, lines: [{ productId: product.id, qty: 1 }] });
    const res = await graphql(ORDER, { id: `/api/shop/customer-orders/${order.id}` }, as(other));
    expect(statusOf(res.body)).toBe(404);
    expect(res.body.data?.customerOrder ?? null).toBeNull();
    expect(JSON.stringify(res.body)).not.toContain(order.incrementId);
    expect((await call("GET", `/api/shop/customer-orders/${order.id}`, undefined, as(other))).status).toBe(404);
    expect((await graphql(ORDERS, { first: 10 }, as(other))).body.data.customerOrders.totalCount).toBe(0);
  });
});

const MY_REVIEWS = `query MyReviews($first: Int, $after: String) {
  customerReviews(first: $first, after: $after) {
    edges { cursor node { id _id title comment rating status name product { id _id sku type urlKey name baseImageUrl } customer { id _id } createdAt updatedAt } }
    pageInfo { endCursor startCursor hasNextPage hasPreviousPage }
    totalCount
  }
}`;

const PRODUCT_REVIEWS = `query ProductReviewsBySnake($first: Int, $product_id: Int!) {
  productReviews(first: $first, product_id: $product_id) { edges { node { name title rating comment createdAt } } totalCount }
}`;

async function reviewOf(me: Me, productId: number, status = "approved", title = "Sturdy and light") {
  return (await getDb()).productReview.create({
    data: { productId, customerId: me.id, name: "Mira O.", email: me.email, title, comment: "Held up on a week-long trip.", rating: 4, status, locale: "en", channelId: 1 },
  });
}

describe("reviews", () => {
  it("lists the caller's reviews with the reviewed product's name, URL key and image", async () => {
    const me = await customer(key);
    const other = await customer(key);
    const product = await testProduct();
    await (await getDb()).productImage.create({ data: { productId: product.id, path: `product/${product.id}/front.jpg`, position: 0 } });
    const mine = await reviewOf(me, product.id, "pending");
    await reviewOf(other, product.id);

    const res = await graphql(MY_REVIEWS, { first: 10, after: null }, as(me));
    expect(res.body.errors).toBeUndefined();
    const list = res.body.data.customerReviews;
    expect(list.totalCount).toBe(1);
    const node = list.edges[0].node;
    expect(node).toMatchObject({ _id: mine.id, status: "pending", customer: { _id: me.id } });
    expect(node.product).toMatchObject({ _id: product.id, sku: product.sku, name: `Account test ${product.sku}`, urlKey: product.sku.toLowerCase() });
    expect(node.product.baseImageUrl).toMatch(new RegExp(`product/${product.id}/front\\.jpg$`));

    // Another customer's review by id: 404, nothing of it shown.
    const theirs = await reviewOf(other, product.id, "pending", "Not for your eyes");
    const one = await call("GET", `/api/shop/customer-reviews/${theirs.id}`, undefined, as(me));
    expect(one.status).toBe(404);
    expect(JSON.stringify(one.body)).not.toContain("Not for your eyes");
  });

  it("takes a product's reviews by `product_id` beside `productId`, and refuses the two naming different products", async () => {
    const me = await customer(key);
    const product = await testProduct();
    const elsewhere = await testProduct();
    await reviewOf(me, product.id);
    await reviewOf(me, product.id, "pending", "Waiting for approval");

    const res = await graphql(PRODUCT_REVIEWS, { first: 5, product_id: product.id }, { key });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.productReviews.totalCount).toBe(1);
    expect(res.body.data.productReviews.edges[0].node).toMatchObject({ name: "Mira O.", title: "Sturdy and light", rating: 4 });

    const same = await graphql(`query($id: Int!) { productReviews(productId: $id, product_id: $id) { totalCount } }`, { id: product.id }, { key });
    expect(same.body.data.productReviews.totalCount).toBe(1);

    const clash = await graphql(`query($a: Int!, $b: Int!) { productReviews(productId: $a, product_id: $b) { totalCount } }`, { a: product.id, b: elsewhere.id }, { key });
    expect(statusOf(clash.body)).toBe(400);
    expect(clash.body.errors?.[0]?.message).toMatch(/different products/);

    const none = await graphql(`{ productReviews(first: 5) { totalCount } }`, {}, { key });
    expect(statusOf(none.body)).toBe(422);
  });
});

const SUBSCRIBE = `mutation Subscribe($input: createNewsletterSubscriptionInput!) {
  createNewsletterSubscription(input: $input) { newsletterSubscription { success message } newsletter { success } }
}`;

describe("the footer's newsletter form", () => {
  it("answers `newsletterSubscription` beside the existing payload field and records the subscription", async () => {
    const email = `${unique("news")}@example.com`;
    const res = await graphql(SUBSCRIBE, { input: { customerEmail: email } }, { key });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.createNewsletterSubscription.newsletterSubscription).toMatchObject({ success: true, message: expect.any(String) });
    expect(res.body.data.createNewsletterSubscription.newsletter).toEqual({ success: true });
    expect(await (await getDb()).newsletterSubscriber.findFirst({ where: { email }, select: { isSubscribed: true } })).toEqual({ isSubscribed: true });
  });

  it("takes the address as `email`, the storefront's name for it, as well as `customerEmail`", async () => {
    const email = `${unique("news-email")}@example.com`;
    const res = await graphql(SUBSCRIBE, { input: { email: email.toUpperCase() } }, { key });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.createNewsletterSubscription.newsletterSubscription).toMatchObject({ success: true });
    expect(await (await getDb()).newsletterSubscriber.findFirst({ where: { email }, select: { isSubscribed: true } })).toEqual({ isSubscribed: true });
    // Both, naming the same address, is the same subscription: a second one is the usual 422.
    const again = await graphql(SUBSCRIBE, { input: { email, customerEmail: email } }, { key });
    expect(statusOf(again.body)).toBe(422);
  });

  it("refuses neither field, or two different addresses, and records nothing", async () => {
    const a = `${unique("news-a")}@example.com`;
    const b = `${unique("news-b")}@example.com`;
    const none = await graphql(SUBSCRIBE, { input: {} }, { key });
    expect(statusOf(none.body)).toBe(422);
    expect(JSON.stringify(none.body.errors)).toContain("customerEmail");
    const two = await graphql(SUBSCRIBE, { input: { email: a, customerEmail: b } }, { key });
    expect(statusOf(two.body)).toBe(400);
    const bad = await graphql(SUBSCRIBE, { input: { email: "not-an-address" } }, { key });
    expect(statusOf(bad.body)).toBe(422);
    expect(await (await getDb()).newsletterSubscriber.count({ where: { email: { in: [a, b, "not-an-address"] } } })).toBe(0);
  });
});

const ADD_COMPARE = `mutation AddCompare($input: createCompareItemInput!) {
  createCompareItem(input: $input) {
    compareItem { id _id createdAt updatedAt product { id _id sku type name price minimumPrice maximumPrice } customer { id firstName lastName gender dateOfBirth } }
  }
}`;

const COMPARE_LIST = `query CompareList($first: Int, $after: String) {
  compareItems(first: $first, after: $after) {
    edges { cursor node { id _id product { id _id sku urlKey name baseImageUrl } customer { id firstName lastName gender dateOfBirth } } }
    totalCount
  }
}`;

const REMOVE_COMPARE = `mutation RemoveCompare($input: deleteCompareItemInput!) {
  deleteCompareItem(input: $input) { compareItem { id _id product { id _id sku } } }
}`;

describe("the compare list", () => {
  it("shows the owner's gender and birth date, and removes an entry named by its IRI", async () => {
    const me = await customer(key, { gender: "Female", dateOfBirth: "1988-11-23" });
    const product = await testProduct();
    const added = await graphql(ADD_COMPARE, { input: { productId: product.id } }, as(me));
    expect(added.body.errors).toBeUndefined();
    const item = added.body.data.createCompareItem.compareItem;
    expect(item.customer).toEqual({ id: `/api/shop/customers/${me.id}`, firstName: "Test", lastName: "Shopper", gender: "Female", dateOfBirth: "1988-11-23" });
    expect(item.product).toMatchObject({ _id: product.id, sku: product.sku });

    const list = (await graphql(COMPARE_LIST, { first: 10 }, as(me))).body.data.compareItems;
    expect(list.totalCount).toBe(1);
    expect(list.edges[0].node.customer).toMatchObject({ gender: "Female", dateOfBirth: "1988-11-23" });

    // Another customer cannot remove it, by IRI or number.
    const other = await customer(key);
    const refused = await graphql(REMOVE_COMPARE, { input: { id: item.id } }, as(other));
    expect(statusOf(refused.body)).toBe(404);
    const db = await getDb();
    expect(await db.compareItem.count({ where: { id: item._id } })).toBe(1);

    const removed = await graphql(REMOVE_COMPARE, { input: { id: item.id } }, as(me));
    expect(removed.body.errors).toBeUndefined();
    expect(removed.body.data.deleteCompareItem.compareItem).toMatchObject({ _id: item._id, product: { _id: product.id } });
    expect(await db.compareItem.count({ where: { id: item._id } })).toBe(0);

    const bad = await graphql(REMOVE_COMPARE, { input: { id: "/api/shop/compare-items/abc" } }, as(me));
    expect(statusOf(bad.body)).toBe(422);
  });
});

const TOGGLE = `mutation Toggle($input: toggleWishlistInput!) {
  toggleWishlist(input: $input) { wishlist { id _id product { _id id name price } createdAt } }
}`;

const WISHLIST = `query Wishlist { wishlists { edges { node { id _id product { id _id name } } } } }`;

const WISHLIST_PAGE = `query WishlistPage($first: Int, $after: String) {
  wishlists(first: $first, after: $after) { edges { cursor node { id _id product { id _id sku name } } } pageInfo { hasNextPage endCursor } totalCount }
}`;

const TO_CART = `mutation ToCart($input: moveWishlistToCartInput!) { moveWishlistToCart(input: $input) { wishlistToCart { message } } }`;

const REMOVE_WISH = `mutation RemoveWish($input: deleteWishlistInput!) { deleteWishlist(input: $input) { wishlist { id _id } } }`;

describe("the wishlist with the storefront's variables", () => {
  it("toggles, lists, moves to the cart and deletes by IRI; another customer's entry stays put", async () => {
    const me = await customer(key);
    const [first, second] = [await testProduct({ qty: 5 }), await testProduct({ qty: 5 })];
    const db = await getDb();

    // The storefront sends the product's number (taken from its IRI).
    for (const p of [first, second]) {
      const res = await graphql(TOGGLE, { input: { productId: p.id } }, as(me));
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.toggleWishlist.wishlist.product._id).toBe(p.id);
    }
    expect(await db.wishlistItem.count({ where: { customerId: me.id } })).toBe(2);

    const listed = (await graphql(WISHLIST, {}, as(me))).body.data.wishlists.edges.map((e: any) => e.node);
    expect(listed.map((n: any) => n.product._id).sort()).toEqual([first.id, second.id].sort());
    const page = (await graphql(WISHLIST_PAGE, { first: 10 }, as(me))).body.data.wishlists;
    expect(page.totalCount).toBe(2);

    const entryOf = (productId: number) => listed.find((n: any) => n.product._id === productId);

    // Move: the storefront sends the entry's number and a quantity.
    const moved = await graphql(TO_CART, { input: { wishlistItemId: entryOf(first.id)._id, quantity: 2 } }, as(me));
    expect(moved.body.errors).toBeUndefined();
    expect(moved.body.data.moveWishlistToCart.wishlistToCart.message).toEqual(expect.any(String));
    expect(await db.wishlistItem.count({ where: { customerId: me.id, productId: first.id } })).toBe(0);
    const cart = await db.cart.findFirstOrThrow({ where: { customerId: me.id, isActive: true }, include: { items: true } });
    expect(cart.items.map((i) => [i.productId, i.quantity])).toEqual([[first.id, 2]]);

    // Delete: the storefront sends the entry's IRI. Another customer first: 404, the entry stays.
    const other = await customer(key);
    const refused = await graphql(REMOVE_WISH, { input: { id: entryOf(second.id).id } }, as(other));
    expect(statusOf(refused.body)).toBe(404);
    expect(await db.wishlistItem.count({ where: { id: entryOf(second.id)._id } })).toBe(1);
    const removed = await graphql(REMOVE_WISH, { input: { id: entryOf(second.id).id } }, as(me));
    expect(removed.body.errors).toBeUndefined();
    expect(removed.body.data.deleteWishlist.wishlist._id).toBe(entryOf(second.id)._id);
    expect(await db.wishlistItem.count({ where: { customerId: me.id } })).toBe(0);

    // Toggling twice adds and then removes.
    await graphql(TOGGLE, { input: { productId: second.id } }, as(me));
    await graphql(TOGGLE, { input: { productId: second.id } }, as(me));
    expect(await db.wishlistItem.count({ where: { customerId: me.id } })).toBe(0);
  });
});
