// Values derived from the zod input schemas of the operation declarations: the smallest valid input (the
// authorization matrix sends it) and fast-check arbitraries of valid and of hostile inputs (the fuzz suite).
// zod 4 has no maintained fast-check bridge (zod-fast-check stops at zod 3), so this walks the schema itself.
import fc from "fast-check";
import { z } from "zod";

 

type Def = Record<string, any> & { type: string };
const defOf = (s: z.ZodType): Def => (s as any)._zod.def as Def;

interface Checks {
  minLength?: number;
  maxLength?: number;
  min?: number;
  minInclusive?: boolean;
  max?: number;
  maxInclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

function checksOf(s: z.ZodType): Checks {
  const def = defOf(s);
  const out: Checks = { format: def.format };
  for (const check of (def.checks ?? []) as any[]) {
    const c = check._zod.def;
    if (c.check === "min_length") out.minLength = c.minimum;
    else if (c.check === "max_length") out.maxLength = c.maximum;
    else if (c.check === "length_equals") out.minLength = out.maxLength = c.length;
    else if (c.check === "greater_than") [out.min, out.minInclusive] = [Number(c.value), c.inclusive];
    else if (c.check === "less_than") [out.max, out.maxInclusive] = [Number(c.value), c.inclusive];
    else if (c.check === "string_format") {
      out.format = c.format;
      if (c.pattern) out.pattern = c.pattern;
    }
  }
  return out;
}

const INT32_MAX = 2_147_483_647;

/** A record id: a positive integer capped at the 32-bit id columns (lib/operations/fields.ts recordId). */
function isRecordId(s: z.ZodType): boolean {
  const def = defOf(s);
  if (def.type !== "number") return false;
  const c = checksOf(s);
  return c.max === INT32_MAX && c.min === 0 && !c.minInclusive;
}

const isInt = (s: z.ZodType) => ["safeint", "int32", "uint32"].includes(defOf(s).format);

/** Whether an object field may be left out. */
export function isOptional(s: z.ZodType): boolean {
  return s.safeParse(undefined).success;
}

export interface SampleOptions {
  /** The value of every record id (a nonexistent id keeps admin writes from touching real rows). */
  id?: number;
  /** Record ids the arbitraries draw (default: small ids, the given id, any 32-bit id). */
  ids?: fc.Arbitrary<number>;
  /** `minimal` fills the optional fields of objects too. */
  everyField?: boolean;
  /** `minimal` passes free text (strings of no format) through this, e.g. to slip a control character in. */
  freeText?: (text: string) => string;
  /** `minimal` gives every number that is not a record id this value (when its schema takes it). */
  number?: number;
}

function sampleString(s: z.ZodType, opts: SampleOptions = {}): string {
  const c = checksOf(s);
  let v: string;
  switch (c.format) {
    case "email": v = "sample@example.com"; break;
    case "url": v = "https://example.com/sample"; break;
    case "uuid": case "guid": v = "5f0c1a7e-8b1d-4c2e-9f3a-2d4b6c8e0a1b"; break;
    case "date": v = "2024-01-15"; break;
    case "datetime": v = "2024-01-15T10:00:00Z"; break;
    case "time": v = "10:00:00"; break;
    case "regex": v = fc.sample(fc.stringMatching(c.pattern!), { numRuns: 1, seed: 7 })[0]; break;
    default: v = opts.freeText ? opts.freeText("Sample") : "Sample";
  }
  if (c.maxLength !== undefined && v.length > c.maxLength) v = v.slice(0, c.maxLength);
  if (c.minLength !== undefined && v.length < c.minLength) v = v.padEnd(c.minLength, "x");
  return v;
}

function sampleNumber(s: z.ZodType, opts: SampleOptions): number {
  if (isRecordId(s)) return opts.id ?? 1;
  if (opts.number !== undefined && s.safeParse(opts.number).success) return opts.number;
  const c = checksOf(s);
  const step = isInt(s) ? 1 : 0.5;
  if (c.min !== undefined) return c.minInclusive ? Math.max(c.min, Math.min(1, c.max ?? 1)) : c.min + step;
  if (c.max !== undefined && c.max < 1) return c.maxInclusive ? c.max : c.max - step;
  return 1;
}

/** The smallest value the schema accepts: required fields only, shortest strings and arrays, lowest numbers. */
export function minimal(schema: z.ZodType, opts: SampleOptions = {}): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case "optional": case "nullable": case "default": case "prefault": case "nonoptional": case "readonly": case "catch":
      return minimal(def.innerType, opts);
    case "pipe":
      // The target schema says what is valid (z.preprocess pipes a transform into it; `.pipe(z.email())` narrows),
      // unless the target is a transform (`.transform()`): then the source does.
      return defOf(def.out).type === "transform" ? minimal(def.in, opts) : minimal(def.out, opts);
    case "lazy": return minimal(def.getter(), opts);
    case "string": return sampleString(schema, opts);
    case "number": return sampleNumber(schema, opts);
    case "boolean": return true;
    case "enum": return Object.values(def.entries)[0];
    case "literal": return def.values[0];
    case "null": return null;
    case "date": return "2024-01-15T10:00:00Z";
    case "array": return Array.from({ length: checksOf(schema).minLength ?? 0 }, () => minimal(def.element, opts));
    case "tuple": return def.items.map((i: z.ZodType) => minimal(i, opts));
    case "record": return {};
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [k, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        if (opts.everyField || !isOptional(field)) out[k] = minimal(field, opts);
      }
      return out;
    }
    case "union": {
      for (const option of def.options as z.ZodType[]) {
        const v = minimal(option, opts);
        if (option.safeParse(v).success) return v;
      }
      return minimal(def.options[0], opts);
    }
    case "intersection":
      return { ...(minimal(def.left, opts) as object), ...(minimal(def.right, opts) as object) };
    default:
      return "Sample";
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Arbitraries

const GRAPHQL_INT = { min: -INT32_MAX - 1, max: INT32_MAX };

function stringArb(s: z.ZodType): fc.Arbitrary<string> {
  const c = checksOf(s);
  const maxLength = Math.min(c.maxLength ?? 40, 40);
  const minLength = Math.min(c.minLength ?? 0, maxLength);
  switch (c.format) {
    case "email": return fc.emailAddress();
    case "url": return fc.webUrl();
    case "uuid": case "guid": return fc.uuid();
    case "date": return fc.date({ min: new Date("1970-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case "datetime": return fc.date({ min: new Date("1970-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }).map((d) => d.toISOString());
    case "regex": return fc.stringMatching(c.pattern!);
    default: return fc.string({ minLength, maxLength, unit: "grapheme" });
  }
}

function numberArb(s: z.ZodType, opts: SampleOptions): fc.Arbitrary<number> {
  const c = checksOf(s);
  if (isRecordId(s)) return opts.ids ?? fc.oneof(fc.integer({ min: 1, max: 50 }), fc.constant(opts.id ?? 1), fc.integer({ min: 1, max: INT32_MAX }));
  if (isInt(s)) {
    const min = Math.max(c.min === undefined ? GRAPHQL_INT.min : c.minInclusive ? c.min : c.min + 1, GRAPHQL_INT.min);
    const max = Math.min(c.max === undefined ? GRAPHQL_INT.max : c.maxInclusive ? c.max : c.max - 1, GRAPHQL_INT.max);
    return fc.integer({ min, max: Math.max(min, max) });
  }
  return fc.double({ min: c.min ?? -1e9, max: c.max ?? 1e9, noNaN: true, noDefaultInfinity: true, minExcluded: c.min !== undefined && !c.minInclusive, maxExcluded: c.max !== undefined && !c.maxInclusive });
}

/** Values shaped like the schema: mostly valid, the way a well-meaning but sloppy client sends them. */
export function validArb(schema: z.ZodType, opts: SampleOptions = {}, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case "optional": return fc.option(validArb(def.innerType, opts, depth), { nil: undefined, freq: 3 });
    case "nullable": return fc.option(validArb(def.innerType, opts, depth), { nil: null, freq: 3 });
    case "default": case "prefault": case "nonoptional": case "readonly": case "catch": return validArb(def.innerType, opts, depth);
    case "pipe": return defOf(def.out).type === "transform" ? validArb(def.in, opts, depth) : validArb(def.out, opts, depth);
    case "lazy": return depth > 3 ? fc.constant(minimal(schema, opts)) : validArb(def.getter(), opts, depth + 1);
    case "string": return stringArb(schema);
    case "number": return numberArb(schema, opts);
    case "boolean": return fc.boolean();
    case "enum": return fc.constantFrom(...Object.values(def.entries));
    case "literal": return fc.constantFrom(...def.values);
    case "null": return fc.constant(null);
    case "date": return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case "array": {
      const c = checksOf(schema);
      const minLength = c.minLength ?? 0;
      return fc.array(validArb(def.element, opts, depth + 1), { minLength, maxLength: Math.max(minLength, Math.min(c.maxLength ?? 4, 4)) });
    }
    case "tuple": return fc.tuple(...def.items.map((i: z.ZodType) => validArb(i, opts, depth + 1)));
    case "record": return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.oneof(fc.integer({ min: 1, max: 100 }), fc.string({ maxLength: 12 })), { maxKeys: 3 });
    case "object": {
      const shape = def.shape as Record<string, z.ZodType>;
      const arbs: Record<string, fc.Arbitrary<unknown>> = {};
      const requiredKeys: string[] = [];
      for (const [k, field] of Object.entries(shape)) {
        arbs[k] = validArb(field, opts, depth + 1);
        if (!isOptional(field)) requiredKeys.push(k);
      }
      return fc.record(arbs, { requiredKeys });
    }
    case "union": return fc.oneof(...def.options.map((o: z.ZodType) => validArb(o, opts, depth + 1)));
    case "intersection":
      return fc.tuple(validArb(def.left, opts, depth + 1), validArb(def.right, opts, depth + 1)).map(([a, b]) => ({ ...(a as object), ...(b as object) }));
    default: return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Strings that have broken services before: injections, paths, formulas, control and multi-byte characters. */
const NASTY_STRINGS = [
  "", " ", "0", "-1", "1.5", "1e309", "NaN", "Infinity", "null", "undefined", "true", "[]", "{}",
  "__proto__", "constructor", "prototype", "toString",
  "'; DROP TABLE \"Product\"; --", "\" OR 1=1 --", "1' OR '1'='1", "%' AND 1=0 UNION SELECT 1 --",
  "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "{{7*7}}", "${7*7}",
  "../../../../etc/passwd", "..\\..\\windows\\win.ini", "/dev/null", "file:///etc/passwd", "C:\\boot.ini",
  "=HYPERLINK(\"http://x\")", "=cmd|' /C calc'!A0", "+1+1", "@SUM(1)",
  "\u0000", "a\u0000b", "\r\n\r\n", "\u202e", "\uD800", "\uFFFF", "🛒🛒🛒", "Ω≈ç√∫", "ｔｅｓｔ",
  "/api/shop/products/1", "/api/admin/catalog/products/999999999999", "1|secret", "Bearer x",
  "a".repeat(5_000), "9".repeat(400), "-0", "0x1F", "1,2,3", "2024-02-30", "9999-12-31T23:59:59Z", "1970-01-01",
];

const NASTY_NUMBERS = [0, -1, -0, 1.5, -2147483649, 2147483648, 2 ** 53, -(2 ** 53), 1e308, -1e308, Number.MIN_VALUE, 4294967296];

/** One hostile value of any JSON type. */
export const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.integer().map((n) => [n]) },
  { weight: 1, arbitrary: fc.constant(JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}')) },
  { weight: 1, arbitrary: fc.nat(60).map((n) => { let v: unknown = 1; for (let i = 0; i < n; i++) v = [v]; return v; }) },
);

/** Keys a client may add that no schema declares. */
const extraKey = fc.constantFrom("__proto__", "constructor", "prototype", "id", "_id", "customerId", "adminId", "isOwner", "status", "price", "grandTotal", "channelId", "role", "permissions", "extra");

/**
 * Inputs for an object schema as an attacker sends them: each field valid, hostile or missing, with undeclared
 * keys on top; sometimes not an object at all.
 */
export function hostileArb(schema: z.ZodType, opts: SampleOptions = {}): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (def.type !== "object") return fc.oneof(validArb(schema, opts), hostileLeaf);
  const shape = def.shape as Record<string, z.ZodType>;
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, field] of Object.entries(shape)) {
    fields[k] = fc.oneof(
      { weight: 3, arbitrary: validArb(field, opts, 1) },
      { weight: 2, arbitrary: hostileLeaf },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
  }
  const object = fc
    .tuple(fc.record(fields, { requiredKeys: [] }), fc.dictionary(extraKey, hostileLeaf, { maxKeys: 2 }))
    .map(([declared, extra]) => {
      const out: Record<string, unknown> = {};
      // Own properties even for `__proto__`, as JSON.parse would make them.
      for (const [k, v] of [...Object.entries(extra), ...Object.entries(declared)]) {
        if (v !== undefined) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      }
      return out;
    });
  return fc.oneof({ weight: 6, arbitrary: object }, { weight: 3, arbitrary: validArb(schema, opts) }, { weight: 1, arbitrary: hostileLeaf });
}
