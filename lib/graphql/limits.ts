// Limits on the shape of a GraphQL document, for both endpoints (graphql-armor plugins). A document past any of
// them is refused while it is parsed or validated, so nothing of it runs. The error carries `extensions.code` and
// `extensions.status` 400 like every other refusal; the HTTP status is yoga's for any invalid document (400 for
// `Accept: application/graphql-response+json`, 200 for plain `application/json`, as GraphQL over HTTP says).
// Introspection (`__schema`) is exempt from the depth and cost limits, so the explorers keep working.
import { GraphQLError, type ValidationContext } from "graphql";
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

export function documentLimits(): Plugin[] {
  return [
    // The token count is checked while parsing, so a huge document is abandoned part way: it must throw there.
    maxTokensPlugin({
      n: GRAPHQL_LIMITS.tokens,
      onReject: [
        (_ctx: unknown, error: GraphQLError) => {
          Object.assign(error.extensions as Record<string, unknown>, { code: "query_too_large", status: 400 });
        },
      ],
    }) as Plugin,
    maxDepthPlugin({ n: GRAPHQL_LIMITS.depth, flattenFragments: true, ...refuseWith("query_too_deep") }) as Plugin,
    costLimitPlugin({ maxCost: GRAPHQL_LIMITS.cost, flattenFragments: true, ...refuseWith("query_too_complex") }) as Plugin,
    maxAliasesPlugin({ n: GRAPHQL_LIMITS.aliases, ...refuseWith("too_many_aliases") }) as Plugin,
  ];
}
