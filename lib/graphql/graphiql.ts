// The GraphiQL page graphql-yoga renders (GET with Accept: text/html). It is rendered by @graphql-yoga/render-graphiql,
// which inlines GraphiQL's script, styles, fonts and editor workers into the page, so the explorer loads nothing from
// another host and works offline. The page gets a policy of its own: its script tags carry this answer's nonce, and
// nothing but the app's own origin (and the blob: workers the page makes from its inlined code) is allowed.
// Headers pasted into the page are not kept in the browser's storage. Every document needs the surface's credential,
// the schema fetch behind the docs and completion included (lib/graphql/handler.ts), so each page opens ready to run:
// the Shop page with an example query and a commented checkout, its X-STOREFRONT-KEY header filled with the demo
// store's key in a development start (else a placeholder and a line saying where a key comes from); the Admin page
// with an Authorization header to paste a token into. Each page keeps its own saved tabs (a storage of its own), sends
// documents as they are (an empty one gets the server's one-line answer, no stack trace from a parse in the page),
// and loads the schema with the first answer once the credential is there.
import fs from "node:fs";
import { randomBytes } from "node:crypto";
import { renderGraphiQL } from "@graphql-yoga/render-graphiql";
import type { GraphiQLOptions, GraphiQLRenderer } from "graphql-yoga";
import type { Surface } from "../operations/define.ts";
import type { Db } from "../db/client.ts";
import { sha256 } from "../auth/secrets.ts";
import { demoKeyFile } from "../storefront-keys/demo-key-file.ts";

const KEY_PLACEHOLDER = "<paste a storefront key>";
const TOKEN_PLACEHOLDER = "Bearer <paste an integration token>";

const KEY_HINT = {
  filled: "# The X-STOREFRONT-KEY header below holds the demo store's key (a development start): press Run (Ctrl-Enter).",
  placeholder:
    "# Put a storefront key in the X-STOREFRONT-KEY header below (npm start prints the demo store's; make one with\n" +
    "# npm run commerce -- storefront-key create --name explorer, or in the admin panel), then press Run (Ctrl-Enter).",
};

const SHOP_DOCUMENT = [
  "# Shop GraphQL. Every request, the schema behind the docs and completion included, needs a storefront key;",
  "# the schema loads with the first answer (or re-fetch the schema: Shift-Ctrl-R).",
  "%HINT%",
  "query FirstProducts {",
  "  products(first: 3) {",
  "    totalCount",
  "    edges { node { _id sku name formattedPrice inStock } }",
  "  }",
  "}",
  "",
  "# A guest checkout, in order, one operation per tab. The first answers a cart token: add it to the headers as",
  '# "Authorization": "Bearer <cart token>" for every step after it.',
  "#",
  "# mutation { createCartToken(input: {}) { cartToken { cartToken } } }",
  "# mutation { createAddProductInCart(input: { productId: 1, quantity: 1 }) { addProductInCart { itemsCount formattedGrandTotal } } }",
  '# mutation { createCheckoutAddress(input: { billingFirstName: "Ada", billingLastName: "Lovelace", billingEmail: "ada@example.com",',
  '#   billingAddress: "1 Main Street", billingCity: "Springfield", billingPostcode: "12345", billingCountry: "US", billingState: "CA",',
  '#   billingPhoneNumber: "5550100", useForShipping: true }) { checkoutAddress { success message } } }',
  "# query { collectionShippingRates { code label formattedPrice } }",
  '# mutation { createCheckoutShippingMethod(input: { shippingMethod: "flatrate_flatrate" }) { checkoutShippingMethod { success message } } }',
  "# query { collectionPaymentMethods { method title } }",
  '# mutation { createCheckoutPaymentMethod(input: { paymentMethod: "cashondelivery" }) { checkoutPaymentMethod { success message } } }',
  "# mutation { createCheckoutOrder(input: {}) { checkoutOrder { orderIncrementId redirect redirectUrl } } }",
  "",
].join("\n");

const ADMIN_DOCUMENT = [
  "# Admin GraphQL. Every request, the schema behind the docs and completion included, needs an integration token:",
  `# paste one into the Authorization header below in place of "${TOKEN_PLACEHOLDER}" (make one in the admin panel,`,
  "# Integration tokens), then press Run (Ctrl-Enter): the schema loads with the first answer (or re-fetch the schema:",
  "# Shift-Ctrl-R).",
  "query Channels {",
  "  adminChannels(first: 3) {",
  "    totalCount",
  "    edges { node { _id code name } }",
  "  }",
  "}",
  "",
].join("\n");

/**
 * A development start: `next dev`, or a server without PUBLIC_URL, which `npm start` requires of a production start
 * (lib/http/public-url.ts). There the page may carry the demo store's key, which the quick start prints anyway.
 */
const developmentStart = () => process.env.NODE_ENV !== "production" || !process.env.PUBLIC_URL;

/** The demo store's key `npm start` wrote, while it is an active key of this database; null otherwise. */
export async function demoStorefrontKey(db: Db, file = demoKeyFile()): Promise<string | null> {
  let key: string;
  try {
    key = fs.readFileSync(file, "utf8").trim();
  } catch {
    return null;
  }
  if (!key) return null;
  const row = await db.storefrontKey.findUnique({ where: { keyHash: sha256(key) }, select: { status: true, expiresAt: true } });
  return row?.status === "active" && (!row.expiresAt || row.expiresAt > new Date()) ? key : null;
}

/** The Shop page's options: the header filled with `key`, or its placeholder and a line saying where a key comes from. */
function shopGraphiqlOptions(key: string | null): GraphiQLOptions {
  return {
    title: "Shop GraphQL",
    shouldPersistHeaders: false,
    defaultQuery: SHOP_DOCUMENT.replace("%HINT%", key ? KEY_HINT.filled : KEY_HINT.placeholder),
    headers: JSON.stringify({ "X-STOREFRONT-KEY": key ?? KEY_PLACEHOLDER }, null, 2),
  };
}

type PageContext = { ctx?: { db: Db } } | undefined;

export function graphiqlOptions(surface: Surface): GraphiQLOptions | ((request: Request, serverContext: PageContext) => Promise<GraphiQLOptions>) {
  if (surface === "admin") {
    return {
      title: "Admin GraphQL",
      shouldPersistHeaders: false,
      defaultQuery: ADMIN_DOCUMENT,
      headers: JSON.stringify({ Authorization: TOKEN_PLACEHOLDER }, null, 2),
    };
  }
  return async (_request, serverContext) =>
    shopGraphiqlOptions(developmentStart() && serverContext?.ctx ? await demoStorefrontKey(serverContext.ctx.db).catch(() => null) : null);
}

/**
 * What the page adds to the options render-graphiql hands GraphiQL, as script (a storage and a fetcher are functions,
 * which the options' JSON cannot carry):
 * - a storage of this page's own, under the endpoint's path, so the Shop and Admin pages keep their own tabs;
 * - a fetcher that sends the document as it is, so an empty one gets the server's one-line answer (render-graphiql's
 *   own parses it in the page first and shows the parse error with its stack), reads a refusal of the gate
 *   (`{ message, error }`) as one GraphQL error, and re-fetches the schema after the first answer with data when
 *   fetching it failed (a credential pasted since).
 */
const PAGE_SCRIPT = `(function (options) {
  var endpoint = location.pathname;
  var prefix = endpoint + ":";
  var own = function () { return Object.keys(localStorage).filter(function (k) { return k.indexOf(prefix) === 0; }); };
  var storage = {
    getItem: function (k) { return localStorage.getItem(prefix + k); },
    setItem: function (k, v) { localStorage.setItem(prefix + k, v); },
    removeItem: function (k) { localStorage.removeItem(prefix + k); },
    get length() { return own().length; },
    clear: function () { own().forEach(function (k) { localStorage.removeItem(k); }); },
  };
  var schemaMissing = false;
  var refetchSchema = function () {
    var button = document.querySelector('button[aria-label^="Re-fetch GraphQL schema"]');
    if (button) button.click();
  };
  var fetcher = async function (params, opts) {
    var headers = Object.assign({ "Content-Type": "application/json", Accept: "application/graphql-response+json, application/json" }, (opts && opts.headers) || {});
    var res = await fetch(endpoint, {
      method: "POST", credentials: "same-origin", headers: headers,
      body: JSON.stringify({ query: params.query, operationName: params.operationName || undefined, variables: params.variables || undefined }),
    });
    var text = await res.text();
    var body;
    try { body = JSON.parse(text); } catch (e) { body = { errors: [{ message: res.status + " " + (text.split("\\n")[0] || res.statusText) }] }; }
    if (body && typeof body === "object" && !("data" in body) && !("errors" in body) && typeof body.message === "string") {
      body = { errors: [{ message: body.message, extensions: { code: body.error, status: res.status } }] };
    }
    if (params.operationName === "IntrospectionQuery") schemaMissing = !(body && body.data && body.data.__schema);
    else if (schemaMissing && res.ok && body && body.data) { schemaMissing = false; setTimeout(refetchSchema, 0); }
    return body;
  };
  return Object.assign(options, { storage: storage, fetcher: fetcher });
})`;

/** render-graphiql's page, with PAGE_SCRIPT applied to the options it passes GraphiQL. */
export const graphiqlRenderer: GraphiQLRenderer = (options) => {
  const html = renderGraphiQL(options);
  const json = JSON.stringify(options);
  const at = html.lastIndexOf(json);
  if (at < 0) throw new Error("The GraphiQL page no longer holds its options as render-graphiql wrote them.");
  return html.slice(0, at) + `${PAGE_SCRIPT}(${json})` + html.slice(at + json.length);
};

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
