// The one conversion from the wire's snake_case keys to the camelCase the declarations use.

/** `product_id` → `productId`; `address_line_1` → `addressLine1`; keys already camelCased stay as they are. */
export const camel = (key: string): string => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** `product_id` and `productId` both arrive as `productId`; when a body carries both, the camelCased key wins. */
export function camelKeys(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    const c = camel(k);
    if (c === k || !(c in raw)) out[c] = v;
  }
  return out;
}
