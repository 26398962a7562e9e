// Issue 36 item 5: a new password is confirmed under either name the family's clients use, `confirmPassword`
// (registration and profile) or `passwordConfirmation` (password reset), on REST and GraphQL; a different
// confirmation is a 422 on the name the client sent, a missing one on the operation's documented name, and nothing
// is written.
import { beforeAll, describe, expect, it } from "vitest";
import { call, customer, getDb, storefrontKey, unique } from "../support/client.ts";
import { invoke, VIAS } from "../support/invoke.ts";
import { unsealMail } from "../../lib/mail/sealed.ts";

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

const PASSWORD = "Brand-new-Pass9!";
const login = async (email: string, password: string) => (await call("POST", "/api/shop/customer/login", { email, password }, { key })).status;

describe.each(VIAS)("a confirmed password over %s", (via) => {
  it("registers with passwordConfirmation as with confirmPassword; a missing or different one is refused and creates nothing", async () => {
    const person = { firstName: "Con", lastName: "Firm", password: PASSWORD };
    const email = `${unique("confirm")}@example.com`;
    const made = await invoke(via, "createCustomer", { ...person, email, passwordConfirmation: PASSWORD }, { key });
    expect(made.status, JSON.stringify(made.raw)).toBe(201);
    expect(await login(email, PASSWORD)).toBe(200);

    const db = await getDb();
    const cases = [
      [{}, "confirmPassword", "is required"],
      [{ passwordConfirmation: "Other-pass9!x" }, "passwordConfirmation", "does not match"],
      [{ confirmPassword: "Other-pass9!x" }, "confirmPassword", "does not match"],
    ] as const;
    for (const [confirmation, field, message] of cases) {
      const other = `${unique("unconfirmed")}@example.com`;
      const refused = await invoke(via, "createCustomer", { ...person, email: other, ...confirmation }, { key });
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.fields)).toEqual([field]);
      expect(refused.fields[field]?.[0]).toContain(message);
      expect(await db.customer.count({ where: { email: other } })).toBe(0);
    }
  });

  it("resets with confirmPassword as with passwordConfirmation", async () => {
    const shopper = await customer(key);
    expect((await call("POST", "/api/shop/customers/forgot-password", { email: shopper.email }, { key })).status).toBe(200);
    const db = await getDb();
    const mail = await db.mailMessage.findFirstOrThrow({ where: { to: shopper.email, kind: "password_reset" }, orderBy: { id: "desc" } });
    const link = new URL(/https?:\/\/\S+\/account\/reset-password\?\S+/.exec((await unsealMail(db, mail))!.text)![0]);
    const input = { token: link.searchParams.get("token")!, email: shopper.email, password: PASSWORD };
    // Each name's mismatch is reported under that name: a form shows it under the field it sent.
    for (const field of ["confirmPassword", "passwordConfirmation"] as const) {
      const mismatch = await invoke(via, "createResetPassword", { ...input, [field]: "Other-pass9!x" }, { key });
      expect(mismatch.status).toBe(422);
      expect(Object.keys(mismatch.fields)).toEqual([field]);
      expect(mismatch.fields[field]?.[0]).toContain("does not match");
    }
    const done = await invoke(via, "createResetPassword", { ...input, confirmPassword: PASSWORD }, { key });
    expect(done.status, JSON.stringify(done.raw)).toBe(200);
    expect(await login(shopper.email, PASSWORD)).toBe(200);
  });

  it("changes a profile's password with passwordConfirmation as with confirmPassword", async () => {
    const shopper = await customer(key);
    const auth = { key, bearer: shopper.token };
    const base = { id: shopper.id, currentPassword: shopper.password, password: PASSWORD };
    expect((await invoke(via, "updateCustomerProfile", { ...base, passwordConfirmation: "Other-pass9!x" }, auth)).status).toBe(422);
    expect(await login(shopper.email, shopper.password)).toBe(200);
    const changed = await invoke(via, "updateCustomerProfile", { ...base, passwordConfirmation: PASSWORD }, auth);
    expect(changed.status, JSON.stringify(changed.raw)).toBe(200);
    expect(await login(shopper.email, PASSWORD)).toBe(200);
  });
});
