// Shop GraphQL answers of one root field, sent again while the field's value is the same object again. An answer is
// a function of the document, its variables, the scope and the root field's value alone: every field below the root
// reads the projected value (lib/operations/project.ts), or, for a field added to a type (./extensions.ts), catalog
// tables, whose writes replace the cached root value too (a stock change of another product, shown in a product's
// `relatedProducts`, is seen once that value's lifetime, CATALOG_CACHE_MS, ends). So when a public query's `run` answers from a
// cache (the product detail, lib/catalog/cache.ts) the very object it answered last time, yoga's parse, execution and
// serialisation would make the same bytes again. Unlike ./response-cache.ts this runs the operation on every request,
// so a read that records something (`product` counts a visit) still records it each time; it needs no lifetime nor
// write notices: a changed value is a new object. It is not a lib/cache cache, whose callers share one load: here
// each request runs the operation itself, and an entry is valid exactly while the value is the same object. Requests
// that find an answer being made of their very value (several at once, as a product's detail is loaded afresh)
// wait for that answer.
import type { RequestContext } from "../context.ts";
import type { AnyOperation } from "../operations/define.ts";
import { Lru } from "../cache/index.ts";
import { operationRootFields } from "./documents.ts";
import { answerKey, type Answer } from "./response-cache.ts";

interface Call {
  op: AnyOperation;
  /** The checked input as JSON: the same document and variables give the same input. */
  inputKey: string;
  value: Promise<unknown>;
}

/**
 * The call of a document's one root field, shared by the handler and the field's resolver (./schema.ts): the handler
 * may have run it already (then the resolver takes that value instead of running it twice), and learns from the
 * resolver which call made the answer.
 */
export class RootCall {
  made?: Call & { input: unknown };
  constructor(private readonly prefetched?: Call) {}

  run(ctx: RequestContext, op: AnyOperation, input: unknown): Promise<unknown> {
    const inputKey = JSON.stringify(input) ?? "";
    const p = this.prefetched;
    const value = p && p.op === op && p.inputKey === inputKey ? p.value : (op.run(ctx, input, undefined as never) as Promise<unknown>);
    this.made = { op, input, inputKey, value };
    return value;
  }
}

interface Entry {
  op: AnyOperation;
  input: unknown;
  inputKey: string;
  value: WeakRef<object>;
  answer: Answer;
}

const MAX_ANSWER_LENGTH = 100_000;
const entries = new Lru<string, Entry>(500);

/**
 * The executions running, per key, with the root value each was made of. When the root value is replaced (a product
 * detail loaded afresh), every request for it would execute the document again, each with its own nested reads (a
 * product's variants, links and categories: some 15 statements); the requests that find one running for the same
 * value wait for its answer instead.
 */
const running = new Map<string, { value: object; answer: Promise<Answer> }>();

/** The key of a Shop request whose document asks one root field of a plain query (no directive); null otherwise. */
export function reuseKey(ctx: RequestContext, req: Request, params: Record<string, unknown>, body: string): string | null {
  if (operationRootFields(params.query, params.operationName)?.keys !== 1) return null;
  return answerKey(ctx, req, params, body);
}

/**
 * The answer for `key`: the one kept, when the root field's call gives the same object again; or the one being
 * made of that same object by another request; otherwise `execute`'s (which gets the call made here, if any, so
 * that the operation runs once), kept when it is a plain success of a public query.
 */
export async function reusedAnswer(ctx: RequestContext, key: string, execute: (call: RootCall) => Promise<Answer>): Promise<Answer> {
  const entry = entries.peek(key);
  let prefetched: Call | undefined;
  let current: unknown;
  if (entry) {
    // Only public queries are kept: no caller is refused one, so the call needs no access check.
    const value = entry.op.run(ctx, entry.input, undefined as never) as Promise<unknown>;
    prefetched = { op: entry.op, inputKey: entry.inputKey, value };
    current = await value.catch(() => undefined);
    if (current !== undefined && current === entry.value.deref()) {
      entries.get(key); // most recently used goes last
      return entry.answer;
    }
    const other = running.get(key);
    if (other && other.value === current) {
      const answer = await other.answer.catch(() => null);
      if (answer?.reusable) return answer;
    }
  }
  const call = new RootCall(prefetched);
  const answering = execute(call);
  const mine = current !== null && typeof current === "object" ? { value: current, answer: answering } : null;
  if (mine) running.set(key, mine);
  try {
    const answer = await answering;
    const made = call.made;
    if (answer.reusable && answer.body.length <= MAX_ANSWER_LENGTH && made && made.op.kind === "query" && made.op.access === "public") {
      const value = await made.value.catch(() => null);
      if (value !== null && typeof value === "object") {
        entries.set(key, { op: made.op, input: made.input, inputKey: made.inputKey, value: new WeakRef(value), answer });
      }
    } else if (entry) entries.delete(key);
    return answer;
  } finally {
    if (mine && running.get(key) === mine) running.delete(key);
  }
}
