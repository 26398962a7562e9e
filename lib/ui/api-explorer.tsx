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

export function ApiExplorer({ url, graphqlUrl, title }: { url: string; graphqlUrl: string; title: string }) {
  const root = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    Promise.all([import("swagger-ui-dist/swagger-ui-bundle.js"), fetch(url).then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))])
      .then(([{ default: SwaggerUIBundle }, spec]: [{ default: (o: Record<string, unknown>) => unknown }, { servers?: { url: string }[] }]) => {
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
