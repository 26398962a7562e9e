// What the handler needs to know of a GraphQL document before yoga runs it: how many root fields each operation has
// (each is one request of the caller's budget) and which root fields a plain query asks for (catalog reads are
// answered from cache).
// Clients send the same few documents again and again, so each is parsed for this once.
import { Kind, OperationTypeNode, parse, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from "graphql";
import { GRAPHQL_LIMITS } from "./limits.ts";
import { Lru } from "../cache/index.ts";

export interface DocumentFacts {
  /**
   * Root fields of a document that is one or more queries of plain fields, each with the names of the arguments
   * it is given (literally or through variables); null for anything else.
   */
  queryFields: ReadonlyMap<string, ReadonlySet<string>> | null;
  /** Root fields of each operation, by operation name ("" for an unnamed one). */
  rootFields: ReadonlyMap<string, RootFields>;
}

export interface RootFields {
  /** Distinct response keys (alias or name): each is a resolver run of its own. */
  keys: number;
  /** The fields' names, which name the operations they run. */
  names: ReadonlySet<string>;
}

const NOTHING: DocumentFacts = { queryFields: null, rootFields: new Map() };
/** Facts of the documents seen, by text: a document's facts never change, so no write drops them (lib/cache's Lru). */
const known = new Lru<string, DocumentFacts>(1_000);
/** Longer documents are looked at every time: the memo holds at most 1,000 × MAX_KEPT_LENGTH characters. */
const MAX_KEPT_LENGTH = 20_000;

function factsOf(query: string): DocumentFacts {
  let doc: DocumentNode;
  try {
    doc = parse(query, { maxTokens: GRAPHQL_LIMITS.tokens });
  } catch {
    return NOTHING; // yoga answers the syntax error, or refuses the document as too large
  }
  const operations = doc.definitions.filter((d) => d.kind !== Kind.FRAGMENT_DEFINITION);
  const queries = operations.filter((d) => d.kind === Kind.OPERATION_DEFINITION && d.operation === OperationTypeNode.QUERY);
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
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const rootFields = new Map<string, RootFields>();
  for (const d of operations) {
    if (d.kind !== Kind.OPERATION_DEFINITION) continue;
    const { keys, names } = collectFields(d.selectionSet, fragments, new Set());
    rootFields.set(d.name?.value ?? "", { keys: keys.size, names });
  }
  return { queryFields: plain && fields.size ? fields : null, rootFields };
}

/**
 * The response keys and field names a selection set yields, through fragment spreads and inline fragments: fields
 * sharing a key are merged by GraphQL and resolved once, while every alias is a resolver run of its own.
 * Skip/include directives are not evaluated: a field that may run is counted.
 */
function collectFields(
  set: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  seen: Set<string>,
  out = { keys: new Set<string>(), names: new Set<string>() },
): { keys: Set<string>; names: Set<string> } {
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD) {
      out.keys.add(s.alias?.value ?? s.name.value);
      out.names.add(s.name.value);
    } else if (s.kind === Kind.INLINE_FRAGMENT) collectFields(s.selectionSet, fragments, seen, out);
    else {
      const fragment = fragments.get(s.name.value);
      // A fragment spread twice adds nothing new; a cycle is invalid and yoga refuses it.
      if (!fragment || seen.has(s.name.value)) continue;
      seen.add(s.name.value);
      collectFields(fragment.selectionSet, fragments, seen, out);
    }
  }
  return out;
}

/** The root fields of the operation that runs (by `operationName`, or the only one); null when yoga will refuse it. */
export function operationRootFields(query: unknown, operationName: unknown): RootFields | null {
  const { rootFields } = documentFacts(query);
  const name = typeof operationName === "string" && operationName ? operationName : null;
  return (name !== null ? rootFields.get(name) : rootFields.size === 1 ? [...rootFields.values()][0] : undefined) ?? null;
}

/**
 * Requests of the caller's budget a document spends: one per root field of the operation that runs (by
 * `operationName`, or the only one), at least one. A document yoga will refuse (unparsable, no such operation,
 * several without a name) spends one, like any other request.
 */
export function documentCost(query: unknown, operationName: unknown): number {
  return Math.max(1, operationRootFields(query, operationName)?.keys ?? 1);
}

export function documentFacts(query: unknown): DocumentFacts {
  if (typeof query !== "string") return NOTHING;
  let facts = known.get(query);
  if (!facts) {
    facts = factsOf(query);
    if (query.length > MAX_KEPT_LENGTH) return facts;
    known.set(query, facts);
  }
  return facts;
}
