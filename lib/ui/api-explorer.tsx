"use client";
// The interactive explorer of one surface: Swagger UI over the generated OpenAPI document. A person pastes the
// storefront key or token once under "Authorize" and it is kept for every try.
import SwaggerUI from "swagger-ui-react";
import "swagger-ui-react/swagger-ui.css";

export function ApiExplorer({ url, graphqlUrl, title }: { url: string; graphqlUrl: string; title: string }) {
  return (
    <main>
      <header style={{ fontFamily: "system-ui, sans-serif", padding: "12px 20px", borderBottom: "1px solid #eee", display: "flex", gap: 20, alignItems: "baseline" }}>
        <strong>{title}</strong>
        <a href={url}>OpenAPI document</a>
        <a href={graphqlUrl}>GraphQL explorer</a>
      </header>
      <SwaggerUI url={url} persistAuthorization tryItOutEnabled deepLinking />
    </main>
  );
}
