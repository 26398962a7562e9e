// Test runs sign in, register and ask for password resets many times from one client, so every suite raises the
// request and attempt budgets (lib/rate-limit) out of the way, and serves the failed-login delay at once; the tests of
// those budgets and of the delay set them again.
const HIGH = "1000000";

export const GENEROUS_BUDGETS: Record<string, string> = {
  STOREFRONT_RATE_LIMIT: HIGH,
  ...Object.fromEntries(
    ["LOGIN", "REGISTER", "FORGOT_PASSWORD", "RESET_PASSWORD", "PANEL_SIGN_IN", "EU_WITHDRAWAL"].flatMap((kind) => [
      [`${kind}_LIMIT_PER_ACCOUNT`, HIGH],
      [`${kind}_LIMIT_PER_ADDRESS`, HIGH],
    ]),
  ),
  ...Object.fromEntries(["LOGIN", "PANEL_SIGN_IN"].map((kind) => [`${kind}_DELAY_BASE_MS`, "0"])),
  CART_UPLOAD_MAX_FILES_PER_ADDRESS: HIGH,
  CART_UPLOAD_MAX_BYTES_PER_ADDRESS: String(1024 ** 4),
};
