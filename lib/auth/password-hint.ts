// The password rule's numbers and its one-line hint, free of the estimator so that browser forms can show them
// without shipping zxcvbn's dictionaries (lib/auth/password-rule.ts holds the rule itself).
import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** What the forms show next to a new-password field. */
export const PASSWORD_HINT =
  "12 or more characters mixing upper and lower case letters, digits and symbols, hard to guess: not a common password, not your name or email.";

/** The shape of a new password in an operation's input; the strength check needs the account, see `assertPasswordRule`. */
export const newPasswordField = () =>
  z
    .string()
    .min(PASSWORD_MIN_LENGTH, { message: `must be at least ${PASSWORD_MIN_LENGTH} characters` })
    .max(PASSWORD_MAX_LENGTH, { message: `must be at most ${PASSWORD_MAX_LENGTH} characters` });
