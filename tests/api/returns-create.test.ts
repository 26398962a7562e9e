// Raising a return with what it may carry: photos over REST multipart only (GraphQL refuses binary uploads), and
// the store's own return fields in `customAttributes` (an empty list while the store has none).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { dispatch, BASE } from "../support/app.ts";
import { getDb, graphql, unique } from "../support/client.ts";
import { PNG } from "../support/cart-fixtures.ts";
import { act, placedOrder, raise, reasons, shopper, VIAS, type Shopper } from "../support/returns.ts";
import { customValues } from "../../lib/returns/custom-fields.ts";
import { STORAGE_DIR } from "../../lib/storage/files.ts";

let me: Shopper;
let lineId: number;
let orderId: number;

beforeAll(async () => {
  me = await shopper();
  const order = await placedOrder(me, [{ qty: 50 }]);
  lineId = order.lines[0].id;
  orderId = order.id;
});

function send(method: string, url: string, opts: { bearer?: string; body?: BodyInit } = {}) {
  const headers = new Headers({ Accept: "application/json", "X-STOREFRONT-KEY": me.key });
  if (opts.bearer) headers.set("Authorization", `Bearer ${opts.bearer}`);
  return dispatch(new Request(BASE + url, { method, headers, body: opts.body }));
}

async function fields(entries: Record<string, string>, files: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string }[] = []) {
  const { returnOnly } = await reasons();
  const data = new FormData();
  const base = { order_id: String(orderId), order_item_id: String(lineId), rma_qty: "1", resolution_type: "return", rma_reason_id: String(returnOnly), agreement: "1" };
  for (const [k, v] of Object.entries({ ...base, ...entries })) data.set(k, v);
  for (const f of files) data.append("images[]", new File([f.bytes], f.name, { type: f.type }));
  return data;
}

describe("images", () => {
  const stored: string[] = [];
  afterAll(() => {
    for (const p of stored) fs.rmSync(path.join(STORAGE_DIR, p), { force: true });
  });

  it("attaches PNGs sent as multipart parts and serves them only to the owner", async () => {
    const png = { bytes: PNG, name: "box.png", type: "image/png" };
    const res = await send("POST", "/api/shop/returns", { bearer: me.token, body: await fields({ information: "Dented box" }, [png, png]) });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ information: "Dented box", item: { order_item_id: lineId, quantity: 1 } });
    expect(body.images).toHaveLength(2);
    const rows = await (await getDb()).returnImage.findMany({ where: { returnId: body.id }, orderBy: { id: "asc" } });
    stored.push(...rows.map((r) => r.path));
    for (const [i, image] of body.images.entries()) {
      expect(image).toEqual({ id: rows[i].id, path: rows[i].path, url: `${BASE}/api/shop/returns/${body.id}/images/${rows[i].id}` });
      expect(image.path).toMatch(new RegExp(`^returns/${orderId}/[0-9a-f-]+\\.png$`));
    }
    const own = await send("GET", `/api/shop/returns/${body.id}/images/${rows[0].id}`, { bearer: me.token });
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(PNG);
    const other = await shopper(me.key);
    expect((await send("GET", `/api/shop/returns/${body.id}/images/${rows[0].id}`, { bearer: other.token })).status).toBe(404);
  });

  it("refuses a file that is not an image, and creates nothing", async () => {
    const before = await (await getDb()).returnRequest.count({ where: { orderItemId: lineId } });
    const fake = { bytes: new TextEncoder().encode("not an image"), name: "note.png", type: "image/png" };
    const res = await send("POST", "/api/shop/returns", { bearer: me.token, body: await fields({}, [fake]) });
    expect(res.status).toBe(422);
    expect((await res.json()).errors.images).toBeDefined();
    expect(await (await getDb()).returnRequest.count({ where: { orderItemId: lineId } })).toBe(before);
  });

  it("refuses images on GraphQL with a 400 that points at the REST route", async () => {
    const { returnOnly } = await reasons();
    const input = { orderId, orderItemId: lineId, rmaQty: 1, resolutionType: "return", rmaReasonId: returnOnly, agreement: true, images: ["iVBORw0KGgo="] };
    const r = await graphql(`mutation($input: createCustomerReturnInput!) { createCustomerReturn(input: $input) { customerReturn { _id } } }`, { input }, { key: me.key, bearer: me.token });
    expect(r.body.errors?.[0]?.extensions?.status).toBe(400);
    expect(r.body.errors?.[0]?.message).toMatch(/multipart\/form-data POST \/api\/shop\/returns/);
  });

  it("does not accept a multipart GraphQL request", async () => {
    const data = new FormData();
    data.set("operations", JSON.stringify({ query: "mutation($f: Upload) { createCustomerReturn(input: {}) { customerReturn { _id } } }", variables: { f: null } }));
    data.set("map", JSON.stringify({ 0: ["variables.f"] }));
    data.set("0", new File([PNG], "box.png", { type: "image/png" }));
    const res = await send("POST", "/api/graphql", { bearer: me.token, body: data });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe("the store's return fields", () => {
  const codes = { reference: unique("ref"), condition: unique("cond") };
  let ids: number[] = [];

  afterAll(async () => {
    await (await getDb()).returnCustomField.deleteMany({ where: { id: { in: ids } } });
  });

  it.each(VIAS)("answers an empty customAttributes list while the store has none (%s)", async (via) => {
    expect(await (await getDb()).returnCustomField.count()).toBe(0);
    expect((await raise(via, me, lineId, 1)).customAttributes).toEqual([]);
  });

  describe("once the store has some", () => {
    beforeAll(async () => {
      const db = await getDb();
      const made = [
        await db.returnCustomField.create({ data: { code: codes.reference, label: "Your reference", type: "text", position: 1 } }),
        await db.returnCustomField.create({ data: { code: codes.condition, label: "Box condition", type: "select", position: 2, options: ["sealed", "opened"] } }),
      ];
      ids = made.map((f) => f.id);
    });

    it.each(VIAS)("stores the values given and lists every field (%s)", async (via) => {
      const r = await raise(via, me, lineId, 1, { customAttributes: { [codes.condition]: "opened" } });
      expect(r.customAttributes).toEqual([
        { field_id: ids[0], code: codes.reference, label: "Your reference", type: "text", value: null },
        { field_id: ids[1], code: codes.condition, label: "Box condition", type: "select", value: "opened" },
      ]);
      const listed = await raise(via, me, lineId, 1, { customAttributes: [{ code: codes.reference, value: "PO-7" }, { field_id: ids[1], value: "sealed" }] });
      expect(listed.customAttributes.map((a: { value: string }) => a.value)).toEqual(["PO-7", "sealed"]);
    });

    it("takes them as customAttributes[code] parts of a multipart form", async () => {
      const res = await send("POST", "/api/shop/returns", { bearer: me.token, body: await fields({ [`customAttributes[${codes.reference}]`]: "PO-9" }) });
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(201);
      expect(body.customAttributes[0]).toMatchObject({ code: codes.reference, value: "PO-9" });
    });

    it.each(VIAS)("refuses an unknown field or an option the field does not have with 422 (%s)", async (via) => {
      const { returnOnly } = await reasons();
      const base = { orderId, orderItemId: lineId, rmaQty: 1, resolutionType: "return", rmaReasonId: returnOnly, agreement: true };
      const bad = await act(via, me, "createCustomerReturn", { ...base, customAttributes: { [codes.condition]: "shredded" } });
      expect(bad.status).toBe(422);
      expect(bad.message).toMatch(/sealed, opened/);
      const unknown = await act(via, me, "createCustomerReturn", { ...base, customAttributes: { nope: "x" } });
      expect(unknown.status).toBe(422);
    });

    it("requires a required field (checked in a transaction that is rolled back, so other tests never see it)", async () => {
      const db = await getDb();
      const rollback = new Error("rollback");
      await expect(
        db.$transaction(async (tx) => {
          await tx.returnCustomField.create({ data: { code: unique("req"), label: "Serial number", type: "text", isRequired: true } });
          await expect(customValues(tx, {})).rejects.toMatchObject({ status: 422, message: "Serial number is required." });
          await expect(customValues(tx, { [codes.reference]: "x" })).rejects.toMatchObject({ status: 422 });
          throw rollback;
        }),
      ).rejects.toBe(rollback);
    });
  });
});
