// A GraphQL error never repeats a submitted secret. graphql-js quotes what it refuses: a variable of the wrong shape
// is printed whole (`Variable "$input" got invalid value { email: "…", password: "…" }; …`), a wrong literal and a
// syntax error's token as written. So the handler collects the values sent under secret-named fields, from the
// variables and from the document's own literals, before anything runs; they are blotted out of every error's
// message and extensions (`redactSecrets` below) and out of every log line of the request (lib/log addLogSecrets).
import { Lexer, Source, TokenKind, type GraphQLError } from "graphql";
import type { Plugin } from "graphql-yoga";
import { collectSecrets, isSecretField, MAX_SECRETS } from "../http/secret-fields.ts";

export { isSecretField };

export const REDACTED = "[redacted]";

/** Cheap first look: a document naming nothing secret-like needs no lexing. */
const MAYBE_SECRET = /pass|secret|token|key/i;

/**
 * The secret values a request submits: the values of secret-named fields (or variables) in `variables`, at any depth,
 * the variables a secret-named argument or field is given (`password: $p`), and the literals written for such a
 * field in the document (`password: "…"`), which a syntax error may quote even when the document does not parse.
 */
export function submittedSecrets(query: unknown, variables: unknown): string[] {
  const found = new Set<string>();
  const text = typeof query === "string" ? query : "";
  const secretVariables = new Set<string>();
  if (MAYBE_SECRET.test(text)) fromDocument(text, found, secretVariables);
  if (variables && typeof variables === "object") {
    for (const [name, value] of Object.entries(variables as Record<string, unknown>)) {
      collectSecrets(value, secretVariables.has(name) || isSecretField(name), found);
    }
  }
  return [...found].slice(0, MAX_SECRETS);
}

const LITERALS = new Set<string>([TokenKind.STRING, TokenKind.BLOCK_STRING, TokenKind.INT, TokenKind.FLOAT]);

/** Walks the document's tokens: after a secret name, the literal or variable that follows (up to a list's end). */
function fromDocument(text: string, found: Set<string>, secretVariables: Set<string>): void {
  const lexer = new Lexer(new Source(text));
  let pending = false; // the last name was a secret field's
  let list = 0; // inside that field's list value
  let variable = false; // a `$` just went by
  try {
    for (let t = lexer.advance(); t.kind !== TokenKind.EOF && found.size < MAX_SECRETS; t = lexer.advance()) {
      if (t.kind === TokenKind.NAME) {
        if (variable) {
          if (pending) secretVariables.add(t.value);
          if (!list) pending = false;
          variable = false;
        } else if (!list) {
          pending = isSecretField(t.value);
        }
      } else if (t.kind === TokenKind.DOLLAR) {
        variable = true;
      } else if (LITERALS.has(t.kind) && pending) {
        if (t.value) found.add(t.value);
        if (!list) pending = false;
      } else if (t.kind === TokenKind.BRACKET_L && pending) {
        list++;
      } else if (t.kind === TokenKind.BRACKET_R && list) {
        if (--list === 0) pending = false;
      } else if (t.kind !== TokenKind.COLON && !list) {
        // `password: …` keeps waiting through its colon; anything else ends the field.
        pending = false;
      }
    }
  } catch {
    // A syntax error stops the lexer; what was read before it is all a message could quote.
  }
}

/**
 * `text` with every given secret blotted out: as graphql-js quotes it (JSON-escaped, in quotes) and, from six
 * characters on, as written (so that a `key: 1` does not blot every "1"). Then, whatever the values, anything graphql-js
 * prints under a secret-named field or path (`password: "…"` in a printed object, `… at "input.password"`).
 */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    const quoted = JSON.stringify(secret);
    out = out.split(quoted).join(JSON.stringify(REDACTED));
    if (secret.length >= 6) out = out.split(secret).join(REDACTED);
  }
  // `… got invalid value <value> at "input.password"; …`: the value of a secret path, whatever its form.
  out = out.replace(/(got invalid value )(.*?)( at "[^"]*")/g, (all, head: string, _value: string, at: string) => {
    const last = /([A-Za-z_][A-Za-z0-9_]*)(?:\[\d+\])*"$/.exec(at)?.[1];
    return last && isSecretField(last) ? `${head}${REDACTED}${at}` : all;
  });
  // `Variable "$password" got invalid value <value>; …`
  out = out.replace(/(Variable "\$([A-Za-z_][A-Za-z0-9_]*)" got invalid value )(.*?)(; |$)/g, (all, head: string, name: string, _v: string, tail: string) =>
    isSecretField(name) ? `${head}${REDACTED}${tail}` : all,
  );
  // A field of a printed input object (`{ email: "…", password: "…" }`), not a message's "password: too short".
  return out.replace(/(?<=[{,] )([A-Za-z_][A-Za-z0-9_]*): ("(?:[^"\\]|\\.)*"|[^,}\]\s]+)(?=,| })/g, (all, name: string) =>
    isSecretField(name) ? `${name}: "${REDACTED}"` : all,
  );
}

/** A copy of an error's extensions with every string redacted; numbers, booleans and nulls as they are. */
function redactValue(value: unknown, secrets: readonly string[], depth = 0): unknown {
  if (typeof value === "string") return redactText(value, secrets);
  if (!value || typeof value !== "object" || depth > 8) return value;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, secrets, depth + 1));
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value; // Headers and the like: yoga's own
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactValue(v, secrets, depth + 1)]));
}

/** What the handler tells the redacting plugin about the request: the secrets it submitted. */
export interface RedactionContext {
  submittedSecrets?: readonly string[];
}

type ResultLike = { errors?: readonly GraphQLError[] };

function redactErrors(result: ResultLike, secrets: readonly string[]): void {
  for (const error of result.errors ?? []) {
    const message = redactText(error.message, secrets);
    if (message !== error.message) error.message = message;
    const ext = error.extensions as Record<string, unknown> | undefined;
    if (ext) for (const [k, v] of Object.entries(ext)) ext[k] = redactValue(v, secrets);
  }
}

/**
 * Every error of every answer, whichever step made it (parse, validation, variable coercion, a resolver), is
 * redacted just before it is written out. The patterns apply even when nothing secret was collected.
 */
export const redactSecrets: Plugin<Record<string, unknown>, RedactionContext> = {
  onResultProcess({ result, serverContext }) {
    const secrets = serverContext.submittedSecrets ?? [];
    if (Array.isArray(result)) for (const r of result) redactErrors(r as ResultLike, secrets);
    else if (!(Symbol.asyncIterator in (result as object))) redactErrors(result as ResultLike, secrets);
  },
};
