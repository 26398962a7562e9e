// The Shop GraphiQL page of a development start opens with the demo store's key in its headers (lib/graphql/graphiql.ts):
// the key `npm start` wrote, only while it is an active key of this database; anything else leaves the placeholder.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getDb, unique } from "../support/client.ts";
import { createStorefrontKey, deactivateStorefrontKey } from "../../lib/storefront-keys/index.ts";
import { demoStorefrontKey } from "../../lib/graphql/graphiql.ts";

const written = (text: string) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "demo-key-")), "demo-storefront-key.txt");
  fs.writeFileSync(file, text);
  return file;
};

describe("the demo key of a development start", () => {
  it("is the written key while it is active; an unknown, deactivated or missing one is none", async () => {
    const db = await getDb();
    const made = await createStorefrontKey(db, { name: unique("demo") });
    const file = written(`${made.key}\n`);
    expect(await demoStorefrontKey(db, file)).toBe(made.key);
    expect(await demoStorefrontKey(db, written("pk_not_a_key_of_this_store\n"))).toBeNull();
    expect(await demoStorefrontKey(db, written(""))).toBeNull();
    expect(await demoStorefrontKey(db, path.join(os.tmpdir(), unique("absent"), "key.txt"))).toBeNull();
    await deactivateStorefrontKey(db, made.id);
    expect(await demoStorefrontKey(db, file)).toBeNull();
  });
});
