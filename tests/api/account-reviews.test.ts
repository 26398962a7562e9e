// Product reviews on REST and GraphQL: the public list (product_id required, approved by default, rating 1..5),
// the customer's own reviews, create (pending), update and delete of their own only.
import { beforeAll, describe, expect, it } from "vitest";
import { call, customer, getDb, storefrontKey } from "../support/client.ts";
import { invoke, must, VIAS } from "../support/invoke.ts";
import { testProduct } from "../support/orders.ts";
import { createProductReview, customerReviews, deleteProductReview, productReviews, updateProductReview } from "../../lib/reviews/operations.ts";

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

const REVIEW = { title: "Solid", comment: "Does what it says.", rating: 4 };
const reviewsOf = async (productId: number) => (await getDb()).productReview.findMany({ where: { productId }, orderBy: { id: "asc" } });
const approve = async (id: number) => (await getDb()).productReview.update({ where: { id }, data: { status: "approved" } });

describe.each(VIAS)("reviews over %s", (via) => {
  it("creates a pending review under the customer's name", async () => {
    const me = await customer(key);
    const product = await testProduct();
    const body = must(await invoke(via, createProductReview, { productId: product.id, ...REVIEW }, { key, bearer: me.token }), 201);
    expect(body).toMatchObject({ productId: product.id, customerId: me.id, name: "Test Shopper", status: "pending", ...REVIEW, success: true });
    expect(body).not.toHaveProperty("email");
    expect(await reviewsOf(product.id)).toEqual([expect.objectContaining({ id: body.id, status: "pending", email: me.email, customerId: me.id })]);
  });

  describe("refuses a bad review with 4xx and writes nothing", () => {
    // [case, change, REST status, GraphQL status]: GraphQL refuses a missing required field itself.
    it.each([
      ["a rating of 0", { rating: 0 }, 422, 422],
      ["a rating of 6", { rating: 6 }, 422, 422],
      ["no title", { title: undefined }, 422, 400],
      ["an empty comment", { comment: "   " }, 422, 422],
      ["an unknown product", { productId: 987654321 }, 404, 404],
    ])("%s", async (_name, change, restStatus, graphqlStatus) => {
      const me = await customer(key);
      const product = await testProduct();
      const input = JSON.parse(JSON.stringify({ productId: product.id, ...REVIEW, ...change }));
      const res = await invoke(via, createProductReview, input, { key, bearer: me.token });
      expect(res.status).toBe(via === "rest" ? restStatus : graphqlStatus);
      expect(await (await getDb()).productReview.count({ where: { customerId: me.id } })).toBe(0);
    });
  });

  it("lists a product's approved reviews to anyone, narrowed by rating", async () => {
    const me = await customer(key);
    const product = await testProduct();
    const auth = { key, bearer: me.token };
    const four = must(await invoke(via, createProductReview, { productId: product.id, ...REVIEW }, auth), 201);
    const five = must(await invoke(via, createProductReview, { productId: product.id, ...REVIEW, rating: 5 }, auth), 201);
    must(await invoke(via, createProductReview, { productId: product.id, ...REVIEW, rating: 2 }, auth), 201);
    await approve(four.id);
    await approve(five.id);
    const all = await invoke(via, productReviews, { productId: product.id }, { key });
    expect(must(all).map((r: { id: number }) => r.id)).toEqual([five.id, four.id]);
    expect(all.total).toBe(2);
    expect(must(await invoke(via, productReviews, { productId: product.id, rating: 5 }, { key })).map((r: { id: number }) => r.id)).toEqual([five.id]);
  });

  it("shows reviews waiting for approval to their author only", async () => {
    const me = await customer(key);
    const other = await customer(key);
    const product = await testProduct();
    const mine = must(await invoke(via, createProductReview, { productId: product.id, ...REVIEW }, { key, bearer: me.token }), 201);
    must(await invoke(via, createProductReview, { productId: product.id, ...REVIEW }, { key, bearer: other.token }), 201);
    expect(must(await invoke(via, productReviews, { productId: product.id }, { key }))).toEqual([]);
    expect(must(await invoke(via, productReviews, { productId: product.id, status: "pending" }, { key }))).toEqual([]);
    const own = must(await invoke(via, productReviews, { productId: product.id, status: "pending" }, { key, bearer: me.token }));
    expect(own.map((r: { id: number }) => r.id)).toEqual([mine.id]);
  });

  it.each([
    ["no product", () => ({}), 422],
    ["a rating of 9", (productId: number) => ({ productId, rating: 9 }), 422],
    ["an unknown status", (productId: number) => ({ productId, status: "spam" }), 422],
    ["an unknown product", () => ({ productId: 987654321 }), 404],
  ])("refuses a list with %s", async (_name, input, status) => {
    const product = await testProduct();
    expect((await invoke(via, productReviews, input(product.id), { key })).status).toBe(status);
  });

  it("lists the customer's own reviews in every status", async () => {
    const me = await customer(key);
    const other = await customer(key);
    const [p1, p2] = [await testProduct(), await testProduct()];
    const a = must(await invoke(via, createProductReview, { productId: p1.id, ...REVIEW }, { key, bearer: me.token }), 201);
    const b = must(await invoke(via, createProductReview, { productId: p2.id, ...REVIEW }, { key, bearer: me.token }), 201);
    must(await invoke(via, createProductReview, { productId: p1.id, ...REVIEW }, { key, bearer: other.token }), 201);
    await approve(a.id);
    const auth = { key, bearer: me.token };
    expect(must(await invoke(via, customerReviews, {}, auth)).map((r: { id: number }) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect(must(await invoke(via, customerReviews, { status: "approved" }, auth)).map((r: { id: number }) => r.id)).toEqual([a.id]);
    expect(must(await invoke(via, customerReviews, { productId: p2.id }, auth)).map((r: { id: number }) => r.id)).toEqual([b.id]);
    expect((await invoke(via, customerReviews, {}, { key })).status).toBe(401);
  });

  it("updates the customer's own review and sends it back for approval", async () => {
    const me = await customer(key);
    const product = await testProduct();
    const auth = { key, bearer: me.token };
    const review = must(await invoke(via, createProductReview, { productId: product.id, ...REVIEW }, auth), 201);
    await approve(review.id);
    const body = must(await invoke(via, updateProductReview, { id: review.id, rating: 5, title: "Even better" }, auth));
    expect(body).toMatchObject({ id: review.id, rating: 5, title: "Even better", comment: REVIEW.comment, status: "pending" });
    expect((await reviewsOf(product.id))[0]).toMatchObject({ rating: 5, title: "Even better", status: "pending" });
    expect((await invoke(via, updateProductReview, { id: review.id }, auth)).status).toBe(422);
    expect((await invoke(via, updateProductReview, { id: review.id, rating: 7 }, auth)).status).toBe(422);
    expect((await reviewsOf(product.id))[0].rating).toBe(5);
  });

  it("deletes the customer's own review", async () => {
    const me = await customer(key);
    const product = await testProduct();
    const auth = { key, bearer: me.token };
    const review = must(await invoke(via, createProductReview, { productId: product.id, ...REVIEW }, auth), 201);
    expect(must(await invoke(via, deleteProductReview, { id: review.id }, auth))).toMatchObject({ id: review.id, success: true });
    expect(await reviewsOf(product.id)).toEqual([]);
    expect((await invoke(via, deleteProductReview, { id: review.id }, auth)).status).toBe(404);
  });

  it("answers 404 for another customer's review and leaves it untouched", async () => {
    const me = await customer(key);
    const other = await customer(key);
    const product = await testProduct();
    const theirs = must(await invoke(via, createProductReview, { productId: product.id, ...REVIEW }, { key, bearer: other.token }), 201);
    const auth = { key, bearer: me.token };
    expect((await invoke(via, updateProductReview, { id: theirs.id, rating: 1 }, auth)).status).toBe(404);
    expect((await invoke(via, deleteProductReview, { id: theirs.id }, auth)).status).toBe(404);
    expect(await reviewsOf(product.id)).toEqual([expect.objectContaining({ id: theirs.id, rating: 4, customerId: other.id })]);
  });
});

describe("reviews REST paths", () => {
  it("reads product_id and rating from the query string", async () => {
    const me = await customer(key);
    const product = await testProduct();
    const created = await call("POST", "/api/shop/product-reviews", { product_id: product.id, ...REVIEW }, { key, bearer: me.token });
    await approve(created.body.id);
    const res = await call("GET", `/api/shop/product-reviews?product_id=${product.id}&rating=4`, undefined, { key });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("1");
    expect((await call("GET", "/api/shop/product-reviews", undefined, { key })).status).toBe(422);
    expect((await call("GET", `/api/shop/product-reviews?product_id=${product.id}&rating=0`, undefined, { key })).status).toBe(422);
  });
});
