// `Idempotency-Key` on every POST of both APIs, as Stripe defines it: the first answer for a key is kept (per
// credential, for IDEMPOTENCY_KEY_HOURS, default 24) and replayed for the same key and the same request; the same key
// with another request answers 422; while the first request with a key still runs, another answers 409. A request
// refused before it ran (no credential, bad input) keeps nothing, so it can be corrected and sent with the same key.
// REST (lib/http/rest.ts) wraps an operation's run in `idempotent`, GraphQL (lib/graphql/handler.ts) a document's.
//
// Neither the key nor the answer is stored as sent (an answer may carry a token): the row is found by a hash of the
// caller's scope and the key, and the answer is sealed with AES-256-GCM under a key derived from the same two, which
// only the caller holds. A random key (a UUID) keeps it so.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { BadRequest, AppError } from "../errors.ts";
import type { RequestContext } from "../context.ts";
import { getSql } from "../db/client.ts";
import { defineJob, positiveSetting } from "../jobs/queue.ts";
import { anyAdmitted } from "../operations/invoke.ts";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotent-Replayed";
export const MAX_KEY_LENGTH = 255;

/** The headers of an answer that are part of it (the gate's own, such as CORS and rate limits, are sent afresh). */
const KEPT_HEADERS = ["content-type", "etag", "location"];

const keptHours = () => positiveSetting("IDEMPOTENCY_KEY_HOURS", 24);

/** The key a request sends, or null; a key that is empty, longer than 255 characters or not printable ASCII is refused (400). */
export function idempotencyKeyOf(req: Request): string | null {
  const key = req.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return null;
  if (!/^[\x20-\x7e]{1,255}$/.test(key) || key.trim() === "") {
    throw new BadRequest(`${IDEMPOTENCY_HEADER} must be 1 to ${MAX_KEY_LENGTH} printable ASCII characters, such as a UUID.`, "invalid_idempotency_key");
  }
  return key;
}

/**
 * Whose keys these are: one integration token, one admin's panel sessions, one customer, one guest cart, or (a
 * caller with the storefront key alone) that key from one address, so that two shoppers never share a key space.
 */
export function callerScope(ctx: RequestContext): string {
  const p = ctx.principal;
  switch (p.kind) {
    case "admin":
      return p.sessionId !== undefined ? `admin:${p.adminId}` : `token:${p.tokenId}`;
    case "customer":
      return `customer:${p.customerId}`;
    case "guestCart":
      return `cart:${p.cartId}`;
    default:
      return `${ctx.surface}:key:${ctx.storefrontKeyId ?? "-"}:ip:${ctx.ip ?? "-"}`;
  }
}

/**
 * A request's identity for the comparison of a second request with the same key: its method, path and input with
 * object keys in sorted order (so a client that serialises a body in another order sends the same request), files
 * by their name, type and bytes.
 */
export async function requestHash(method: string, path: string, input: unknown): Promise<string> {
  const hash = createHash("sha256").update(`${method} ${path}\n`);
  hash.update(JSON.stringify(await canonical(input)));
  return hash.digest("hex");
}

async function canonical(value: unknown): Promise<unknown> {
  if (value instanceof File) {
    const bytes = new Uint8Array(await value.arrayBuffer());
    return { file: value.name, type: value.type, sha256: createHash("sha256").update(bytes).digest("hex") };
  }
  if (Array.isArray(value)) return Promise.all(value.map(canonical));
  if (value && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(await Promise.all(entries.map(async ([k, v]) => [k, await canonical(v)] as const)));
  }
  return value;
}

const derived = (purpose: string, scope: string, key: string) => createHash("sha256").update(`${purpose}\0${scope}\0${key}`).digest();

/** The row's id of a key in a caller's scope (callerScope). */
export const keyHashOf = (scope: string, key: string) => derived("lookup", scope, key).toString("hex");

interface Answer {
  status: number;
  headers: [string, string][];
  body: string;
}

function seal(answer: Answer, secret: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", secret, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(answer), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64");
}

function unseal(text: string, secret: Buffer): Answer {
  const bytes = Buffer.from(text, "base64");
  const decipher = createDecipheriv("aes-256-gcm", secret, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8")) as Answer;
}

function replay(answer: Answer, headers: Headers): Response {
  const out = new Headers(headers);
  for (const [k, v] of answer.headers) out.set(k, v);
  out.set(REPLAYED_HEADER, "true");
  return new Response(answer.body, { status: answer.status, headers: out });
}

/**
 * Answers a request sent with an idempotency key: the kept answer when this key already has one for this request,
 * otherwise `produce()`'s, which is kept. `produce` answers errors of the run as responses (they are kept too, as
 * Stripe keeps them); should it throw, the key is let go and the error passes on. An answer is not kept, and the key is
 * let go, when no call of the request passed its input check (`anyAdmitted`: a GraphQL document refused as a whole).
 * `headers`: the gate's headers, sent with a replay.
 */
export async function idempotent(
  ctx: RequestContext,
  key: string,
  request: string,
  headers: Headers,
  produce: () => Promise<Response>,
): Promise<Response> {
  const scope = callerScope(ctx);
  const keyHash = keyHashOf(scope, key);
  const secret = derived("seal", scope, key);
  const sql = ctx.sql;
  for (;;) {
    const now = new Date();
    const expiresAt = new Date(now.getTime() + keptHours() * 3_600_000);
    const claimed = await sql
      .insertInto("IdempotencyKey")
      .values({ keyHash, requestHash: request, createdAt: now, expiresAt })
      .onConflict((oc) => oc.column("keyHash").doNothing())
      .returning("id")
      .executeTakeFirst();
    let id = claimed?.id ?? null;
    if (id === null) {
      const held = await sql.selectFrom("IdempotencyKey").selectAll().where("keyHash", "=", keyHash).executeTakeFirst();
      if (!held) continue; // let go (or purged) in between: claim it again
      if (held.expiresAt <= now) {
        // A key kept past its time is a new key: take it over, unless another request did first.
        const taken = await sql
          .updateTable("IdempotencyKey")
          .set({ requestHash: request, status: null, answer: null, createdAt: now, expiresAt })
          .where("id", "=", held.id)
          .where("expiresAt", "<=", now)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) continue;
        id = held.id;
      } else if (held.requestHash !== request) {
        throw new AppError(
          422,
          "idempotency_key_reused",
          `This ${IDEMPOTENCY_HEADER} was used for another request (another path or body); send a new key for a new request.`,
        );
      } else if (held.status === null || held.answer === null) {
        throw new AppError(
          409,
          "idempotency_key_in_use",
          `A request with this ${IDEMPOTENCY_HEADER} has not finished. If it is still running, retry shortly; if the server stopped while it ran, its effect is unknown: read the records it would change before sending the request again with a new key.`,
        );
      } else {
        return replay(unseal(held.answer, secret), headers);
      }
    }
    try {
      const response = await produce();
      if (!anyAdmitted(ctx)) {
        await sql.deleteFrom("IdempotencyKey").where("id", "=", id).execute();
        return response;
      }
      const kept = KEPT_HEADERS.flatMap((k) => {
        const v = response.headers.get(k);
        return v === null ? [] : [[k, v] as [string, string]];
      });
      const answer: Answer = { status: response.status, headers: kept, body: await response.text() };
      await sql.updateTable("IdempotencyKey").set({ status: answer.status, answer: seal(answer, secret) }).where("id", "=", id).execute();
      return new Response(answer.body, { status: answer.status, headers: response.headers });
    } catch (e) {
      await sql.deleteFrom("IdempotencyKey").where("id", "=", id).execute();
      throw e;
    }
  }
}

/** Deletes the keys kept past their time (a taken-over key would be reused anyway; this keeps the table small). */
export const idempotencyPurge = defineJob({
  name: "idempotency.purge",
  attempts: 3,
  backoffMs: () => 60_000,
  every: () => 60 * 60_000,
  async run(_data, { now }) {
    const gone = await (await getSql()).deleteFrom("IdempotencyKey").where("expiresAt", "<=", now).executeTakeFirst();
    const purged = Number(gone.numDeletedRows);
    return purged ? { purged } : undefined;
  },
});
