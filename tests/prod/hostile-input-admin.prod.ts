// Hostile input on every Admin operation, REST body or query, GraphQL input and MCP tool arguments alike, derived from the declared
// schemas (support/fuzz.ts): never a 500, and a refused call changes no row count. Calls carry the store owner's
// token (a new one per operation), so every operation's domain code runs; record ids are drawn from the small ids
// real rows have, except the ids of the token, admin and role doing the fuzzing (that would end its own access).
import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import type { AnyOperation } from "../../lib/operations/define.ts";
import { adminCredential } from "../support/admin.ts";
import { getDb, unique } from "../support/client.ts";
import { issueIntegrationToken } from "../../lib/integrations/tokens.ts";
import { cases } from "./support/operations.ts";
import { fuzz, RUNS, tallyLine } from "./support/fuzz.ts";

/**
 * The store owner, whose tokens do the fuzzing: neither they nor their role may be disabled or deleted by it. Their
 * own account may be edited by it (a drawn id can reach them in a form the id filter does not see, such as the text
 * "1"), so tokens are issued to them by id, not found by their email.
 */
let owner: { adminId: number; roleId: number };

beforeAll(async () => {
  const { adminId } = await adminCredential();
  const admin = await (await getDb()).adminUser.findUniqueOrThrow({ where: { id: adminId } });
  owner = { adminId, roleId: admin.roleId };
});

/** Record ids to draw for an operation, leaving out the owner, their role and the token in use. */
function idsFor(op: AnyOperation, tokenId: number): fc.Arbitrary<number> {
  const avoid = new Set(/IntegrationToken/.test(op.name) ? [tokenId] : /AdminUser$/.test(op.name) ? [owner.adminId] : /AdminRole$/.test(op.name) ? [owner.roleId] : []);
  return fc.oneof(fc.integer({ min: 1, max: 60 }).filter((id) => !avoid.has(id)), fc.constantFrom(0, -1, 2_147_483_647));
}

describe("Admin operations under hostile input", () => {
  it.each(cases("admin"))(`$name over $transport (${RUNS} runs)`, async ({ op, transport }) => {
    // A token of its own: an earlier operation may have revoked, regenerated or re-scoped the previous one.
    const { token, id: tokenId } = await issueIntegrationToken(await getDb(), { name: unique("fuzz"), adminId: owner.adminId });
    await fuzz(op, transport, async () => ({ bearer: token }), { ids: idsFor(op, tokenId) });
  });
});

afterAll(() => console.log(`Answers: ${tallyLine()}`));
