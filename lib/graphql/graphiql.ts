// The GraphiQL page graphql-yoga renders (GET with Accept: text/html). Its HTML carries inline scripts and loads
// GraphiQL from unpkg, so it gets a policy of its own: each of its script tags is given this answer's nonce, and
// only that CDN is allowed for the rest. Headers pasted into the page are not kept in the browser's storage.
import { randomBytes } from "node:crypto";
import type { GraphiQLOptions } from "graphql-yoga";
import type { Surface } from "../operations/define.ts";

const CDN = "https://unpkg.com";

export function graphiqlOptions(surface: Surface): GraphiQLOptions {
  return { title: surface === "shop" ? "Shop GraphQL" : "Admin GraphQL", shouldPersistHeaders: false };
}

export function graphiqlPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}'`,
    // The editor's workers are fetched from the CDN and started from blob: URLs.
    "worker-src 'self' blob:",
    `connect-src 'self' ${CDN}`,
    `style-src 'self' 'unsafe-inline' ${CDN}`,
    `font-src 'self' data: ${CDN}`,
    "img-src 'self' data: https://raw.githubusercontent.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The GraphiQL page with a nonce on its scripts and the policy that allows them; any other answer as it is. */
export async function withGraphiqlPolicy(answer: Response): Promise<Response> {
  if (!(answer.headers.get("content-type") ?? "").startsWith("text/html")) return answer;
  const nonce = randomBytes(16).toString("base64");
  const html = (await answer.text()).replaceAll("<script", `<script nonce="${nonce}"`);
  const headers = new Headers(answer.headers);
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Content-Security-Policy", graphiqlPolicy(nonce));
  return new Response(html, { status: answer.status, headers });
}
