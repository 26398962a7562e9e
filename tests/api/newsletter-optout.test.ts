// An address that unsubscribed is not signed up again by the open newsletter write (issue 13, item 10): the guest
// form answers 409 and the row stays unsubscribed. Only the address's own signed-in account may subscribe it again
// (its newsletter subscription, its profile switch, or the open form while signed in as that account).
import { beforeAll, describe, expect, it } from "vitest";
import { customer, getDb, storefrontKey, unique } from "../support/client.ts";
import { invoke, must, VIAS } from "../support/invoke.ts";
import { createNewsletter, createNewsletterSubscription } from "../../lib/newsletter/operations.ts";
import { createCustomerNewsletterSubscription, deleteCustomerNewsletterSubscription, updateCustomerProfile } from "../../lib/profile/operations.ts";

let key: string;
beforeAll(async () => {
  key = await storefrontKey();
});

const row = async (email: string) => (await getDb()).newsletterSubscriber.findFirstOrThrow({ where: { email } });
const flag = async (id: number) => (await (await getDb()).customer.findUniqueOrThrow({ where: { id } })).subscribedToNewsletter;

describe.each(VIAS)("newsletter opt-out over %s", (via) => {
  it.each([createNewsletter, createNewsletterSubscription].filter((op) => via === "graphql" || op.rest))(
    "a guest cannot re-subscribe an address that opted out ($name)",
    async (op) => {
      const email = `${unique("nl")}@example.com`;
      expect((await invoke(via, op, { customerEmail: email }, { key })).ok).toBe(true);
      const db = await getDb();
      const first = await row(email);
      await db.newsletterSubscriber.update({ where: { id: first.id }, data: { isSubscribed: false } }); // the shopper unsubscribed
      const before = await row(email);

      const again = await invoke(via, op, { customerEmail: email }, { key });
      expect(again.status, JSON.stringify(again.body)).toBe(409);
      expect(again.message).toMatch(/unsubscribed from the newsletter earlier/);
      const after = await row(email);
      expect(after).toMatchObject({ isSubscribed: false, customerId: null });
      expect(after.updatedAt).toEqual(before.updatedAt);
      expect(await db.newsletterSubscriber.count({ where: { email } })).toBe(1);
    },
  );

  it("the customer who unsubscribed may subscribe again from the account; a guest may not", async () => {
    const me = await customer(key);
    const auth = { key, bearer: me.token };
    must(await invoke(via, createCustomerNewsletterSubscription, {}, auth), 201);
    must(await invoke(via, deleteCustomerNewsletterSubscription, {}, auth));
    expect(await row(me.email)).toMatchObject({ isSubscribed: false, customerId: me.id });

    const guest = await invoke(via, createNewsletter, { customerEmail: me.email }, { key });
    expect(guest.status).toBe(409);
    expect(await row(me.email)).toMatchObject({ isSubscribed: false });
    expect(await flag(me.id)).toBe(false);

    expect(must(await invoke(via, createCustomerNewsletterSubscription, {}, auth), 201)).toMatchObject({ isSubscribed: true });
    expect(await row(me.email)).toMatchObject({ isSubscribed: true, customerId: me.id });
    expect(await flag(me.id)).toBe(true);
  });

  it("the profile switch re-subscribes its own opted-out address", async () => {
    const me = await customer(key, { subscribedToNewsLetter: true });
    const auth = { key, bearer: me.token };
    must(await invoke(via, updateCustomerProfile, { id: me.id, subscribedToNewsLetter: false }, auth));
    expect(await row(me.email)).toMatchObject({ isSubscribed: false });
    expect(must(await invoke(via, updateCustomerProfile, { id: me.id, subscribedToNewsLetter: true }, auth)).subscribedToNewsLetter).toBe(true);
    expect(await row(me.email)).toMatchObject({ isSubscribed: true, customerId: me.id });
  });

  it("a signed-in customer speaks only for their own address on the open form", async () => {
    const me = await customer(key);
    const auth = { key, bearer: me.token };
    // Their own opted-out address: allowed.
    must(await invoke(via, createCustomerNewsletterSubscription, {}, auth), 201);
    must(await invoke(via, deleteCustomerNewsletterSubscription, {}, auth));
    expect((await invoke(via, createNewsletter, { customerEmail: me.email }, auth)).ok).toBe(true);
    expect(await row(me.email)).toMatchObject({ isSubscribed: true, customerId: me.id });

    // Someone else's opted-out address: refused, and nothing is linked to the caller.
    const other = `${unique("nl")}@example.com`;
    await (await getDb()).newsletterSubscriber.create({ data: { email: other, channelId: 1, isSubscribed: false, token: unique("tok") } });
    expect((await invoke(via, createNewsletter, { customerEmail: other }, auth)).status).toBe(409);
    expect(await row(other)).toMatchObject({ isSubscribed: false, customerId: null });

    // A new address that is not theirs: subscribed, but neither linked to them nor flipping their own flag.
    must(await invoke(via, deleteCustomerNewsletterSubscription, {}, auth));
    const fresh = `${unique("nl")}@example.com`;
    expect((await invoke(via, createNewsletter, { customerEmail: fresh }, auth)).ok).toBe(true);
    expect(await row(fresh)).toMatchObject({ isSubscribed: true, customerId: null });
    expect(await flag(me.id)).toBe(false);
  });
});
