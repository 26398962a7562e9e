// Limits on the shape of a GraphQL document, for both endpoints (graphql-armor plugins). A document past any of
// them is refused while it is parsed or validated, so nothing of it runs. The error carries `extensions.code` and
// `extensions.status` 400 like every other refusal; the HTTP status is yoga's for any invalid document (400 for
// `Accept: application/graphql-response+json`, 200 for plain `application/json`, as GraphQL over HTTP says).
// Introspection (`__schema`) is exempt from the depth and cost limits, so the explorers keep working. A syntax error
// is refused the same way; a request with no document at all is a 400 on every media type.
import { GraphQLError, type DocumentNode, type ValidationContext } from "graphql";
import type { Plugin } from "graphql-yoga";
import { maxDepthPlugin } from "@escape.tech/graphql-armor-max-depth";
import { costLimitPlugin } from "@escape.tech/graphql-armor-cost-limit";
import { maxAliasesPlugin } from "@escape.tech/graphql-armor-max-aliases";
import { maxTokensPlugin } from "@escape.tech/graphql-armor-max-tokens";

const limit = (name: string, fallback: number) => {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/**
 * The deepest selection any client of this API needs is about 10 levels (attribute → options connection →
 * translations connection); the cost of the largest documented selections stays well under 20 000.
 */
export const GRAPHQL_LIMITS = {
  depth: limit("GRAPHQL_MAX_DEPTH", 15),
  cost: limit("GRAPHQL_MAX_COST", 50_000),
  aliases: limit("GRAPHQL_MAX_ALIASES", 30),
  tokens: limit("GRAPHQL_MAX_TOKENS", 10_000),
};

type Reject = (ctx: ValidationContext | null, error: GraphQLError) => void;

/** Reports the refusal as a 400 validation error with our extensions (validation rules). */
function refuseWith(code: string): { propagateOnRejection: false; onReject: Reject[] } {
  return {
    propagateOnRejection: false,
    onReject: [
      (ctx, error) =>
        ctx?.reportError(
          new GraphQLError(error.message.replace(/^Syntax Error: /, ""), { extensions: { code, status: 400 } }),
        ),
    ],
  };
}

/**
 * A request without a document (`{}`, a GET without `query`, a blank query) is not a GraphQL request at all: 400 on
 * every media type, where yoga answers 200 for `application/json`. User plugins run before yoga's own check.
 */
const documentRequired: Plugin = {
  onParams({ params }) {
    if (typeof params.query === "string" ? params.query.trim() : params.query != null) return;
    throw new GraphQLError("Must provide query string.", {
      extensions: { code: "BAD_REQUEST", status: 400, http: { status: 400 } },
    });
  },
};

/**
 * A syntax error is a 400 refusal like the limits' own. The parser that runs is graphql-armor's, and in the production
 * bundle its GraphQLError may come from another copy of `graphql` than yoga's; yoga then takes it for a crash and
 * answers 500 `Unexpected error.`. Marked here with `extensions.status` and `extensions.http`, which are read without
 * `instanceof`, it keeps its message and gets yoga's usual HTTP status for an invalid document.
 */
export const syntaxErrorsRefused: Plugin = {
  onParse({ parseFn, setParseFn }) {
    setParseFn((source, options) => {
      try {
        // envelop types the parser it hands over (graphql's own, or a plugin's wrapper of it) as returning `any`.
        return parseFn(source, options) as DocumentNode;
      } catch (e) {
        const error = e as { message?: unknown; extensions?: { status?: unknown }; source?: GraphQLError["source"]; positions?: readonly number[] };
        if (typeof error?.extensions?.status === "number") throw e; // a limit's refusal, marked already
        throw new GraphQLError(typeof error?.message === "string" ? error.message : "Syntax Error.", {
          source: error?.source,
          positions: error?.positions,
          extensions: { code: "GRAPHQL_PARSE_FAILED", status: 400, http: { spec: true, status: 400 } },
        });
      }
    });
  },
};

export function documentLimits(): Plugin[] {
  return [
    documentRequired,
    // The token count is checked while parsing, so a huge document is abandoned part way: it must throw there.
    maxTokensPlugin({
      n: GRAPHQL_LIMITS.tokens,
      onReject: [
        (_ctx: unknown, error: GraphQLError) => {
          // `http` too, for the same reason as syntaxErrorsRefused: yoga may not know this error's class.
          Object.assign(error.extensions as Record<string, unknown>, { code: "query_too_large", status: 400, http: { spec: true, status: 400 } });
        },
      ],
    }),
    syntaxErrorsRefused, // after maxTokensPlugin, so it wraps the parser that plugin sets
    maxDepthPlugin({ n: GRAPHQL_LIMITS.depth, flattenFragments: true, ...refuseWith("query_too_deep") }),
    costLimitPlugin({ maxCost: GRAPHQL_LIMITS.cost, flattenFragments: true, ...refuseWith("query_too_complex") }),
    maxAliasesPlugin({ n: GRAPHQL_LIMITS.aliases, ...refuseWith("too_many_aliases") }),
  ];
}
