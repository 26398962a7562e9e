"use client";
// The interactive explorer of one surface: Swagger UI over the generated OpenAPI document. A person pastes the
// storefront key or token once under "Authorize" and it is kept for every try on this page, and never written to
// the browser's storage (a credential left in localStorage outlives the visit and is open to any script on the origin).
//
// Swagger UI runs from its prebuilt bundle (swagger-ui-dist) rather than swagger-ui-react's ES build: bundled by
// Next, the ES build loses the side effect that gives the OpenAPI 3.1 elements their `refract` method, and every
// operation then spins forever when opened.
import { useEffect, useRef, useState } from "react";
import "swagger-ui-dist/swagger-ui.css";

/** The parts of a Swagger UI operation entry the sorter and filter read (Immutable.js maps). */
interface OperationEntry {
  get(key: "path" | "method"): string;
  getIn(keys: ["operation", "operationId" | "summary" | "x-alias-of"]): string | undefined;
}
interface TaggedOperations {
  map(fn: (tag: TagEntry, name: string) => TagEntry): TaggedOperations;
  filter(fn: (tag: TagEntry) => boolean): TaggedOperations;
}
interface TagEntry {
  get(key: "operations"): { filter(fn: (op: OperationEntry) => boolean): { size: number } } & { size: number };
  set(key: "operations", value: unknown): TagEntry;
}

type Spec = { servers?: { url: string }[]; paths?: Record<string, Record<string, { operationId?: string; "x-alias-of"?: string }>> };

/**
 * A sorter keeping the document's order of primaries, with each alias (`x-alias-of`, lib/openapi/tags.ts) placed right
 * after the operation it is an alias of.
 */
function aliasesAfterPrimaries(spec: Spec) {
  const rank = new Map<string, number>();
  const entries = Object.values(spec.paths ?? {}).flatMap((methods) => Object.values(methods));
  entries.forEach((op, i) => {
    if (op.operationId && !op["x-alias-of"]) rank.set(op.operationId, i * 1000);
  });
  entries.forEach((op, i) => {
    const primary = op["x-alias-of"] && rank.get(op["x-alias-of"]);
    if (op.operationId && op["x-alias-of"]) rank.set(op.operationId, typeof primary === "number" ? primary + 1 + (i % 999) : i * 1000);
  });
  const of = (entry: OperationEntry) => rank.get(entry.getIn(["operation", "operationId"]) ?? "") ?? Number.MAX_SAFE_INTEGER;
  return (a: OperationEntry, b: OperationEntry) => of(a) - of(b);
}

/** Swagger UI's filter matches tag names only, case-sensitively; this one also finds operations, in any case. */
function filterOperations(tagged: TaggedOperations, phrase: string): TaggedOperations {
  const words = phrase.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return tagged;
  const matches = (text: string) => words.every((w) => text.toLowerCase().includes(w));
  const operationText = (op: OperationEntry) =>
    [op.get("method"), op.get("path"), op.getIn(["operation", "operationId"]), op.getIn(["operation", "summary"])].join(" ");
  return tagged
    .map((tag, name) => (matches(name) ? tag : tag.set("operations", tag.get("operations").filter((op) => matches(operationText(op))))))
    .filter((tag) => tag.get("operations").size > 0);
}

export function ApiExplorer({ url, graphqlUrl, title }: { url: string; graphqlUrl: string; title: string }) {
  const root = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    Promise.all([import("swagger-ui-dist/swagger-ui-bundle.js"), fetch(url).then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))])
      .then(([{ default: SwaggerUIBundle }, spec]: [{ default: (o: Record<string, unknown>) => unknown }, Spec]) => {
        if (!live || !root.current) return;
        // Tries go to the server this page came from; the document's own server address is kept as a choice.
        const here = window.location.origin;
        spec.servers = [{ url: here }, ...(spec.servers ?? []).filter((s) => s.url !== here)];
        SwaggerUIBundle({
          domNode: root.current,
          spec,
          persistAuthorization: false,
          tryItOutEnabled: true,
          deepLinking: true,
          // Tags start collapsed: fully expanded, Swagger UI stops rendering part way through a document this large.
          docExpansion: "none",
          defaultModelsExpandDepth: -1,
          // Tags come in the document's order (its top-level `tags`, by task: lib/openapi/tags.ts); within one, the
          // operations in the document's order (the Checkout tag's is its steps'), each alias right after its primary.
          operationsSorter: aliasesAfterPrimaries(spec),
          // A filter box that finds operations by tag, path, summary or operationId, in any case.
          filter: true,
          plugins: [{ fn: { opsFilter: filterOperations } }],
        });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <main>
      <header style={{ fontFamily: "system-ui, sans-serif", padding: "12px 20px", borderBottom: "1px solid #eee", display: "flex", gap: 20, alignItems: "baseline" }}>
        <strong>{title}</strong>
        <a href={url}>OpenAPI document</a>
        <a href={graphqlUrl}>GraphQL explorer</a>
      </header>
      {failed && <p style={{ padding: 20 }}>The explorer could not be loaded. The OpenAPI document is still at <a href={url}>{url}</a>.</p>}
      <div ref={root} />
    </main>
  );
}
