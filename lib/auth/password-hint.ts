// The password rule's numbers and its one-line hint, free of the estimator so that browser forms can show them
// without shipping zxcvbn's dictionaries (lib/auth/password-rule.ts holds the rule itself).
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** What the forms show next to a new-password field. */
export const PASSWORD_HINT =
  "12 or more characters mixing upper and lower case letters, digits and symbols, hard to guess: not a common password, not your name or email.";
