// What the handler needs to know of a GraphQL document before yoga runs it: whether it only introspects (no
// storefront key needed) and which root fields a plain query asks for (catalog reads are answered from cache).
// Clients send the same few documents again and again, so each is parsed for this once.
import { Kind, parse, type DocumentNode } from "graphql";
import { GRAPHQL_LIMITS } from "./limits.ts";

export interface DocumentFacts {
  introspectionOnly: boolean;
  /**
   * Root fields of a document that is one or more queries of plain fields, each with the names of the arguments
   * it is given (literally or through variables); null for anything else.
   */
  queryFields: ReadonlyMap<string, ReadonlySet<string>> | null;
}

const NOTHING: DocumentFacts = { introspectionOnly: false, queryFields: null };
const known = new Map<string, DocumentFacts>();
const MAX_DOCUMENTS = 1_000;
/** Longer documents are looked at every time: the map holds at most MAX_DOCUMENTS × MAX_KEPT_LENGTH characters. */
const MAX_KEPT_LENGTH = 20_000;

function factsOf(query: string): DocumentFacts {
  let doc: DocumentNode;
  try {
    doc = parse(query, { maxTokens: GRAPHQL_LIMITS.tokens });
  } catch {
    return NOTHING; // yoga answers the syntax error, or refuses the document as too large
  }
  const operations = doc.definitions.filter((d) => d.kind !== Kind.FRAGMENT_DEFINITION);
  const queries = operations.filter((d) => d.kind === Kind.OPERATION_DEFINITION && d.operation === "query");
  const selections = queries.flatMap((d) => (d.kind === Kind.OPERATION_DEFINITION ? d.selectionSet.selections : []));
  const everyField = queries.length === operations.length && selections.every((s) => s.kind === Kind.FIELD);
  const plain = everyField && selections.every((s) => !s.directives?.length);
  const fields = new Map<string, Set<string>>();
  for (const s of selections) {
    if (s.kind !== Kind.FIELD) continue;
    const args = fields.get(s.name.value) ?? new Set<string>();
    for (const a of s.arguments ?? []) args.add(a.name.value);
    fields.set(s.name.value, args);
  }
  return {
    introspectionOnly: everyField && [...fields.keys()].every((f) => f.startsWith("__")),
    queryFields: plain && fields.size ? fields : null,
  };
}

export function documentFacts(query: unknown): DocumentFacts {
  if (typeof query !== "string") return NOTHING;
  let facts = known.get(query);
  if (!facts) {
    facts = factsOf(query);
    if (query.length > MAX_KEPT_LENGTH) return facts;
    if (known.size >= MAX_DOCUMENTS) known.clear();
    known.set(query, facts);
  }
  return facts;
}
