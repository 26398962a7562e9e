// The reference storefront's own key: made once when its record is missing, but when an admin deactivates it (over
// the Admin API) the storefront is switched off and no new key is minted.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { call, getDb } from "../support/client.ts";
import { adminToken } from "../support/admin.ts";
import { storefrontAccess } from "../../lib/ui/storefront/storefront-key.ts";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "sf-key-"));
  process.env.STOREFRONT_KEY_FILE = path.join(dir, "key.txt");
  delete process.env.STOREFRONT_KEY;
});
afterEach(() => {
  delete process.env.STOREFRONT_KEY_FILE;
  delete process.env.STOREFRONT_KEY;
  fs.rmSync(dir, { recursive: true, force: true });
});

const keyCount = async () => (await getDb()).storefrontKey.count();

describe("the reference storefront's key", () => {
  it("is made once and kept", async () => {
    const before = await keyCount();
    const first = await storefrontAccess();
    expect(first.on).toBe(true);
    expect(await storefrontAccess()).toEqual(first);
    expect(await keyCount()).toBe(before + 1);
  });

  it("deactivated by an admin over the Admin API, switches the storefront off and mints nothing", async () => {
    const first = await storefrontAccess();
    if (!first.on) throw new Error("expected a key");
    const row = await (await getDb()).storefrontKey.findFirstOrThrow({ where: { keyPrefix: first.key.slice(0, 8) }, orderBy: { id: "desc" } });
    const token = await adminToken();
    const res = await call("POST", `/api/admin/settings/storefront-keys/${row.id}/deactivate`, {}, { bearer: token });
    expect(res.status).toBeLessThan(300);
    const before = await keyCount();
    const after = await storefrontAccess();
    expect(after).toEqual({ on: false, reason: expect.stringMatching(/deactivated/) });
    expect(await keyCount()).toBe(before);
    expect(fs.readFileSync(process.env.STOREFRONT_KEY_FILE!, "utf8").trim()).toBe(first.key);
  });

  it("is made again when its record is gone (a reset database)", async () => {
    const first = await storefrontAccess();
    if (!first.on) throw new Error("expected a key");
    await (await getDb()).storefrontKey.deleteMany({ where: { keyPrefix: first.key.slice(0, 8) } });
    const second = await storefrontAccess();
    expect(second.on && second.key).not.toBe(first.key);
    expect(second.on).toBe(true);
  });

  it("given in STOREFRONT_KEY and deactivated, switches the storefront off too", async () => {
    const first = await storefrontAccess();
    if (!first.on) throw new Error("expected a key");
    process.env.STOREFRONT_KEY = first.key;
    expect(await storefrontAccess()).toEqual(first);
    await (await getDb()).storefrontKey.updateMany({ where: { keyPrefix: first.key.slice(0, 8) }, data: { status: "inactive" } });
    const before = await keyCount();
    expect((await storefrontAccess()).on).toBe(false);
    expect(await keyCount()).toBe(before);
  });
});
