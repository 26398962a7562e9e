// Shop GraphQL answers made only of catalog reads are kept like the reads themselves (lib/catalog/cache.ts, on
// lib/cache): per scope, document and variables, dropped by every catalog write, here or in another instance (by a
// stock change only when they show the product), and after CATALOG_CACHE_MS otherwise. A kept answer skips yoga's
// execution and serialisation; the gate (key, rate budget) still runs for every request. Reads that record
// something are never answered this way: `product` counts a visit, `products` with a search query counts the
// search term, on every call.
import { parse, print } from "graphql";
import type { Plugin } from "graphql-yoga";
import type { RequestContext } from "../context.ts";
import { Cache } from "../cache/index.ts";
import { CATALOG_CACHE_MS, CATALOG_TABLES, STOCK_TABLES } from "../catalog/cache.ts";
import { documentFacts, type DocumentFacts } from "./documents.ts";
import { GRAPHQL_LIMITS } from "./limits.ts";
import { noteRequest } from "../log/index.ts";
import { shopOperations } from "../operations/shop.ts";

/**
 * Shop query fields whose declaration says their answer depends on the catalog and the scope alone (`cache` in
 * lib/operations/define.ts), each with the test its arguments must pass; `__typename` asks nothing of the store.
 */
const PURE_READS = new Map<string, (args: ReadonlySet<string>) => boolean>([
  ...shopOperations.flatMap((op) => {
    const cache = op.kind === "query" && op.graphql !== false ? op.cache : undefined;
    return cache ? [[op.name, (args: ReadonlySet<string>) => !cache.unlessArgs?.some((a) => args.has(a))] as const] : [];
  }),
  ["__typename", () => true],
]);

export interface Answer {
  status: number;
  headers: [string, string][];
  body: string;
  /** Only a JSON 200 whose execution gave no error is kept. */
  reusable: boolean;
}

/** Whether the execution result of each request yoga answered had errors, then of each of its answers. */
const erred = new WeakMap<Request, boolean>();
const answersErred = new WeakMap<Response, boolean>();

type ResultLike = { errors?: readonly { extensions?: { code?: unknown } }[] };

/**
 * Reads, as yoga processes an execution result, whether it has errors; `answerOf` then knows without parsing the
 * answer again. A streamed result (subscriptions, @defer) counts as one with errors: it is never kept.
 */
export const executionErrors: Plugin = {
  onResultProcess({ request, result }) {
    const results: unknown[] = Array.isArray(result) ? result : [result];
    erred.set(request, results.some((r) => !r || typeof r !== "object" || Symbol.asyncIterator in r || (r as ResultLike).errors !== undefined));
    // The outcome inside a 200: the first error's code goes on the request's log line.
    const first = results.map((r) => (r as ResultLike | null)?.errors?.[0]).find(Boolean);
    if (first) noteRequest({ error: typeof first.extensions?.code === "string" ? first.extensions.code : "GRAPHQL_ERROR" });
  },
  onResponse({ request, response }) {
    const errors = erred.get(request);
    if (errors !== undefined) answersErred.set(response, errors);
  },
};

/** Yoga's answer read whole, so that it can be sent again. */
export async function answerOf(res: Response): Promise<Answer> {
  const body = await res.text();
  const reusable = res.status === 200 && /json/i.test(res.headers.get("content-type") ?? "") && answersErred.get(res) === false;
  return { status: res.status, headers: [...res.headers], body, reusable };
}

/** Bounds on what is kept: at most about 25 MB. */
const MAX_ANSWERS = 200;
const MAX_KEY_LENGTH = 20_000;
const MAX_ANSWER_LENGTH = 100_000;
/**
 * Every id an answer carries (`_id`, product IRIs): a stock change drops the answers showing that product. Ids of
 * other records count too, which only drops an answer more often than needed.
 */
function idsIn(answer: Answer): number[] {
  const ids: number[] = [];
  for (const m of answer.body.matchAll(/"_id":(\d+)|\/api\/shop\/products\/(\d+)/g)) ids.push(Number(m[1] ?? m[2]));
  return ids;
}

const answers = new Cache<Answer>({
  name: "Shop GraphQL answers",
  tags: CATALOG_TABLES,
  rows: { tables: STOCK_TABLES, of: idsIn },
  ttl: CATALOG_CACHE_MS,
  max: MAX_ANSWERS,
  keep: (a) => a.reusable && a.body.length <= MAX_ANSWER_LENGTH,
});

/**
 * Each document printed from its parse (comments, commas and spacing aside), for the documents ./documents.ts keeps
 * parsed: held as long as their facts are.
 */
const printed = new WeakMap<DocumentFacts, string>();

function printedOf(query: string, facts: DocumentFacts): string {
  let text = printed.get(facts);
  if (text === undefined) {
    text = print(parse(query, { maxTokens: GRAPHQL_LIMITS.tokens }));
    printed.set(facts, text);
  }
  return text;
}

/**
 * What a Shop answer is a function of: the scope, the media type asked for, the parsed document, the operation and
 * the variables; null for a request that is not a plain query (./documents.ts) or too large to be kept.
 */
export function answerKey(ctx: RequestContext, req: Request, params: Record<string, unknown>, body: string): string | null {
  if (body.length > MAX_KEY_LENGTH || typeof params.query !== "string") return null;
  const facts = documentFacts(params.query);
  if (!facts.queryFields) return null;
  const scope = [ctx.channel.id, ctx.locale, ctx.currency.code, ctx.currency.rate.toString(), ctx.baseUrl, req.headers.get("accept")];
  return `${JSON.stringify([scope, params.operationName ?? null, params.variables ?? null])}\n${printedOf(params.query, facts)}`;
}

/** The cache key of a request whose answer depends on nothing but the catalog and the scope; null otherwise. */
export function catalogAnswerKey(ctx: RequestContext, req: Request, params: Record<string, unknown>, body: string): string | null {
  const fields = typeof params.query === "string" ? documentFacts(params.query).queryFields : null;
  if (!fields || ![...fields].every(([name, args]) => PURE_READS.get(name)?.(args))) return null;
  return answerKey(ctx, req, params, body);
}

export function cachedAnswer(key: string, run: () => Promise<Answer>): Promise<Answer> {
  return answers.get(key, run);
}
