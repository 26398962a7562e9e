// The GraphiQL page graphql-yoga renders (GET with Accept: text/html). It is rendered by @graphql-yoga/render-graphiql,
// which inlines GraphiQL's script, styles, fonts and editor workers into the page, so the explorer loads nothing from
// another host and works offline. The page gets a policy of its own: its script tags carry this answer's nonce, and
// nothing but the app's own origin (and the blob: workers the page makes from its inlined code) is allowed.
// Headers pasted into the page are not kept in the browser's storage. Every document needs the surface's credential,
// the schema fetch behind the docs and completion included (lib/graphql/handler.ts), so the page says where it goes:
// the Shop page opens with an X-STOREFRONT-KEY header to fill in, the Admin page's default document asks for an
// Authorization header.
import { randomBytes } from "node:crypto";
import { renderGraphiQL } from "@graphql-yoga/render-graphiql";
import type { GraphiQLOptions, GraphiQLRenderer } from "graphql-yoga";
import type { Surface } from "../operations/define.ts";

export const graphiqlRenderer: GraphiQLRenderer = renderGraphiQL;

const HOW_TO = {
  shop: [
    "# Every request, the schema behind the docs and completion included, needs a storefront key:",
    '# put it in Headers below as { "X-STOREFRONT-KEY": "pk_..." }, then re-fetch the schema (Shift-Ctrl-R).',
  ],
  admin: [
    "# Every request, the schema behind the docs and completion included, needs an integration token: put it in",
    '# Headers below as { "Authorization": "Bearer <id>|<secret>" }, then re-fetch the schema (Shift-Ctrl-R).',
  ],
};

export function graphiqlOptions(surface: Surface): GraphiQLOptions {
  return {
    title: surface === "shop" ? "Shop GraphQL" : "Admin GraphQL",
    shouldPersistHeaders: false,
    defaultQuery: [...HOW_TO[surface], "{", "  __typename", "}", ""].join("\n"),
    // A template for the key. The Admin page starts empty: an empty Authorization header would be a refused token.
    ...(surface === "shop" ? { headers: JSON.stringify({ "X-STOREFRONT-KEY": "" }, null, 2) } : {}),
  };
}

export function graphiqlPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}'`,
    // The editor's workers are started from blob: URLs made from code inlined in the page.
    "worker-src 'self' blob:",
    "connect-src 'self'",
    // The inlined stylesheet is a <style> element; its fonts and icons are data: URLs.
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

// A script's opening tag and its body up to the closing tag. Only opening tags get the nonce: the inlined GraphiQL
// bundle holds the text "<script>" inside a string literal, which must stay as it is.
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** The GraphiQL page with a nonce on its scripts and the policy that allows them; any other answer as it is. */
export async function withGraphiqlPolicy(answer: Response): Promise<Response> {
  if (!(answer.headers.get("content-type") ?? "").startsWith("text/html")) return answer;
  const nonce = randomBytes(16).toString("base64");
  const html = (await answer.text()).replace(SCRIPT, (_, attrs: string, body: string) => `<script nonce="${nonce}"${attrs}>${body}</script>`);
  const headers = new Headers(answer.headers);
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Content-Security-Policy", graphiqlPolicy(nonce));
  return new Response(html, { status: answer.status, headers });
}
