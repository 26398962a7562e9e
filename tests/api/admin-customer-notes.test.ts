// A store admin's notes on a customer (Admin API `customers/notes`), on REST and GraphQL: read with customers.view,
// written and deleted with customers.edit; the author is the admin the request is signed in as (token or panel
// session), never input; a note is mailed to the customer only when asked, in its own transaction; bad input is a
// 422 that writes nothing. The notes are the customer's personal data: their GDPR export holds them and their
// erasure deletes them.
import { beforeAll, describe, expect, it } from "vitest";
import bcrypt from "bcryptjs";
import { call, customer, getDb, storefrontKey, unique } from "../support/client.ts";
import { adminCall, adminCredential, adminToken, asAdmin, type AdminCredential } from "../support/admin.ts";
import { invoke, must, VIAS } from "../support/invoke.ts";
import { BASE } from "../support/app.ts";
import { currentSession, startSession } from "../../lib/admin-session/routes.ts";

delete process.env.SMTP_URL;

let key: string;
let owner: string;
let editor: AdminCredential;
let viewer: AdminCredential;
let outsider: AdminCredential;
beforeAll(async () => {
  key = await storefrontKey();
  owner = await adminToken();
  [editor, viewer, outsider] = await Promise.all([
    adminCredential({ role: ["customers.view", "customers.edit"] }),
    adminCredential({ role: ["customers.view"] }),
    adminCredential({ role: ["sales.orders.view", "gdpr.view", "gdpr.edit"] }),
  ]);
});

const create = "createAdminCustomerNote";

const notesOf = async (customerId: number) => (await getDb()).customerNote.findMany({ where: { customerId }, orderBy: { id: "asc" } });
const noteMails = async (to: string) => (await getDb()).mailMessage.findMany({ where: { to, kind: "customer_note" }, orderBy: { id: "asc" } });

/** A customer the test owns, made through the shop as a shopper would be. */
async function someone() {
  const me = await customer(key);
  return { id: me.id, email: me.email, token: me.token };
}

describe.each(VIAS)("customer notes over %s", (via) => {
  it("an editor adds notes under their own name, lists them newest first, reads and deletes one", async () => {
    const c = await someone();
    const other = await someone();
    const first = must(await asAdmin(via, editor.token, create, { customerId: c.id, note: "  Called about a late parcel.  " }), 201);
    expect(first).toMatchObject({ customerId: c.id, note: "Called about a late parcel.", customerNotified: false, authorId: editor.adminId, authorName: "Sub admin" });
    const second = must(await asAdmin(via, editor.token, create, { customerId: c.id, note: "Refund promised.", notifyCustomer: false }), 201);
    must(await asAdmin(via, editor.token, create, { customerId: other.id, note: "Someone else's note." }), 201);

    const listed = await asAdmin(via, viewer.token, "adminCustomerNotes", { customerId: c.id });
    expect(listed.status, JSON.stringify(listed.raw)).toBe(200);
    // REST answers the `{ data, meta }` envelope; GraphQL a connection, read as its nodes with `totalCount`.
    const rows = via === "rest" ? listed.data.data : listed.data;
    expect(rows.map((n: { id: number }) => n.id)).toEqual([second.id, first.id]);
    expect(via === "rest" ? listed.data.meta.total : listed.total).toBe(2);

    expect(must(await asAdmin(via, viewer.token, "adminCustomerNote", { id: first.id }))).toMatchObject({ note: "Called about a late parcel.", authorName: "Sub admin" });
    expect(await noteMails(c.email)).toEqual([]);

    must(await asAdmin(via, editor.token, "deleteAdminCustomerNote", { id: first.id }));
    expect((await asAdmin(via, viewer.token, "adminCustomerNote", { id: first.id })).status).toBe(404);
    expect((await notesOf(c.id)).map((n) => n.id)).toEqual([second.id]);
  });

  it("mails the note to the customer only when asked, in the note's transaction", async () => {
    const c = await someone();
    must(await asAdmin(via, editor.token, create, { customerId: c.id, note: "Kept quiet." }), 201);
    expect(await noteMails(c.email)).toEqual([]);
    const told = must(await asAdmin(via, editor.token, create, { customerId: c.id, note: "Your replacement ships tomorrow.\nThank you for waiting.", notifyCustomer: true }), 201);
    expect(told.customerNotified).toBe(true);
    const mails = await noteMails(c.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain("Your replacement ships tomorrow.\nThank you for waiting.");
    expect(mails[0].html).toContain("Your replacement ships tomorrow.<br>Thank you for waiting.");
    // Nothing of the author reaches the customer.
    expect(mails[0].text).not.toContain("Sub admin");
  });

  it("lets a role with customers.view only read, and one without it do nothing", async () => {
    const c = await someone();
    const note = must(await asAdmin(via, owner, create, { customerId: c.id, note: "Owner's note." }), 201);

    const added = await asAdmin(via, viewer.token, create, { customerId: c.id, note: "Viewer's note.", notifyCustomer: true });
    expect(added.status).toBe(403);
    expect((await asAdmin(via, viewer.token, "deleteAdminCustomerNote", { id: note.id })).status).toBe(403);
    expect((await notesOf(c.id)).map((n) => n.note)).toEqual(["Owner's note."]);
    expect(await noteMails(c.email)).toEqual([]);

    expect((await asAdmin(via, outsider.token, "adminCustomerNotes", { customerId: c.id })).status).toBe(403);
    expect((await asAdmin(via, outsider.token, "adminCustomerNote", { id: note.id })).status).toBe(403);
    expect((await asAdmin(via, outsider.token, create, { customerId: c.id, note: "Outsider's note." })).status).toBe(403);
    expect((await asAdmin(via, outsider.token, "deleteAdminCustomerNote", { id: note.id })).status).toBe(403);
    expect((await asAdmin(via, null, "adminCustomerNotes", { customerId: c.id })).status).toBe(401);
    // A customer's own bearer is no admin credential.
    expect((await asAdmin(via, c.token, "adminCustomerNotes", { customerId: c.id })).status).toBe(401);
    expect(await notesOf(c.id)).toHaveLength(1);
  });

  it.each([
    ["an empty note", (id: number) => ({ customerId: id, note: "   " }), "note"],
    ["a note of 5001 characters", (id: number) => ({ customerId: id, note: "x".repeat(5001) }), "note"],
    ["no note", (id: number) => ({ customerId: id }), "note"],
    ["an unknown customer", () => ({ customerId: 2_000_000_000, note: "Nobody's note.", notifyCustomer: true }), "customerId"],
    ["a customer id that is no id", () => ({ customerId: -3, note: "Bad id." }), "customerId"],
  ])("refuses %s with 422 and writes nothing", async (_name, input, field) => {
    const c = await someone();
    const before = await (await getDb()).customerNote.count();
    const res = await asAdmin(via, editor.token, create, input(c.id));
    // GraphQL refuses a missing required field before the operation runs, as every GraphQL server does.
    if (via === "graphql" && field === "note" && !("note" in input(c.id))) {
      expect(res.status).toBe(400);
      expect(res.message).toMatch(/note/);
    } else {
      expect(res.status, JSON.stringify(res.raw)).toBe(422);
      expect(Object.keys(res.fields)).toContain(field);
    }
    expect(await (await getDb()).customerNote.count()).toBe(before);
    expect(await notesOf(c.id)).toEqual([]);
    expect(await noteMails(c.email)).toEqual([]);
  });

  it("takes no author from the client", async () => {
    const c = await someone();
    const res = await asAdmin(via, editor.token, create, { customerId: c.id, note: "Forged.", authorId: 1, authorName: "The Owner" });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await notesOf(c.id)).toEqual([]);
  });

  it("refuses to mail a customer whose data was erased, and still keeps a note about them when not mailed", async () => {
    const c = await someone();
    const request = must(await invoke("rest", "createGdprRequest", { type: "delete", message: "Erase me." }, { key, bearer: c.token }), 201);
    must(await asAdmin(via, owner, "processAdminGdprRequest", { id: request.id }));
    must(await asAdmin(via, owner, "completeAdminGdprRequest", { id: request.id }));
    const erased = await (await getDb()).customer.findUniqueOrThrow({ where: { id: c.id } });

    const refused = await asAdmin(via, editor.token, create, { customerId: c.id, note: "Sorry to see you go.", notifyCustomer: true });
    expect(refused.status).toBe(422);
    expect(refused.fields.notifyCustomer?.[0]).toMatch(/erased/);
    expect(await notesOf(c.id)).toEqual([]);
    expect(await (await getDb()).mailMessage.count({ where: { to: erased.email } })).toBe(0);

    must(await asAdmin(via, editor.token, create, { customerId: c.id, note: "Account erased on request." }), 201);
    expect(await notesOf(c.id)).toHaveLength(1);
  });
});

/** A signed-in panel admin whose role holds exactly `permissions`: the session cookie, its CSRF token and the admin. */
async function panelSession(permissions: string[]) {
  const db = await getDb();
  const password = "Notes-panel-123!";
  const role = await db.adminRole.create({ data: { name: unique("role"), permissionType: "custom", permissions } });
  const admin = await db.adminUser.create({
    data: { name: unique("Noter"), email: `${unique("noter")}@example.com`, passwordHash: await bcrypt.hash(password, 4), roleId: role.id, status: true, isOwner: false },
  });
  const res = await startSession(new Request(`${BASE}/admin/api/session`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: admin.email, password }) }));
  expect(res.status).toBe(200);
  const cookie = res.headers.get("set-cookie")!.split(";")[0];
  const who = await (await currentSession(new Request(`${BASE}/admin/api/session`, { headers: { cookie } }))).json();
  return { headers: { cookie, "X-CSRF-Token": who.csrfToken as string }, admin };
}

describe("the author of a note", () => {
  it.each(VIAS)("is the panel session's admin over %s, named as they were when they wrote it", async (via) => {
    const c = await someone();
    const s = await panelSession(["customers.view", "customers.edit"]);
    const made = must(await invoke(via, create, { customerId: c.id, note: "Written in the panel." }, { headers: s.headers }), 201);
    expect(made).toMatchObject({ authorId: s.admin.id, authorName: s.admin.name });

    const db = await getDb();
    await db.adminUser.update({ where: { id: s.admin.id }, data: { name: "Renamed" } });
    expect((await adminCall(owner, "GET", `/api/admin/customers/notes/${made.id}`)).body).toMatchObject({ authorId: s.admin.id, authorName: s.admin.name });
    // The admin's account goes; their note stays, with their name and without the link.
    await db.adminSession.deleteMany({ where: { adminId: s.admin.id } });
    await db.adminUser.delete({ where: { id: s.admin.id } });
    expect((await adminCall(owner, "GET", `/api/admin/customers/notes/${made.id}`)).body).toMatchObject({ authorId: null, authorName: s.admin.name });
  });

  it("cannot be set by a panel session without customers.edit", async () => {
    const c = await someone();
    const s = await panelSession(["customers.view"]);
    expect((await call("POST", "/api/admin/customers/notes", { customerId: c.id, note: "Not mine to write." }, { headers: s.headers })).status).toBe(403);
    expect((await call("GET", `/api/admin/customers/notes?customer_id=${c.id}`, undefined, { headers: s.headers })).status).toBe(200);
    expect(await notesOf(c.id)).toEqual([]);
  });
});

describe("a customer's notes and their personal data", () => {
  it("go with the customer when the customer is deleted", async () => {
    const c = await someone();
    must(await asAdmin("rest", editor.token, create, { customerId: c.id, note: "A note." }), 201);
    const db = await getDb();
    await db.customerToken.deleteMany({ where: { customerId: c.id } });
    expect((await adminCall(owner, "DELETE", `/api/admin/customers/${c.id}`)).status).toBe(200);
    expect(await notesOf(c.id)).toEqual([]);
  });

  it.each(VIAS)("are deleted by the customer's erasure (a completed delete request) over %s, and no one else's", async (via) => {
    const c = await someone();
    const other = await someone();
    must(await asAdmin(via, editor.token, create, { customerId: c.id, note: "Prefers morning deliveries.", notifyCustomer: true }), 201);
    must(await asAdmin(via, editor.token, create, { customerId: c.id, note: "Asked about erasure." }), 201);
    must(await asAdmin(via, editor.token, create, { customerId: other.id, note: "Stays." }), 201);
    const request = must(await invoke(via, "createGdprRequest", { type: "delete", message: "Erase me, please." }, { key, bearer: c.token }), 201);
    must(await asAdmin(via, owner, "processAdminGdprRequest", { id: request.id }));
    must(await asAdmin(via, owner, "completeAdminGdprRequest", { id: request.id }));

    expect(await notesOf(c.id)).toEqual([]);
    expect(await noteMails(c.email)).toEqual([]);
    expect((await notesOf(other.id)).map((n) => n.note)).toEqual(["Stays."]);
    const listed = must(await asAdmin("rest", owner, "adminCustomerNotes", { customerId: c.id }));
    expect(listed.data).toEqual([]);
  });

  it.each(VIAS)("are in the customer's GDPR export over %s, without their authors", async (via) => {
    const c = await someone();
    must(await asAdmin(via, editor.token, create, { customerId: c.id, note: "First contact." }), 201);
    must(await asAdmin(via, editor.token, create, { customerId: c.id, note: "Told them the parcel left.", notifyCustomer: true }), 201);
    const request = must(await invoke(via, "createGdprRequest", { type: "export", message: "What do you hold about me?" }, { key, bearer: c.token }), 201);
    must(await asAdmin(via, owner, "processAdminGdprRequest", { id: request.id }));
    must(await asAdmin(via, owner, "completeAdminGdprRequest", { id: request.id }));

    for (const file of [
      await call("GET", `/api/shop/gdpr-requests/${request.id}/export`, undefined, { key, bearer: c.token }),
      await adminCall(owner, "GET", `/api/admin/gdpr-requests/${request.id}/export`),
    ]) {
      expect(file.status).toBe(200);
      const data = typeof file.body === "string" ? JSON.parse(file.body) : file.body;
      expect(data.notes).toEqual([
        { note: "First contact.", customerNotified: false, createdAt: expect.any(String), updatedAt: expect.any(String) },
        { note: "Told them the parcel left.", customerNotified: true, createdAt: expect.any(String), updatedAt: expect.any(String) },
      ]);
      expect(JSON.stringify(data.notes)).not.toMatch(/Sub admin|authorId|authorName/);
    }
  });
});
