// One-line helpers for tests: a storefront key, a customer, a cart; REST and GraphQL calls.
import { dispatch, BASE } from "./app.ts";
import { getDb } from "../../lib/db/client.ts";
import { createStorefrontKey, type StorefrontKeyInput } from "../../lib/storefront-keys/index.ts";

export interface CallOptions {
  key?: string | null;
  bearer?: string | null;
  headers?: Record<string, string>;
}

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

let counter = 0;
/** A value no other test run has used (emails, names). */
export const unique = (prefix = "t") => `${prefix}${process.pid}x${Date.now().toString(36)}x${++counter}`;

export async function call<T = any>(method: string, path: string, body?: unknown, opts: CallOptions = {}): Promise<Answer<T>> {
  const headers = new Headers({ Accept: "application/json", ...opts.headers });
  if (opts.key) headers.set("X-STOREFRONT-KEY", opts.key);
  if (opts.bearer) headers.set("Authorization", `Bearer ${opts.bearer}`);
  let payload: string | undefined;
  if (body !== undefined) {
    payload = typeof body === "string" ? body : JSON.stringify(body);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  }
  const res = await dispatch(new Request(BASE + path, { method, headers, body: payload }));
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, headers: res.headers, body: parsed as T };
}

export type GraphqlAnswer<T = any> = Answer<{ data?: T; errors?: { message: string; extensions?: { code?: string; status?: number } }[] }>;

export function graphql<T = any>(query: string, variables?: Record<string, unknown>, opts: CallOptions & { endpoint?: string } = {}) {
  return call(
    "POST",
    opts.endpoint ?? "/api/graphql",
    { query, variables },
    opts,
  ) as Promise<GraphqlAnswer<T>>;
}

export async function storefrontKey(input: Partial<StorefrontKeyInput> = {}): Promise<string> {
  const key = await createStorefrontKey(await getDb(), { name: unique("key"), ...input });
  return key.key;
}

/** A new customer registered through the API; returns its id, email, password and bearer token. */
export async function customer(key: string, overrides: Record<string, unknown> = {}) {
  const email = `${unique("c")}@example.com`;
  const password = "Secret123!pass";
  const res = await call("POST", "/api/shop/customers", { firstName: "Test", lastName: "Shopper", email, password, confirmPassword: password, ...overrides }, { key });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id as number, email, password, token: res.body.token as string, apiToken: res.body.apiToken as string };
}

export async function cartToken(key: string): Promise<string> {
  const res = await call("POST", "/api/shop/cart-tokens", {}, { key });
  if (res.status !== 201) throw new Error(`cart token failed: ${res.status}`);
  return res.body.cartToken;
}

export { getDb };

/** Reads until `ok` holds (work written off the request path, e.g. visits), at most about a second; then once more. */
export async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 50; i++) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
  return read();
}
