// Test runs sign in, register and ask for password resets many times from one client, so every suite raises the
// request and attempt budgets (lib/rate-limit) out of the way; the tests of those budgets lower them again.
const HIGH = "1000000";

export const GENEROUS_BUDGETS: Record<string, string> = {
  STOREFRONT_RATE_LIMIT: HIGH,
  ...Object.fromEntries(
    ["LOGIN", "REGISTER", "FORGOT_PASSWORD", "RESET_PASSWORD", "PANEL_SIGN_IN"].flatMap((kind) => [
      [`${kind}_LIMIT_PER_ACCOUNT`, HIGH],
      [`${kind}_LIMIT_PER_ADDRESS`, HIGH],
    ]),
  ),
};
