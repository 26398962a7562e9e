// The one error hierarchy. Domain code throws these; lib/http maps them to a status and body, lib/graphql to
// a GraphQL error with `extensions.code` and `extensions.status`. Anything else that escapes is a bug (500).

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: { errors?: FieldErrors; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** The wire body: `{ message, error, errors? , ...extra }`. */
  body(): Record<string, unknown> {
    return {
      message: this.message,
      error: this.code,
      ...(this.details.errors ? { errors: this.details.errors } : {}),
      ...this.details.extra,
    };
  }
}

export class BadRequest extends AppError {
  constructor(message: string, code = "bad_request") {
    super(400, code, message);
  }
}

export class Unauthenticated extends AppError {
  constructor(message = "Authentication is required.", code = "unauthenticated", status = 401) {
    super(status, code, message);
  }
}

export class Forbidden extends AppError {
  constructor(message = "You are not allowed to do this.", code = "forbidden") {
    super(403, code, message);
  }
}

export class NotFound extends AppError {
  constructor(what = "Resource") {
    super(404, "not_found", `${what} not found.`);
  }
}

export class Conflict extends AppError {
  constructor(message: string) {
    super(409, "conflict", message);
  }
}

/**
 * A condition the caller set on the record does not hold any more: an `If-Match` (GraphQL `ifMatch`) naming a version
 * the record has moved past, or a stock set whose `expectedQty` is not the quantity in stock. Nothing was written.
 */
export class PreconditionFailed extends AppError {
  constructor(message = "The record has changed since you read it; read it again and retry.") {
    super(412, "precondition_failed", message);
  }
}

export class PayloadTooLarge extends AppError {
  constructor(limit: number) {
    super(413, "payload_too_large", `The request body is larger than ${limit} bytes.`);
  }
}

export class UnsupportedMediaType extends AppError {
  constructor(message = "Send the body as application/json.") {
    super(415, "unsupported_media_type", message);
  }
}

export class Validation extends AppError {
  constructor(message: string, errors?: FieldErrors) {
    super(422, "validation_failed", message, { errors });
  }

  /** One failing field, the common case in domain code. */
  static field(field: string, message: string): Validation {
    return new Validation(message, { [field]: [message] });
  }
}

export class RateLimited extends AppError {
  constructor(readonly retryAfter: number, message = "Too many requests: the rate limit is used up.") {
    super(429, "rate_limit_exceeded", message, {
      extra: { retry_after: retryAfter },
    });
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}

/**
 * A setting the operator got wrong (an environment variable such as DATABASE_URL or PUBLIC_URL), not a client's
 * mistake: the command line prints its one-line message and exits non-zero before doing anything.
 */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** A payment provider refused what was asked of it (a refund of a disputed charge, say): nothing was recorded as done. */
export class ProviderDeclined extends AppError {
  constructor(message: string) {
    super(422, "payment_provider_declined", message);
  }
}

/** A payment provider could not be reached or failed: what was asked is pending or undone, as the message says. */
export class ProviderUnavailable extends AppError {
  constructor(message: string) {
    super(503, "payment_provider_unavailable", message);
  }
}
