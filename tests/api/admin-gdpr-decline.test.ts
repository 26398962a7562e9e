// Declining a GDPR request takes a reason (Admin API `declineAdminGdprRequest`, REST and GraphQL): required,
// trimmed, at most 2000 characters, a 422 that moves nothing when missing or blank. The reason is kept on the
// request, shown in the admin's request output and in the customer's export, and mailed to the customer in the
// decline's transaction, since the GDPR wants them told why their request is not acted on. The Shop API's request
// shape has no place for it and shows none.
import { beforeAll, describe, expect, it } from "vitest";
import { customer, getDb, storefrontKey } from "../support/client.ts";
import { adminCall, adminToken, asAdmin } from "../support/admin.ts";
import { invoke, must, VIAS } from "../support/invoke.ts";

delete process.env.SMTP_URL;

let key: string;
let admin: string;
beforeAll(async () => {
  [key, admin] = await Promise.all([storefrontKey(), adminToken()]);
});

const decline = "declineAdminGdprRequest";
const REASON = "We could not confirm that the request comes from the account holder.";

/** A customer with one pending request of `type`. */
async function asked(type: "delete" | "update" | "export" = "delete") {
  const me = await customer(key);
  const auth = { key, bearer: me.token };
  const request = must(await invoke("rest", "createGdprRequest", { type, message: "Please act on my data." }, auth), 201);
  return { me: { id: me.id, email: me.email }, auth, id: request.id as number };
}

const stored = async (id: number) => (await getDb()).gdprRequest.findUniqueOrThrow({ where: { id } });
const declineMails = async (to: string) => (await getDb()).mailMessage.findMany({ where: { to, kind: "gdpr_declined" } });

describe.each(VIAS)("declining a GDPR request over %s", (via) => {
  it("keeps the trimmed reason, shows it to the admin and mails it to the customer", async () => {
    const { me, auth, id } = await asked();
    const res = await asAdmin(via, admin, decline, { id, reason: `  ${REASON}\n` });
    expect(res.status, JSON.stringify(res.raw)).toBe(200);
    expect(res.data).toMatchObject({ id, status: "declined", declineReason: REASON });
    expect(await stored(id)).toMatchObject({ status: "declined", declineReason: REASON });
    expect((await adminCall(admin, "GET", `/api/admin/gdpr-requests/${id}`)).body).toMatchObject({ status: "declined", declineReason: REASON });

    const mails = await declineMails(me.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`#${id}`);
    expect(mails[0].text).toContain(REASON);
    expect(mails[0].html).toContain("We could not confirm that the request comes from the account holder.");

    // The Shop API's request shape has no reason field: the customer reads it in the mail.
    const mine = must(await invoke(via, "gdprRequest", { id }, auth));
    expect(mine.status).toBe("declined");
    expect(mine).not.toHaveProperty("declineReason");
  });

  it.each([
    ["no reason", {}],
    ["a blank reason", { reason: "  \n " }],
    ["a reason of 2001 characters", { reason: "x".repeat(2001) }],
    ["a reason that is no text", { reason: 42 }],
  ])("refuses %s and moves nothing", async (name, input) => {
    const { me, id } = await asked();
    const res = await asAdmin(via, admin, decline, { id, ...input });
    if (via === "graphql" && name !== "a blank reason" && name !== "a reason of 2001 characters") {
      // GraphQL refuses an input of the wrong shape before the operation runs.
      expect(res.status).toBe(400);
      expect(res.message).toMatch(/reason/);
    } else {
      expect(res.status, JSON.stringify(res.raw)).toBe(422);
      const says: Record<string, RegExp> = { "a reason of 2001 characters": /at most 2000/, "a reason that is no text": /must be text/ };
      expect(res.fields.reason?.[0]).toMatch(says[name] ?? /is required: say why/);
    }
    expect(await stored(id)).toMatchObject({ status: "pending", declineReason: null });
    expect(await declineMails(me.email)).toEqual([]);
  });

  it("refuses a role without gdpr.edit, and a request past declining, writing nothing", async () => {
    const { me, id } = await asked();
    const viewer = await adminToken({ role: ["gdpr.view"] });
    expect((await asAdmin(via, viewer, decline, { id, reason: REASON })).status).toBe(403);
    must(await asAdmin(via, admin, "processAdminGdprRequest", { id }));
    must(await asAdmin(via, admin, "completeAdminGdprRequest", { id }));
    expect((await asAdmin(via, admin, decline, { id, reason: REASON })).status).toBe(409);
    expect(await stored(id)).toMatchObject({ status: "completed", declineReason: null });
    expect(await declineMails(me.email)).toEqual([]);
  });

  it("declines a request in progress too; processing and completing leave the reason empty", async () => {
    const { id } = await asked("update");
    expect(must(await asAdmin(via, admin, "processAdminGdprRequest", { id }))).toMatchObject({ status: "processing", declineReason: null });
    expect(must(await asAdmin(via, admin, decline, { id, reason: REASON }))).toMatchObject({ status: "declined", declineReason: REASON });
    expect((await asAdmin(via, admin, decline, { id, reason: "Again." })).status).toBe(409);
    expect((await stored(id)).declineReason).toBe(REASON);
  });
});

describe("the decline reason and the customer's data", () => {
  it("is in the customer's export beside the request it declined", async () => {
    const { auth, id: declined } = await asked("update");
    must(await asAdmin("rest", admin, decline, { id: declined, reason: REASON }));
    const exported = must(await invoke("rest", "createGdprRequest", { type: "export", message: "Send me my data." }, auth), 201);
    must(await asAdmin("rest", admin, "processAdminGdprRequest", { id: exported.id }));
    must(await asAdmin("rest", admin, "completeAdminGdprRequest", { id: exported.id }));
    const file = await adminCall(admin, "GET", `/api/admin/gdpr-requests/${exported.id}/export`);
    expect(file.status).toBe(200);
    const data = typeof file.body === "string" ? JSON.parse(file.body) : file.body;
    expect(data.gdprRequests.map((r: { type: string; declineReason: string | null }) => [r.type, r.declineReason])).toEqual([["update", REASON], ["export", null]]);
  });

  it("is not mailed to a customer erased since they asked", async () => {
    const { me, auth, id: pending } = await asked("update");
    const erase = must(await invoke("rest", "createGdprRequest", { type: "delete", message: "Erase me." }, auth), 201);
    must(await asAdmin("rest", admin, "processAdminGdprRequest", { id: erase.id }));
    must(await asAdmin("rest", admin, "completeAdminGdprRequest", { id: erase.id }));
    const gone = (await stored(pending)).email;
    expect(gone).not.toBe(me.email);

    expect(must(await asAdmin("rest", admin, decline, { id: pending, reason: REASON }))).toMatchObject({ status: "declined", declineReason: REASON });
    expect(await declineMails(gone)).toEqual([]);
    expect(await declineMails(me.email)).toEqual([]);
  });
});
