// Hostile input on every Shop operation, REST body or query, GraphQL input and MCP tool arguments alike, derived from the declared
// schemas (support/fuzz.ts): never a 500, and a refused call changes no row count. Calls carry the credential the
// operation needs, so the domain code itself is exercised, not only the gate.
import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import type { AnyOperation } from "../../lib/operations/define.ts";
import { storefrontKey, unique, type CallOptions } from "../support/client.ts";
import { cases } from "./support/operations.ts";
import { fuzz, RUNS, tallyLine } from "./support/fuzz.ts";
import { CONSUMES_CUSTOMER, shopperWith, type Shopper } from "./support/credentials.ts";
import { freshProduct, guestCartWith } from "../support/checkout.ts";


let key: string;
let shopper: Shopper;
let cart: string;

beforeAll(async () => {
  key = await storefrontKey();
  shopper = await shopperWith(key, unique("Fuzz"));
  cart = await guestCartWith(key, [{ productId: await freshProduct({ qty: 1_000 }), quantity: 1 }]);
});

async function credentials(op: AnyOperation): Promise<CallOptions> {
  if (op.access === "public") return { key };
  if (op.access === "cart") return { key, bearer: cart };
  if (CONSUMES_CUSTOMER.has(op.name)) return { key, bearer: (await shopperWith(key, unique("Fuzz"))).token };
  return { key, bearer: shopper.token };
}

describe("Shop operations under hostile input", () => {
  it.each(cases("shop"))(`$name over $transport (${RUNS} runs)`, async ({ op, transport }) => {
    await fuzz(op, transport, () => credentials(op), { ids: fc.oneof(fc.integer({ min: 1, max: 60 }), fc.constantFrom(0, -1, 2_147_483_647)) });
  });
});

afterAll(() => console.log(`Answers: ${tallyLine()}`));
