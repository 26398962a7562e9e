// Shop GraphQL answers made only of catalog reads are kept like the reads themselves (lib/catalog/cache.ts): per
// scope, dropped by every catalog write, here or in another instance (by a stock change only when they show the
// product), and after CATALOG_CACHE_MS otherwise. A kept
// answer skips yoga's execution and serialisation; the gate (key, rate budget) still runs for every request. Reads
// that record something are never answered this way: `product` counts a visit, `products` with a search query
// counts the search term, on every call.
import type { RequestContext } from "../context.ts";
import { CATALOG_CACHE_MS, CatalogCache } from "../catalog/cache.ts";
import { documentFacts } from "./documents.ts";
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
  /** Only a JSON 200 without errors is kept. */
  reusable: boolean;
}

/** Yoga's answer read whole, so that it can be sent again. */
export async function answerOf(res: Response): Promise<Answer> {
  const body = await res.text();
  const contentType = res.headers.get("content-type") ?? "";
  let reusable = false;
  if (res.status === 200 && /json/i.test(contentType)) {
    try {
      reusable = (JSON.parse(body) as { errors?: unknown }).errors === undefined;
    } catch {
      /* not JSON after all: answered, not kept */
    }
  }
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

const answers = new CatalogCache<Answer>(CATALOG_CACHE_MS, MAX_ANSWERS, {
  keep: (a) => a.reusable && a.body.length <= MAX_ANSWER_LENGTH,
  productsOf: idsIn,
});

/**
 * The cache key of a request whose answer depends on nothing but the catalog and the scope; null otherwise.
 * `body` is the request's JSON text, whose parsed form is `params`: the same text asks the same thing.
 */
export function catalogAnswerKey(ctx: RequestContext, req: Request, params: Record<string, unknown>, body: string): string | null {
  if (body.length > MAX_KEY_LENGTH) return null;
  const fields = documentFacts(params.query).queryFields;
  if (!fields || ![...fields].every(([name, args]) => PURE_READS.get(name)?.(args))) return null;
  const scope = [ctx.channel.id, ctx.locale, ctx.currency.code, ctx.currency.rate.toString(), ctx.baseUrl, req.headers.get("accept")];
  return `${JSON.stringify(scope)}\n${body}`;
}

export function cachedAnswer(key: string, run: () => Promise<Answer>): Promise<Answer> {
  return answers.get(key, run);
}
