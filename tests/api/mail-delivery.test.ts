// Issue 18 part 1: transactional mail leaves through a real SMTP server (smtp-server, in process), parsed back with
// mailparser. Messages are written in the transaction of the change and sent after it by the job queue's mail jobs
// (lib/mail/jobs.ts), run here directly (runMailJobs) so no test waits on a timer. A mail server that is down does not
// fail a checkout: the message waits, backs off and is delivered when the server is back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closedPort, smtpServer, type Inbox } from "../support/smtp.ts";
import { call, customer, getDb, storefrontKey, unique } from "../support/client.ts";
import { ADDRESS, freshProduct, guestCartWith, readyToPlace } from "../support/checkout.ts";
import { adminToken, asAdmin } from "../support/admin.ts";
import { BASE } from "../support/app.ts";
import { invoke, VIAS } from "../support/invoke.ts";
import { backoffMs } from "../../lib/mail/outbox.ts";
import { runMailJobs } from "../support/jobs.ts";

const FROM = "Test Store <shop@example.test>";
let inbox: Inbox;
let key: string;
let token: string;
beforeAll(async () => {
  inbox = await smtpServer();
  process.env.SMTP_URL = `smtp://127.0.0.1:${inbox.port}`;
  process.env.MAIL_FROM = FROM;
  key = await storefrontKey();
  token = await adminToken();
});
afterAll(async () => {
  await inbox.close();
  delete process.env.SMTP_URL;
});

const drain = runMailJobs;
const to = (email: string) => inbox.mails.filter((m) => m.envelopeTo.includes(email)).map((m) => m.mail);

/** A guest order for `email`, placed through the Shop API (cash on delivery). */
async function guestOrder(email: string, firstName = ADDRESS.billingFirstName) {
  const product = await freshProduct({ qty: 5, price: "30" });
  const cart = await guestCartWith(key, [{ productId: product, quantity: 1 }], false);
  const address = await call("POST", "/api/shop/checkout/set-billing-address", { ...ADDRESS, billingEmail: email, billingFirstName: firstName }, { key, bearer: cart });
  expect(address.status).toBe(200);
  await readyToPlace(key, cart);
  const placed = await call("POST", "/api/shop/checkout/place-order", {}, { key, bearer: cart });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return placed.body.orderId as number;
}

describe("mail through SMTP", () => {
  it("a mail server that is down: the checkout succeeds, the message retries with backoff and is delivered when it is back", async () => {
    const port = await closedPort();
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    try {
      const email = `${unique("down")}@example.com`;
      const started = Date.now();
      const orderId = await guestOrder(email);
      expect(Date.now() - started).toBeLessThan(10_000);
      const db = await getDb();
      const row = await db.mailMessage.findFirstOrThrow({ where: { to: email, kind: "order_placed" } });
      expect(row).toMatchObject({ transport: "smtp", sentAt: null, attempts: 0 });

      const t0 = new Date();
      await drain(t0);
      const failed = await db.mailMessage.findUniqueOrThrow({ where: { id: row.id } });
      expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
      expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(failed.nextAttemptAt!.getTime()).toBe(t0.getTime() + backoffMs(1));
      // Its job waits for the same moment, one try made.
      const job = await db.job.findUniqueOrThrow({ where: { key: `mail-${row.id}` } });
      expect(job).toMatchObject({ name: "mail.send", state: "waiting", attempts: 1, maxAttempts: 8, runAt: failed.nextAttemptAt });
      expect(job.lastError).toMatch(/ECONNREFUSED|connect/i);

      // Not due yet: nothing is tried.
      await drain(new Date(t0.getTime() + 1000));
      expect(await db.mailMessage.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ attempts: 1, sentAt: null });

      const back = await smtpServer(port);
      try {
        const later = new Date(t0.getTime() + backoffMs(1) + 1);
        await drain(later);
        const sent = await db.mailMessage.findUniqueOrThrow({ where: { id: row.id } });
        expect(sent.sentAt).not.toBeNull();
        expect(sent.attempts).toBe(2);
        expect(sent.nextAttemptAt).toBeNull();
        const [mail] = back.mails.filter((m) => m.envelopeTo.includes(email)).map((m) => m.mail);
        const order = await db.order.findUniqueOrThrow({ where: { id: orderId } });
        expect(mail.subject).toBe(`Your order #${order.incrementId} has been placed`);
        // Sent once: a further drain finds nothing.
        await drain(new Date(later.getTime() + 86_400_000));
        expect(await db.job.findUniqueOrThrow({ where: { key: `mail-${row.id}` } })).toMatchObject({ state: "completed", attempts: 2 });
        expect(back.mails.filter((m) => m.envelopeTo.includes(email))).toHaveLength(1);
      } finally {
        await back.close();
      }
    } finally {
      process.env.SMTP_URL = `smtp://127.0.0.1:${inbox.port}`;
    }
  });

  it("an order placed, shipped and refunded leaves its three mails, each with a text and an HTML part and a link", async () => {
    const shopper = await customer(key, { firstName: `<b>Tom & "Jerry"</b>` });
    const product = await freshProduct({ qty: 5, price: "30" });
    const add = await call("POST", "/api/shop/cart/add-to-cart", { productId: product, quantity: 1 }, { key, bearer: shopper.token });
    expect(add.status).toBe(200);
    const { billingEmail: _e, ...address } = ADDRESS;
    expect((await call("POST", "/api/shop/checkout/set-billing-address", address, { key, bearer: shopper.token })).status).toBe(200);
    await readyToPlace(key, shopper.token);
    const placed = await call("POST", "/api/shop/checkout/place-order", {}, { key, bearer: shopper.token });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = placed.body.orderId as number;

    expect((await asAdmin("rest", token, "invoiceAdminOrder", { id: orderId })).status).toBe(201);
    expect((await asAdmin("rest", token, "shipAdminOrder", { id: orderId, carrierTitle: "UPS", trackNumber: "1Z<42>" })).status).toBe(201);
    const refunded = await asAdmin("rest", token, "refundAdminOrder", { id: orderId });
    expect(refunded.status, JSON.stringify(refunded.raw)).toBe(201);

    // Nothing left before the drain: the changes wrote the messages, the drain sends them.
    expect(to(shopper.email)).toHaveLength(0);
    await drain();

    const mails = to(shopper.email);
    const order = await (await getDb()).order.findUniqueOrThrow({ where: { id: orderId } });
    const n = order.incrementId;
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [
        "Welcome to our store",
        `Your order #${n} has been placed`,
        `Invoice for your order #${n}`,
        `Your order #${n} has shipped`,
        `Refund for your order #${n}`,
      ].sort(),
    );
    const orderUrl = `${BASE}/account/orders/${orderId}`;
    for (const subject of [`Your order #${n} has been placed`, `Your order #${n} has shipped`, `Refund for your order #${n}`]) {
      const mail = mails.find((m) => m.subject === subject)!;
      expect(mail.from?.value[0]).toMatchObject({ name: "Test Store", address: "shop@example.test" });
      expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe(shopper.email);
      expect(mail.text).toContain(orderUrl);
      expect(mail.html).toContain(`<a href="${orderUrl}">`);
      // The customer's name is escaped in the HTML part and left as typed in the text part.
      expect(mail.html).toContain("Hello &lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;,");
      expect(mail.html).not.toContain("<b>Tom");
      expect(mail.text).toContain(`Hello <b>Tom & "Jerry"</b>,`);
    }
    // Every order mail shows the order: its lines, totals, both addresses, the payment and delivery methods.
    const sku = (await (await getDb()).product.findUniqueOrThrow({ where: { id: product } })).sku;
    const money = (v: unknown) => `$${Number(v).toFixed(2)}`;
    for (const subject of [`Your order #${n} has been placed`, `Invoice for your order #${n}`, `Your order #${n} has shipped`, `Refund for your order #${n}`]) {
      const mail = mails.find((m) => m.subject === subject)!;
      expect(mail.text, subject).toContain(`Your order:\n1 × Test ${sku} (${sku}): $30.00`);
      expect(mail.text, subject).toContain(`Subtotal: $30.00\nShipping: ${money(order.shippingAmount)}`);
      expect(mail.text, subject).toContain(`Total: ${money(order.grandTotal)}`);
      expect(mail.text, subject).toContain("Billing address:\nAda Lovelace\n12 Analytical Street\n94107 San Francisco, CA\nUS\n555-0100");
      expect(mail.text, subject).toContain("Shipping address:\nAda Lovelace\n12 Analytical Street");
      expect(mail.text, subject).toContain("Payment: Cash On Delivery\nDelivery: Flat Rate");
      expect(mail.html, subject).toContain("Billing address:<br>Ada Lovelace<br>12 Analytical Street");
    }
    const shipped = mails.find((m) => m.subject === `Your order #${n} has shipped`)!;
    expect(shipped.text).toContain("Tracking number: 1Z<42>");
    expect(shipped.html).toContain("Tracking number: 1Z&lt;42&gt;");
    const refund = await (await getDb()).refund.findFirstOrThrow({ where: { orderId } });
    expect(mails.find((m) => m.subject === `Refund for your order #${n}`)!.text).toContain(`A refund of $${Number(refund.grandTotal).toFixed(2)} has been issued`);
  });

  it("a guest's order mail links to the order: the link shows it over REST and GraphQL, the outbox holds no live link", async () => {
    const email = `${unique("guest-link")}@example.com`;
    const orderId = await guestOrder(email);
    const db = await getDb();
    const order = await db.order.findUniqueOrThrow({ where: { id: orderId } });
    const stored = await db.mailMessage.findFirstOrThrow({ where: { to: email, kind: "order_placed" } });
    expect(stored.text).toContain(`${BASE}/orders/view?token=sealed-order-${orderId}`);
    await drain();

    const [mail] = to(email);
    const link = new URL(mail.text!.match(/https?:\/\/\S+\/orders\/view\?token=\S+/)![0]);
    const token = link.searchParams.get("token")!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(mail.html).toContain(`<a href="${link.href}">`);
    // Only its hash is kept, and the stored mail still holds the seal.
    expect(await db.orderAccessToken.findMany({ where: { orderId } })).toEqual([expect.objectContaining({ tokenHash: expect.not.stringContaining(token) })]);
    expect((await db.mailMessage.findUniqueOrThrow({ where: { id: stored.id } })).text).not.toContain(token);

    for (const via of VIAS) {
      const shown = await invoke(via, "guestOrder", { token }, { key });
      expect(shown.status, JSON.stringify(shown.raw)).toBe(200);
      expect(shown.data).toMatchObject({ incrementId: order.incrementId, customerEmail: email, items: [expect.objectContaining({ qtyOrdered: 1 })] });
      expect(shown.data.addresses).toHaveLength(2);
    }
    // A token changed by one character, the seal itself, no storefront key, a blank token: nothing shown.
    const other = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const wrong of [other, `sealed-order-${orderId}`]) expect((await invoke("rest", "guestOrder", { token: wrong }, { key })).status).toBe(404);
    expect((await invoke("graphql", "guestOrder", { token: other }, { key })).status).toBe(404);
    expect((await invoke("rest", "guestOrder", { token }, {})).status).toBeGreaterThanOrEqual(401);
    expect((await invoke("rest", "guestOrder", { token: " " }, { key })).status).toBe(422);
    // Past its days the link shows nothing; the next mail carries a fresh one.
    await db.orderAccessToken.updateMany({ where: { orderId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await invoke("rest", "guestOrder", { token }, { key })).status).toBe(404);
  });

  it("a guest who names themselves after another's order link gets nothing of that order", async () => {
    const victim = await guestOrder(`${unique("victim")}@example.com`);
    await drain();
    const before = await (await getDb()).orderAccessToken.count({ where: { orderId: victim } });
    const email = `${unique("imitator")}@example.com`;
    await guestOrder(email, `sealed-order-${victim}`);
    await drain();
    const [mail] = to(email);
    expect(mail.text).toContain("Hello unavailable");
    expect(await (await getDb()).orderAccessToken.count({ where: { orderId: victim } })).toBe(before);
  });

  it("a French cart gets French mail; two drains racing send each message once", async () => {
    const email = `${unique("fr")}@example.com`;
    const product = await freshProduct({ qty: 5, price: "30" });
    const made = await call("POST", "/api/shop/cart-tokens", {}, { key, headers: { "X-LOCALE": "fr" } });
    const cart = made.body.cartToken as string;
    const fr = { key, bearer: cart, headers: { "X-LOCALE": "fr" } };
    expect((await call("POST", "/api/shop/cart/add-to-cart", { productId: product, quantity: 1 }, fr)).status).toBe(200);
    expect((await call("POST", "/api/shop/checkout/set-billing-address", { ...ADDRESS, billingEmail: email }, fr)).status).toBe(200);
    await readyToPlace(key, cart);
    expect((await call("POST", "/api/shop/checkout/place-order", {}, fr)).status).toBe(200);

    await Promise.all([drain(), drain()]);
    const mails = to(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^Votre commande n° .+ est enregistrée$/);
    expect(mails[0].text).toMatch(/^Bonjour/);
    expect(mails[0].text).toContain("Adresse de facturation:\nAda Lovelace");
    expect(mails[0].text).toMatch(/Votre commande:\n1 × /);
    const row = await (await getDb()).mailMessage.findFirstOrThrow({ where: { to: email } });
    expect(row).toMatchObject({ locale: "fr", attempts: 1 });
  });
});

// Issue 28 item 3: a reset mail is stored sealed and its token made as it is sent, so an admin who may read the
// outbox (settings.mail.view) finds nothing there that resets the password, before or after delivery, while the
// customer's mail carries a working link.
describe("the outbox keeps no live secret", () => {
  const CHOSEN = "Attacker-Chosen-Lamp-42";
  const login = async (email: string, password: string) => (await call("POST", "/api/shop/customer/login", { email, password }, { key })).status;

  /** Every string a reader could lift from the outbox rows the Admin API shows, as a candidate reset token. */
  async function liftFromOutbox(reader: string, email: string): Promise<string[]> {
    const lifted = new Set<string>();
    for (const via of VIAS) {
      const listed = await asAdmin(via, reader, "adminMailMessages", { to: email, kind: "password_reset" });
      expect(listed.status, JSON.stringify(listed.raw)).toBe(200);
      const rows = (via === "rest" ? listed.data.data : listed.data) as Record<string, unknown>[];
      expect(rows.length).toBeGreaterThanOrEqual(1);
      const one = await asAdmin(via, reader, "adminMailMessage", { id: Number(rows[0]._id ?? rows[0].id) });
      expect(one.status).toBe(200);
      for (const row of [...rows, one.data]) {
        const dump = JSON.stringify(row);
        for (const m of dump.matchAll(/[\w-]{8,}/g)) lifted.add(m[0]);
        for (const m of dump.matchAll(/https?:\/\/[^\s"<>]+/g)) {
          const url = new URL(m[0].replaceAll("&amp;", "&"));
          for (const v of url.searchParams.values()) lifted.add(v);
        }
      }
    }
    return [...lifted];
  }

  async function tryEach(candidates: string[], email: string) {
    for (const token of candidates) {
      for (const via of VIAS) {
        const res = await invoke(via, "createResetPassword", { token, email, password: CHOSEN, passwordConfirmation: CHOSEN }, { key });
        expect(res.status, `${via} ${token}`).toBe(400);
      }
    }
  }

  it("a mail reader lifts nothing that resets the password, before or after delivery; the delivered link works", async () => {
    const victim = await customer(key);
    const reader = await adminToken({ role: ["settings.mail.view"] });
    expect((await call("POST", "/api/shop/customers/forgot-password", { email: victim.email }, { key })).status).toBe(200);

    const before = await liftFromOutbox(reader, victim.email);
    await tryEach(before, victim.email);
    expect(before.some((s) => s.startsWith("sealed-reset-"))).toBe(true);

    await drain();
    const [mail] = to(victim.email).filter((m) => m.subject === "Reset your password");
    const link = new URL(/https?:\/\/\S+\/account\/reset-password\?\S+/.exec(mail.text!)![0]);
    const token = link.searchParams.get("token")!;
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect(mail.html).toContain(`href="${link.toString().replaceAll("&", "&amp;")}"`);

    const row = await (await getDb()).mailMessage.findFirstOrThrow({ where: { to: victim.email, kind: "password_reset" } });
    expect(row.sentAt).not.toBeNull();
    const after = await liftFromOutbox(reader, victim.email);
    expect(after).not.toContain(token);
    await tryEach(after, victim.email);
    expect(await login(victim.email, victim.password)).toBe(200);
    expect(await login(victim.email, CHOSEN)).toBe(401);

    // The customer's own mail still resets the password.
    const NEW = "Owner-Chosen-Lamp-42";
    const done = await invoke("rest", "createResetPassword", { token, email: link.searchParams.get("email"), password: NEW, passwordConfirmation: NEW }, { key });
    expect(done.status, JSON.stringify(done.raw)).toBe(200);
    expect(await login(victim.email, NEW)).toBe(200);
  });

  it("a reset mail whose reset was replaced before it left is not sent: its link could only fail", async () => {
    const victim = await customer(key);
    const forgot = () => call("POST", "/api/shop/customers/forgot-password", { email: victim.email }, { key });
    expect((await forgot()).status).toBe(200);
    expect((await forgot()).status).toBe(200);
    const [first, second] = await (await getDb()).mailMessage.findMany({ where: { to: victim.email, kind: "password_reset" }, orderBy: { id: "asc" } });

    await drain();
    const mails = to(victim.email).filter((m) => m.subject === "Reset your password");
    expect(mails).toHaveLength(1);
    const db = await getDb();
    expect(await db.mailMessage.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({ sentAt: null, nextAttemptAt: null, lastError: expect.stringMatching(/replaced/) });
    expect((await db.mailMessage.findUniqueOrThrow({ where: { id: second.id } })).sentAt).not.toBeNull();
    const token = new URL(/https?:\/\/\S+\/account\/reset-password\?\S+/.exec(mails[0].text!)![0]).searchParams.get("token")!;
    const NEW = "Owner-Chosen-Lamp-42";
    expect((await invoke("rest", "createResetPassword", { token, email: victim.email, password: NEW, passwordConfirmation: NEW }, { key })).status).toBe(200);
  });
});
