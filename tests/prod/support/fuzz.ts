// Property-based fuzzing of one operation on one transport: inputs drawn from its zod schema, most of them
// hostile (wrong types, injections, huge or control-character strings, undeclared keys, deep nesting). Every
// answer must be a non-5xx; every refusal must carry a message and leave every table's row count as it was.
import fc from "fast-check";
import { expect } from "vitest";
import type { z } from "zod";
import type { AnyOperation } from "../../../lib/operations/define.ts";
import type { CallOptions } from "../../support/client.ts";
import { hostileArb, type SampleOptions } from "./zod-arbitrary.ts";
import { send, serverError, type Transport } from "./operations.ts";
import { changedCounts, OFF_PATH, tableCounts } from "./database.ts";

/** Runs per operation and transport; FUZZ_RUNS raises it for a longer hunt (FUZZ_SEED replays one). */
export const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/** The schema the transport's input is checked against: GraphQL query arguments may differ from the input. */
export function inputSchema(op: AnyOperation, transport: Transport): z.ZodType {
  if (transport === "GraphQL" && op.kind === "query" && op.graphql && op.graphql.args) return op.graphql.args;
  return op.input;
}

/** Answers by status class, per transport: how much of the fuzzing got past validation into the domain. */
export const tally: Record<string, number> = {};

export function tallyLine(): string {
  return Object.entries(tally).sort().map(([k, n]) => `${k} ${n}`).join(", ");
}

export async function fuzz(op: AnyOperation, transport: Transport, credentials: (input: unknown) => Promise<CallOptions>, opts: SampleOptions = {}) {
  const arbitrary = hostileArb(inputSchema(op, transport), opts);
  await fc.assert(
    fc.asyncProperty(arbitrary, async (input) => {
      const auth = await credentials(input);
      const before = await tableCounts();
      const o = await send(op, transport, input, auth);
      const what = `${op.name} over ${transport} with ${safeJson(input)} → ${o.http} (status ${o.status}, ${o.code}): ${o.text.slice(0, 300)}`;
      const bucket = `${transport} ${o.status < 300 ? "2xx" : o.status}`;
      tally[bucket] = (tally[bucket] ?? 0) + 1;
      expect(serverError(o), what).toBeNull();
      if (o.status >= 400) {
        expect(o.status, what).toBeLessThan(500);
        expect(typeof o.message === "string" && o.message.length > 0, `${what}\na refusal without a message`).toBe(true);
        // Admitted catalog reads before this one may still be recording their visits off the request path.
        expect(changedCounts(before, await tableCounts(), OFF_PATH), `${what}\nrow counts after a refused call`).toEqual({});
      }
    }),
    { numRuns: RUNS, seed: SEED, endOnFailure: true },
  );
}

function safeJson(v: unknown): string {
  try {
    const text = JSON.stringify(v, (_, x) => (typeof x === "string" && x.length > 60 ? `${x.slice(0, 20)}…(${x.length})` : x));
    return text === undefined ? String(v) : text.slice(0, 400);
  } catch {
    return String(v);
  }
}
