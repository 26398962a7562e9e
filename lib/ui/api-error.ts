// One error type for what the browser gets back from an API: the server's message in plain words, the status, and
// per-field messages of a validation failure.
export class ApiError extends Error {
  constructor(message: string, readonly status: number, readonly fields: Record<string, string[]> = {}) {
    super(message);
  }
}

const FALLBACK: Record<number, string> = {
  401: "You need to sign in again.",
  403: "You are not allowed to do this.",
  404: "This could not be found.",
  409: "This cannot be done right now.",
  412: "Someone else changed this since you opened it. Reload to see their change, then try again.",
  422: "Some details are not valid.",
  429: "Too many requests. Wait a moment and try again.",
};

/** Reads a failed answer into an ApiError; a network failure becomes one too. */
export async function apiErrorOf(res: Response): Promise<ApiError> {
  return apiErrorFrom(res.status, await res.json().catch(() => null));
}

/** A failed answer whose body is parsed already (openapi-fetch reads it). */
export function apiErrorFrom(status: number, parsed: unknown): ApiError {
  const body = (parsed && typeof parsed === "object" ? parsed : null) as { message?: unknown; errors?: Record<string, string[]>; retry_after?: number } | null;
  let message = typeof body?.message === "string" ? body.message : (FALLBACK[status] ?? `The server could not answer (error ${status}).`);
  if (status === 429 && body?.retry_after) message = `Too many requests. Try again in ${body.retry_after} seconds.`;
  return new ApiError(message, status, body?.errors ?? {});
}

export const networkError = () => new ApiError("The server cannot be reached. Check your connection and try again.", 0);
