"use client";
// The panel's typed Admin API client: openapi-fetch over the types generated from the Admin OpenAPI document
// (lib/openapi/types/admin-api.ts, `npm run openapi:types`), so every path, parameter, body and answer the screens
// use is the API's own and a changed operation fails the type check. The session cookie authenticates; writes carry
// the session's CSRF token (./api.ts hands it out). `ok` turns an answer into its body or an ApiError;
// `versioned` keeps the record's ETag, which an edit sends back as `If-Match` so that a change made meanwhile by
// someone else is a 412 ("reload") instead of being overwritten.
import createClient from "openapi-fetch";
import type { components, paths } from "../../openapi/types/admin-api";
import { apiErrorFrom, networkError } from "../api-error";
import { csrfToken } from "./api";

/** The Admin API's schemas: `Schemas["AdminOrder"]`. */
export type Schemas = components["schemas"];

export const adminApi = createClient<paths>({ baseUrl: "", credentials: "same-origin" });

adminApi.use({
  onRequest({ request }) {
    request.headers.set("Accept", "application/json");
    if (request.method !== "GET" && request.method !== "HEAD") request.headers.set("X-CSRF-Token", csrfToken());
    return request;
  },
});

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

async function settle<T>(call: Promise<Answer<T>>): Promise<Answer<T>> {
  let answer: Answer<T>;
  try {
    answer = await call;
  } catch {
    throw networkError();
  }
  if (!answer.response.ok) throw apiErrorFrom(answer.response.status, answer.error);
  return answer;
}

/** The body of a successful answer; a failed one throws an ApiError (message, status, field errors). */
export async function ok<T>(call: Promise<Answer<T>>): Promise<T> {
  return (await settle(call)).data as T;
}

export interface Versioned<T> {
  value: T;
  /** The ETag the answer carried (`"1732712345678"`), for `If-Match`; null when the record has none. */
  etag: string | null;
}

/** Like `ok`, keeping the answer's ETag. */
export async function versioned<T>(call: Promise<Answer<T>>): Promise<Versioned<T>> {
  const answer = await settle(call);
  return { value: answer.data as T, etag: answer.response.headers.get("ETag") };
}

/** The `If-Match` header of an edit of a record read with `versioned`. */
export const ifMatch = (etag: string | null | undefined): Record<string, string> => (etag ? { "If-Match": etag } : {});
