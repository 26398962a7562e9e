// Admin customers, customer groups and review moderation, on REST and GraphQL.
import { beforeAll, describe, expect, it } from "vitest";
import { call, customer, getDb, storefrontKey, unique } from "../support/client.ts";
import { adminCall, adminToken, hiddenProduct, asAdmin } from "../support/admin.ts";
import { VIAS } from "../support/invoke.ts";

let token: string;
let key: string;
beforeAll(async () => {
  token = await adminToken();
  key = await storefrontKey();
});

const mail = () => `${unique("cust")}@example.com`;
const createCustomer = "createAdminCustomer";

describe.each(VIAS)("customers over %s", (transport) => {
  it("creates a customer who can then log in with the given password", async () => {
    const email = mail();
    const group = await (await getDb()).customerGroup.findUniqueOrThrow({ where: { code: "wholesale" } });
    const res = await asAdmin(transport, token, createCustomer, { firstName: "Ada", lastName: "Byron", email: email.toUpperCase(), password: "Secret-Harbor-123!", customerGroupId: group.id, gender: "Female" });
    expect(res.status, JSON.stringify(res.raw)).toBe(201);
    expect(res.data).toMatchObject({ email, status: 1, isSuspended: false, customerGroupId: group.id, ordersCount: 0 });
    const login = await call("POST", "/api/shop/customer/login", { email, password: "Secret-Harbor-123!" }, { key });
    expect(login.status).toBe(200);
  });

  it("refuses bad customers with 422 and writes nothing", async () => {
    const taken = mail();
    await asAdmin(transport, token, createCustomer, { firstName: "A", lastName: "B", email: taken });
    const cases: [string, Record<string, unknown>, string][] = [
      ["duplicate email", { email: taken }, "email"],
      ["bad email", { email: "nope" }, "email"],
      ["no first name", { firstName: "" }, "firstName"],
      ["short password", { password: "short" }, "password"],
      ["bad gender", { gender: "Robot" }, "gender"],
      ["bad birth date", { dateOfBirth: "31/12/1990" }, "dateOfBirth"],
      ["unknown group", { customerGroupId: 99999999 }, "customerGroupId"],
      ["bad status", { status: 5 }, "status"],
    ];
    for (const [label, patch, field] of cases) {
      const email = mail();
      const res = await asAdmin(transport, token, createCustomer, { firstName: "A", lastName: "B", email, ...patch });
      expect(res.status, label).toBe(422);
      expect(Object.keys(res.fields), label).toContain(field);
      expect(await (await getDb()).customer.count({ where: { email } }), label).toBe(0);
    }
  });
});

describe("customer records", () => {
  it("suspending a customer shuts their bearer; PATCH, filters and DELETE", async () => {
    const shopper = await customer(key);
    expect((await call("GET", "/api/shop/customer-profile", undefined, { key, bearer: shopper.token })).status).toBe(200);
    const res = await adminCall(token, "PATCH", `/api/admin/customers/${shopper.id}`, { is_suspended: true, last_name: "Held" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isSuspended: true, lastName: "Held" });
    expect((await call("GET", "/api/shop/customer-profile", undefined, { key, bearer: shopper.token })).status).toBe(401);
    const listed = await adminCall(token, "GET", `/api/admin/customers?email=${encodeURIComponent(shopper.email)}&is_suspended=1`);
    expect(listed.body.data.map((c: { id: number }) => c.id)).toEqual([shopper.id]);
    const other = await customer(key);
    expect((await adminCall(token, "PATCH", `/api/admin/customers/${shopper.id}`, { email: other.email })).status).toBe(422);
    expect((await adminCall(token, "DELETE", `/api/admin/customers/${shopper.id}`)).status).toBe(200);
    expect(await (await getDb()).customer.count({ where: { id: shopper.id } })).toBe(0);
    expect((await adminCall(token, "GET", `/api/admin/customers/${shopper.id}`)).status).toBe(404);
  });
});

describe.each(VIAS)("customer groups over %s", (transport) => {
  const create = "createAdminCustomerGroup";
  it("creates groups; store groups and groups in use stay", async () => {
    const code = unique("vip").toLowerCase();
    const made = await asAdmin(transport, token, create, { code, name: "VIP" });
    expect(made.status).toBe(201);
    expect(made.data).toMatchObject({ code, isUserDefined: true, customersCount: 0 });
    expect((await asAdmin(transport, token, create, { code, name: "Again" })).status).toBe(422);
    expect((await asAdmin(transport, token, create, { code: "Bad Code", name: "X" })).status).toBe(422);
    const id = made.data.id;
    const general = await (await getDb()).customerGroup.findUniqueOrThrow({ where: { code: "general" } });
    expect((await adminCall(token, "DELETE", `/api/admin/customers/groups/${general.id}`)).status).toBe(409);
    const member = await (await getDb()).customer.create({ data: { firstName: "G", lastName: "M", email: mail(), passwordHash: "x", apiToken: unique("api"), customerGroupId: id } });
    expect((await adminCall(token, "DELETE", `/api/admin/customers/groups/${id}`)).status).toBe(409);
    await (await getDb()).customer.delete({ where: { id: member.id } });
    expect((await adminCall(token, "DELETE", `/api/admin/customers/groups/${id}`)).status).toBe(200);
  });
});

describe.each(VIAS)("review moderation over %s", (transport) => {
  it("approves and disapproves through the allowed moves only", async () => {
    const db = await getDb();
    const product = await hiddenProduct();
    const review = await db.productReview.create({ data: { productId: product.id, name: "N", title: "T", comment: "C", rating: 4, status: "pending" } });
    const approved = await asAdmin(transport, token, "approveAdminReview", { id: review.id });
    expect(approved.status, JSON.stringify(approved.raw)).toBe(200);
    expect(approved.data.status).toBe("approved");
    expect((await db.productReview.findUniqueOrThrow({ where: { id: review.id } })).status).toBe("approved");
    expect((await asAdmin(transport, token, "approveAdminReview", { id: review.id })).status).toBe(409);
    expect((await asAdmin(transport, token, "disapproveAdminReview", { id: review.id })).data.status).toBe("disapproved");
    expect((await asAdmin(transport, token, "approveAdminReview", { id: 99999999 })).status).toBe(404);
    const viewer = await adminToken({ scope: "custom", permissions: ["customers.reviews.view"] });
    expect((await asAdmin(transport, viewer, "approveAdminReview", { id: review.id })).status).toBe(403);
    const bad = await adminCall(token, "PATCH", `/api/admin/customers/reviews/${review.id}`, { rating: 9 });
    expect(bad.status).toBe(422);
    const listed = await adminCall(token, "GET", `/api/admin/customers/reviews?product_id=${product.id}&status=disapproved`);
    expect(listed.body.data.map((r: { id: number }) => r.id)).toContain(review.id);
  });
});
