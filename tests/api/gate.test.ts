// The storefront-key gate in front of every Shop call, REST and GraphQL (SPEC.md Authentication and Errors):
// no key is 401 `missing_key`; a wrong, deactivated, expired or IP-blocked key is 403 `invalid_key`.
import { describe, expect, it } from "vitest";
import { getIntrospectionQuery } from "graphql";
import { call, graphql, getDb, storefrontKey, unique, type CallOptions } from "../support/client.ts";
import { count, rateHeadersOf, transportsOf, type Outcome } from "../support/gate-helpers.ts";
import { createStorefrontKey, deactivateStorefrontKey, rotateStorefrontKey } from "../../lib/storefront-keys/index.ts";

const HOUR = 3600_000;

/** A credential situation: the headers a client sends. */
interface Caller {
  opts: CallOptions;
}

async function keyed(input: Parameters<typeof storefrontKey>[0] = {}, headers: Record<string, string> = {}): Promise<Caller> {
  return { opts: { key: await storefrontKey(input), headers } };
}

async function deactivatedKey(): Promise<Caller> {
  const db = await getDb();
  const issued = await createStorefrontKey(db, { name: unique("off") });
  await deactivateStorefrontKey(db, issued.id);
  return { opts: { key: issued.key } };
}

async function rotatedPair() {
  const db = await getDb();
  const old = await createStorefrontKey(db, { name: unique("rot") });
  const successor = await rotateStorefrontKey(db, old.id);
  return { old, successor };
}

const refused: { name: string; caller: () => Promise<Caller>; status: number; error: string }[] = [
  { name: "no key", caller: async () => ({ opts: {} }), status: 401, error: "missing_key" },
  { name: "a blank key header", caller: async () => ({ opts: { headers: { "X-STOREFRONT-KEY": "" } } }), status: 401, error: "missing_key" },
  {
    name: "an admin-style token and no key",
    caller: async () => ({ opts: { bearer: "1|abcdefghijklmnopqrstuvwxyz0123456789ABCD" } }),
    status: 401,
    error: "missing_key",
  },
  { name: "a wrong key", caller: async () => ({ opts: { key: `pk_${unique("wrong")}` } }), status: 403, error: "invalid_key" },
  { name: "a deactivated key", caller: deactivatedKey, status: 403, error: "invalid_key" },
  { name: "an expired key", caller: () => keyed({ expiresAt: new Date(Date.now() - HOUR) }), status: 403, error: "invalid_key" },
  {
    name: "an IP-restricted key from outside its range",
    caller: () => keyed({ allowedIps: "10.1.0.0/16" }, { "X-Forwarded-For": "10.2.0.7" }),
    status: 403,
    error: "invalid_key",
  },
  {
    name: "an IP-restricted key whose client forged an inside address before the proxy's hop",
    caller: () => keyed({ allowedIps: "10.1.0.0/16" }, { "X-Forwarded-For": "10.1.2.3, 198.51.100.4" }),
    status: 403,
    error: "invalid_key",
  },
  {
    name: "an IPv6-restricted key from outside its range",
    caller: () => keyed({ allowedIps: "2001:db8::/32" }, { "X-Forwarded-For": "2001:db9::1" }),
    status: 403,
    error: "invalid_key",
  },
  { name: "an IP-restricted key with no client address", caller: () => keyed({ allowedIps: "10.1.0.0/16" }), status: 403, error: "invalid_key" },
  { name: "a key replaced by rotation", caller: async () => ({ opts: { key: (await rotatedPair()).old.key } }), status: 403, error: "invalid_key" },
];

const admitted: { name: string; caller: () => Promise<Caller> }[] = [
  { name: "a plain key", caller: () => keyed() },
  { name: "a key that expires later", caller: () => keyed({ expiresAt: new Date(Date.now() + HOUR) }) },
  { name: "an IP-restricted key from inside its range", caller: () => keyed({ allowedIps: "10.1.0.0/16" }, { "X-Forwarded-For": "10.1.2.3" }) },
  {
    name: "an IP-restricted key behind a proxy that saw an inside address",
    caller: () => keyed({ allowedIps: "10.1.0.0/16" }, { "X-Forwarded-For": "203.0.113.9, 10.1.200.1" }),
  },
  {
    name: "an IP-restricted key from an IPv4-mapped IPv6 address inside its range",
    caller: () => keyed({ allowedIps: "10.1.0.0/16" }, { "X-Forwarded-For": "::ffff:10.1.2.3" }),
  },
  { name: "an IPv6-restricted key from inside its range", caller: () => keyed({ allowedIps: "2001:db8::/32" }, { "X-Forwarded-For": "2001:db8::1" }) },
  { name: "the successor of a rotated key", caller: async () => ({ opts: { key: (await rotatedPair()).successor.key } }) },
];

/** Calls behind the gate. `wrote` counts what a call left in the database (null: a read). */
interface Probe {
  name: string;
  success: number;
  send(opts: CallOptions, marker: string): Promise<Outcome>;
  wrote: ((marker: string) => Promise<number>) | null;
}

const contactInput = (marker: string) => ({ name: "Gate probe", email: `${marker}@example.com`, message: "Is this open?" });

const probes: Probe[] = [
  ...transportsOf("products").map((t) => ({
    name: `${t.name} products`,
    success: t.success,
    send: (opts: CallOptions) => t.send({}, { ...opts, perPage: 1 }),
    wrote: null,
  })),
  ...transportsOf("createContactUs").map((t) => ({
    name: `${t.name} createContactUs`,
    success: t.success,
    send: (opts: CallOptions, marker: string) => t.send(contactInput(marker), opts),
    wrote: (marker: string) => count("contactMessage", { email: `${marker}@example.com` }),
  })),
];

describe("storefront key gate", () => {
  describe.each(probes)("$name", (probe) => {
    it.each(refused)("refuses $name with $status $error", async ({ caller, status, error }) => {
      const marker = unique("gate");
      const res = await probe.send((await caller()).opts, marker);

      // Refused before GraphQL runs: the answer is the plain error body on both transports.
      expect(res.http).toBe(status);
      expect(res.raw).toEqual({ message: expect.any(String), error });
      expect(res.raw.message.length).toBeGreaterThan(0);
      expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
      if (probe.wrote) expect(await probe.wrote(marker)).toBe(0);
    });

    it.each(admitted)("admits $name", async ({ caller }) => {
      const marker = unique("gate");
      const res = await probe.send((await caller()).opts, marker);

      expect(res.ok, JSON.stringify(res.raw)).toBe(true);
      expect(res.status).toBe(probe.success);
      expect(res.raw.errors).toBeUndefined();
      if (probe.wrote) expect(await probe.wrote(marker)).toBe(1);
    });
  });
});

describe("key rotation", () => {
  it("deactivates the old key and issues a 12-month successor with the same settings", async () => {
    const db = await getDb();
    const old = await createStorefrontKey(db, { name: unique("rot"), rateLimit: 7, allowedIps: "10.1.0.0/16" });
    const before = Date.now();
    const successor = await rotateStorefrontKey(db, old.id);

    const [oldRow, newRow] = await Promise.all([
      db.storefrontKey.findUniqueOrThrow({ where: { id: old.id } }),
      db.storefrontKey.findUniqueOrThrow({ where: { id: successor.id } }),
    ]);
    expect(oldRow.status).toBe("inactive");
    expect(newRow).toMatchObject({ status: "active", rotatedFromId: old.id, rateLimit: 7, allowedIps: "10.1.0.0/16" });
    const lifetimeDays = (newRow.expiresAt!.getTime() - before) / 86_400_000;
    expect(lifetimeDays).toBeGreaterThan(364);
    expect(lifetimeDays).toBeLessThan(367);
    // Only hashes are stored: neither key appears in the table.
    expect(newRow.keyHash).not.toBe(successor.key);
    expect(newRow.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await db.storefrontKey.count({ where: { keyHash: { in: [old.key, successor.key] } } })).toBe(0);

    const inside = { "X-Forwarded-For": "10.1.0.9" };
    expect((await call("GET", "/api/shop/locales", undefined, { key: old.key, headers: inside })).status).toBe(403);
    expect((await call("GET", "/api/shop/locales", undefined, { key: successor.key, headers: inside })).status).toBe(200);
    expect((await call("GET", "/api/shop/locales", undefined, { key: successor.key, headers: { "X-Forwarded-For": "10.9.0.9" } })).status).toBe(403);
  });
});

describe("GraphQL introspection needs the storefront key like any other document", () => {
  const documents = [
    { name: "a schema introspection", query: "{ __schema { queryType { name } } }", answer: { __schema: { queryType: { name: "Query" } } } },
    { name: "a type introspection", query: '{ __type(name: "Query") { name } }', answer: { __type: { name: "Query" } } },
    { name: "__typename alone", query: "{ __typename }", answer: { __typename: "Query" } },
    { name: "the explorer's full introspection query", query: getIntrospectionQuery(), answer: undefined },
  ];

  it.each(documents)("refuses $name without a key (401 missing_key), by POST and by GET", async ({ query }) => {
    const posted = await graphql(query);
    expect(posted.status).toBe(401);
    expect(posted.body).toEqual({ message: expect.any(String), error: "missing_key" });

    const got = await call("GET", `/api/graphql?query=${encodeURIComponent(query)}`);
    expect(got.status).toBe(401);
    expect(got.body).toEqual({ message: expect.any(String), error: "missing_key" });

    // A key the explorer's header template leaves empty is no key.
    const empty = await graphql(query, undefined, { headers: { "X-STOREFRONT-KEY": "" } });
    expect(empty.status).toBe(401);
  });

  it.each(documents)("refuses $name with a wrong key (403 invalid_key)", async ({ query }) => {
    const res = await graphql(query, undefined, { key: "pk_not-a-key-at-all-0000000000" });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: "invalid_key" });
  });

  it.each(documents)("answers $name with a key, and spends one request of its budget", async ({ query, answer }) => {
    const key = await storefrontKey({ rateLimit: 10 });

    const res = await graphql(query, undefined, { key });

    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    if (answer) expect(res.body.data).toEqual(answer);
    else expect(res.body.data.__schema.queryType.name).toBe("Query");
    expect(rateHeadersOf(res.headers).remaining).toBe(9);
    const next = await call("GET", "/api/shop/locales", undefined, { key });
    expect(rateHeadersOf(next.headers).remaining).toBe(8);
  });

  it("a key whose budget is spent gets 429 for introspection too", async () => {
    const key = await storefrontKey({ rateLimit: 1 });
    expect((await graphql("{ __typename }", undefined, { key })).status).toBe(200);

    const refused = await graphql("{ __schema { queryType { name } } }", undefined, { key });

    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: "rate_limit_exceeded" });
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("the GraphiQL page itself still loads without a key, and tells where the key goes", async () => {
    const page = await call("GET", "/api/graphql", undefined, { headers: { Accept: "text/html" } });

    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = page.body as string;
    // The header editor opens with a placeholder for the key (this database has no demo key `npm start` wrote); the
    // default document says the schema fetch needs it and where a key comes from.
    expect(html).toContain(JSON.stringify(JSON.stringify({ "X-STOREFRONT-KEY": "<paste a storefront key>" }, null, 2)).slice(1, -1));
    expect(html).toMatch(/needs a storefront key/);
    expect(html).toMatch(/storefront-key create/);
    expect(html).toMatch(/re-fetch the schema/);
  });

  const needKey = [
    { name: "a catalog query", query: "{ products(first: 1) { totalCount } }" },
    { name: "introspection mixed with a catalog field", query: "{ __schema { queryType { name } } products(first: 1) { totalCount } }" },
    { name: "a mutation", query: 'mutation { createContactUs(input: { name: "n", email: "n@example.com", message: "m" }) { contactUs { success } } }' },
    { name: "introspection smuggled in as a mutation", query: "mutation { __typename }" },
  ];

  it.each(needKey)("refuses $name with 401 missing_key", async ({ query }) => {
    const res = await graphql(query);

    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: expect.any(String), error: "missing_key" });
  });

  it("refuses a body that is not JSON with 401 missing_key rather than guessing", async () => {
    const res = await call("POST", "/api/graphql", "{ __schema", {});

    expect(res.status).toBe(401);
    expect(res.body.error).toBe("missing_key");
  });
});
