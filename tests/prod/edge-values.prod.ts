// Values one database keeps and the other refuses, in every field of every operation: text with the NUL and other
// control characters and numbers past 32 bits (PostgreSQL refuses them, SQLite keeps them), text with a lone
// surrogate (Prisma cannot encode it for either). The answer is never a 500, and a refusal writes nothing.
import { beforeAll, describe, expect, it } from "vitest";
import type { AnyOperation } from "../../lib/operations/define.ts";
import { storefrontKey, unique, type CallOptions } from "../support/client.ts";
import { adminToken } from "../support/admin.ts";
import { cases, send, serverError } from "./support/operations.ts";
import { minimal } from "./support/zod-arbitrary.ts";
import { changedCounts, OFF_PATH, tableCounts } from "./support/database.ts";
import { CONSUMES_CUSTOMER, shopperWith } from "./support/credentials.ts";

/** Free text of the same length with a NUL, a bell and an escape inside: it passes every length check. */
const poison = (text: string) => `${text[0]}\u0000\u0007\u001b${text.slice(4)}`;
/** Free text with a lone surrogate, which JSON can carry ("\ud800") but no Unicode encoding can. */
const unpaired = (text: string) => `${text.slice(0, 2)}\ud800${text.slice(3)}`;

let key: string;
let customerToken: string;
let admin: string;

beforeAll(async () => {
  key = await storefrontKey();
  customerToken = (await shopperWith(key, unique("Nul"))).token;
  admin = await adminToken();
});

async function credentials(op: AnyOperation): Promise<CallOptions> {
  if (op.surface === "admin") return { bearer: admin };
  if (op.access === "public") return { key };
  if (CONSUMES_CUSTOMER.has(op.name)) return { key, bearer: (await shopperWith(key, unique("Nul"))).token };
  return { key, bearer: customerToken };
}

const all = [...cases("shop"), ...cases("admin")];
const writes = all.filter(({ op }) => op.kind === "mutation");

const id = (op: AnyOperation) => (op.surface === "admin" ? 2_147_483_000 : 1);

describe.each([
  { name: "NUL and control characters in every text field", ops: writes, sample: (op: AnyOperation) => minimal(op.input, { id: id(op), everyField: true, freeText: poison }) },
  { name: "a lone surrogate in every text field", ops: all, sample: (op: AnyOperation) => minimal(op.input, { id: id(op), everyField: true, freeText: unpaired }) },
  { name: "numbers past 32 bits in every numeric field", ops: all, sample: (op: AnyOperation) => minimal(op.input, { id: id(op), everyField: true, number: 2 ** 31 }) },
])("$name", ({ ops, sample }) => {
  it.each(ops)("$name over $transport", async ({ op, transport }) => {
    const input = sample(op);
    const auth = await credentials(op);
    const before = await tableCounts();
    const o = await send(op, transport, input, auth);
    const what = `${o.http} (status ${o.status}, ${o.code}): ${o.text.slice(0, 300)}`;
    expect(serverError(o), what).toBeNull();
    if (o.status >= 400) expect(changedCounts(before, await tableCounts(), OFF_PATH), what).toEqual({});
  });
});
