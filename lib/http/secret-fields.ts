// Which submitted fields hold secrets (passwords, tokens, keys), by name, and their values in a request's input:
// GraphQL errors never repeat them (lib/graphql/redact.ts) and no log line shows them (lib/log addLogSecrets, fed by
// both APIs' bindings).

/**
 * A field (or variable) whose value is a credential, by its name (lower-cased, without `-` and `_`): any name with
 * "password", "passphrase" or "secret" in it (password, confirmPassword, passwordConfirmation, currentPassword,
 * clientSecret…), any ending in "token" (token, cartToken, resetToken…) or in "apiKey", "storefrontKey",
 * "accessKey" or "privateKey", and `key` itself.
 */
export function isSecretField(name: string): boolean {
  const n = name.toLowerCase().replace(/[-_]/g, "");
  return n === "key" || /passw(or)?d|passphrase|secret/.test(n) || /(token|apikey|storefrontkey|accesskey|privatekey)$/.test(n);
}

export const MAX_SECRETS = 200;

/** The values under secret-named fields of `value`, at any depth (all of it when `secret`), added to `found`. */
export function collectSecrets(value: unknown, secret: boolean, found: Set<string>, depth = 0): void {
  if (depth > 20 || found.size >= MAX_SECRETS) return;
  if (typeof value === "string" || typeof value === "number" || typeof value === "bigint") {
    if (secret && String(value) !== "") found.add(String(value));
  } else if (Array.isArray(value)) {
    for (const v of value) collectSecrets(v, secret, found, depth + 1);
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) collectSecrets(v, secret || isSecretField(k), found, depth + 1);
  }
}

/** The secret values of a request's input (a REST body). */
export function secretValues(input: unknown): string[] {
  const found = new Set<string>();
  collectSecrets(input, false, found);
  return [...found];
}
