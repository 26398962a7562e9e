// The one password rule, for customers and admins alike (registration, change, reset, an admin setting one, the CLI):
// 12 to 128 characters and hard to guess, as judged by zxcvbn (dictionaries of common passwords, words and names,
// keyboard patterns, dates, l33t), with the account's own email and name counted as guessable words.
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { Validation } from "../errors.ts";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "../seed/people.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-hint.ts";

/** zxcvbn's scale is 0–4; 3 means "safely unguessable" for an online attack against a slow hash. */
export const PASSWORD_MIN_SCORE = 3;

// The demo passwords are printed in the README and by the CLI, so they are the first ones anybody would try.
const PUBLISHED = new Set<string>([DEMO_ADMIN.password, DEMO_CUSTOMER.password]);

// The shape of a new password lives beside the numbers, free of the estimator, so browser forms check it too.
export { newPasswordField } from "./password-hint.ts";

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * The dictionaries are several MB: they are loaded on the first check, once per process, not when a route module is
 * imported. Levenshtein matching is off and l33t substitutions are capped because both multiply the cost of a check
 * (hundreds of ms per password) for little gain over the exact and l33t dictionary matches.
 */
function zxcvbn(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
      useLevenshteinDistance: false,
      l33tMaxSubstitutions: 4,
      // Only the first 64 characters are judged: matching grows with the square of the length, a password is never
      // judged stronger than it is by this, and 64 well-chosen characters are strong whatever follows.
      maxLength: 64,
    });
  })();
  return estimator;
}

/**
 * An email and names as the words zxcvbn should treat as known: `jane.doe@x.com` also gives `jane.doe`, `janedoe`,
 * `jane-doe`, `jane_doe`, `jane`, `doe` and `x`; `Jane Doe` gives the same but `x`.
 */
export function personalWords(...values: (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const value of values) {
    const v = value?.trim().toLowerCase();
    if (!v) continue;
    words.add(v);
    const at = v.lastIndexOf("@");
    const name = at >= 0 ? v.slice(0, at) : v;
    if (at >= 0) {
      words.add(name);
      words.add(v.slice(at + 1).split(".")[0]);
    }
    const parts = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    // `Jane Doe` is as guessable written `jane.doe`, `jane-doe` or `jane_doe`.
    for (const glue of ["", ".", "-", "_"]) words.add(parts.join(glue));
    for (const part of parts) if (part.length >= 3) words.add(part);
  }
  // One or two letters would match inside any password and tell an attacker nothing.
  return [...words].filter((w) => w.length >= 3);
}

export interface PasswordStrength {
  score: number;
  /** zxcvbn's warning and suggestions, already in English. */
  warning: string | null;
  suggestions: string[];
  usesPersonalData: boolean;
  /** How many of the password's characters are the account's own words. */
  personalCharacters: number;
}

export async function passwordStrength(password: string, userInputs: string[] = []): Promise<PasswordStrength> {
  const result = (await zxcvbn()).check(password, userInputs);
  const personal = result.sequence.filter((m) => m.pattern === "dictionary" && m.dictionaryName === "userInputs");
  return {
    score: result.score,
    warning: result.feedback.warning,
    suggestions: result.feedback.suggestions,
    usesPersonalData: personal.length > 0,
    personalCharacters: personal.reduce((n, m) => n + m.j - m.i + 1, 0),
  };
}

/** Why `password` breaks the rule, as a sentence telling the user what to do; null when it is fine. */
export async function passwordProblem(password: string, userInputs: string[] = []): Promise<string | null> {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (PUBLISHED.has(password)) return "This is a published demo password. Choose another one.";
  const strength = await passwordStrength(password, userInputs);
  // zxcvbn prices the account's words by their place in the list; an attacker aiming at this account tries its name
  // and email first, so a password that is mostly those is refused whatever the score.
  const mostlyPersonal = strength.personalCharacters * 2 >= password.length;
  if (strength.score >= PASSWORD_MIN_SCORE && !mostlyPersonal) return null;
  const why = strength.usesPersonalData
    ? "It contains your name or email."
    : (strength.warning ?? "It follows a pattern that is easy to guess.");
  const how = strength.suggestions.find((s) => !/capitalization|uppercase|capitalize/i.test(s)) ?? "Add another word or two that are not common.";
  return `This password is too easy to guess. ${ensureStop(why)} ${ensureStop(how)} A few unrelated words with digits or symbols work well.`;
}

function ensureStop(sentence: string): string {
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** Throws a 422 on `field` when the password breaks the rule. `userInputs`: see `personalWords`. */
export async function assertPasswordRule(field: string, password: string, userInputs: string[]): Promise<void> {
  const problem = await passwordProblem(password, userInputs);
  if (problem) throw Validation.field(field, problem);
}
