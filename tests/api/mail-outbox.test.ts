// Issue 18 part 1, without SMTP_URL (the embedded default): every change that mails the customer writes its message
// to the outbox in its own transaction, marked transport "none" and never sent; a refused change writes none. The
// operator reads the outbox with `npm run commerce -- mail list` and in the Admin API (settings.mail.view).
import { beforeAll, describe, expect, it } from "vitest";
import { cli } from "../support/cli.ts";
import { call, customer, getDb, storefrontKey } from "../support/client.ts";
import { adminToken, asAdmin } from "../support/admin.ts";
import { invoke, VIAS } from "../support/invoke.ts";
import { placedOrder, raise, shopper, storeAct, type Shopper } from "../support/returns.ts";

delete process.env.SMTP_URL;

const kindsTo = async (email: string) =>
  (await (await getDb()).mailMessage.findMany({ where: { to: email }, orderBy: { id: "asc" } })).map((m) => m.kind);

let key: string;
let admin: string;
let who: Shopper;
let email: string;
beforeAll(async () => {
  key = await storefrontKey();
  admin = await adminToken();
  who = await shopper(key);
  email = (await (await getDb()).customer.findUniqueOrThrow({ where: { id: who.id } })).email;
});

describe("the outbox without SMTP_URL", () => {
  it("each change writes its mail; none is sent; a refused change writes none", async () => {
    const auth = { key, bearer: who.token };
    const order = await placedOrder(who, [{ qty: 2 }]);
    const ret = await raise("rest", who, order.lines[0].id, 1);
    expect(await storeAct("accept", ret.id)).toBe(200);
    expect(await storeAct("reply", ret.id)).toBe(200);

    const gdpr = await invoke("rest", "createGdprRequest", { type: "update", message: "Please fix my name." }, auth);
    expect(gdpr.status, JSON.stringify(gdpr.raw)).toBe(201);
    expect((await asAdmin("rest", admin, "processAdminGdprRequest", { id: gdpr.data.id })).status).toBe(200);
    expect((await asAdmin("rest", admin, "completeAdminGdprRequest", { id: gdpr.data.id })).status).toBe(200);

    const withdrawal = await invoke("rest", "createEuWithdrawal", { orderId: order.id, reasonText: "Changed my mind." }, auth);
    expect(withdrawal.status, JSON.stringify(withdrawal.raw)).toBeLessThan(300);

    const pending = await placedOrder(who, [{ qty: 1, shipped: 0 }], { status: "pending" });
    await (await getDb()).orderItem.updateMany({ where: { orderId: pending.id }, data: { qtyInvoiced: 0 } });
    expect((await invoke("rest", "createCancelOrder", { id: pending.id }, auth)).status).toBe(200);
    // Refused: already canceled. No second mail.
    expect((await invoke("rest", "createCancelOrder", { id: pending.id }, auth)).status).toBeGreaterThanOrEqual(400);

    expect(await kindsTo(email)).toEqual([
      "registration",
      "order_placed",
      "return_raised",
      "return_status",
      "return_reply",
      "gdpr_received",
      "gdpr_completed",
      "eu_withdrawal_received",
      "order_placed",
      "order_canceled",
    ]);
    const rows = await (await getDb()).mailMessage.findMany({ where: { to: email } });
    for (const m of rows) {
      expect(m).toMatchObject({ transport: "none", sentAt: null, nextAttemptAt: null, attempts: 0 });
      expect(m.text.length).toBeGreaterThan(10);
      expect(m.html).toContain("<p>");
    }
    const status = rows.find((m) => m.kind === "return_status")!;
    expect(status.subject).toBe(`Return #${ret.id}: Accepted`);
    expect(rows.find((m) => m.kind === "return_reply")!.text).toContain("We are looking into it.");
  });

  it("a registration that fails writes no mail", async () => {
    const taken = await customer(key);
    const again = await call("POST", "/api/shop/customers", { firstName: "A", lastName: "B", email: taken.email, password: "Secret123!pass", confirmPassword: "Secret123!pass" }, { key });
    expect(again.status).toBe(422);
    expect(await kindsTo(taken.email)).toEqual(["registration"]);
  });
});

describe("mail list", () => {
  it("prints the outbox newest first, as JSON with --json, filtered by --to", async () => {
    const reset = await call("POST", "/api/shop/customers/forgot-password", { email }, { key });
    expect(reset.status).toBe(200);

    const [json, text] = await Promise.all([cli("mail", "list", "--to", email.toUpperCase(), "--json"), cli("mail", "list", "--to", email)]);
    expect(json.code, json.stderr).toBe(0);
    const listed = JSON.parse(json.stdout) as Record<string, unknown>[];
    expect(listed.length).toBeGreaterThanOrEqual(2);
    expect(listed.every((m) => m.to === email)).toBe(true);
    expect(listed[0]).toMatchObject({
      to: email,
      kind: "password_reset",
      subject: "Reset your password",
      text: expect.stringContaining("/account/reset-password?token="),
      html: expect.stringContaining("<a href="),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      sentAt: null,
      transport: "none",
      status: "unsent",
    });
    const times = listed.map((m) => Date.parse(m.createdAt as string));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout.split("\n")[0]).toContain("Reset your password");
    expect(text.stdout).toContain(email);
  }, 90_000);
});

describe.each(VIAS)("the Admin API over %s", (via) => {
  it("lists the outbox newest first to a holder of settings.mail.view, and refuses others", async () => {
    const listed = await asAdmin(via, admin, "adminMailMessages", { to: email });
    expect(listed.status, JSON.stringify(listed.raw)).toBe(200);
    const rows = (via === "rest" ? listed.data.data : listed.data) as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows[0]).toMatchObject({ to: email, transport: "none", status: "unsent", sentAt: null, html: expect.stringContaining("<p>") });
    const ids = rows.map((r) => Number(r._id ?? r.id));
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    const one = await asAdmin(via, admin, "adminMailMessage", { id: ids[0] });
    expect(one.status).toBe(200);
    expect(one.data.subject).toBe(rows[0].subject);

    const bad = await asAdmin(via, admin, "adminMailMessages", { kind: "postcard" });
    expect(bad.status).toBe(422);

    const outsider = await adminToken({ role: ["settings.roles.view"] });
    expect((await asAdmin(via, outsider, "adminMailMessages", {})).status).toBe(403);
    const reader = await adminToken({ role: ["settings.mail.view"] });
    expect((await asAdmin(via, reader, "adminMailMessages", {})).status).toBe(200);
  });
});
