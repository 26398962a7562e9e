// Shapes a domain result to an operation's declared output: exactly the declared fields, a missing value as
// null (SPEC.md: fields without a value are null, never omitted), dates as ISO 8601. Compiled once per schema.
import { z } from "zod";

type Projector = (value: unknown) => unknown;
const cache = new WeakMap<z.ZodType, Projector>();

const identity: Projector = (v) => (v === undefined ? null : v instanceof Date ? v.toISOString() : v);

export function projector(schema: z.ZodType): Projector {
  let p = cache.get(schema);
  if (!p) {
    p = identity; // placeholder breaks cycles in recursive schemas (category trees)
    cache.set(schema, (v) => p!(v));
    p = build(schema);
    cache.set(schema, p);
  }
  return p;
}

export function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (;;) {
    const def = s.def as { type: string; innerType?: z.ZodType; out?: z.ZodType; getter?: () => z.ZodType };
    if (def.type === "optional" || def.type === "nullable" || def.type === "default" || def.type === "readonly" || def.type === "catch") s = def.innerType!;
    else if (def.type === "pipe") s = def.out!.def.type === "transform" ? (def as unknown as { in: z.ZodType }).in : def.out!;
    else if (def.type === "lazy") s = def.getter!();
    else return s;
  }
}

function build(schema: z.ZodType): Projector {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject) {
    const fields = Object.entries(inner.shape).map(([k, s]) => [k, projector(s as z.ZodType)] as const);
    // `.catchall(schema)` declares keys known only at run time (per-locale blocks keyed by locale code).
    const extra = inner.def.catchall as z.ZodType | undefined;
    const catchall = extra && extra.def.type !== "never" ? projector(extra) : null;
    return (v) => {
      if (v == null) return null;
      const src = v as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [k, f] of fields) out[k] = f(src[k]);
      if (catchall) for (const k of Object.keys(src)) if (!(k in inner.shape)) out[k] = catchall(src[k]);
      return out;
    };
  }
  if (inner instanceof z.ZodArray) {
    const item = projector(inner.element as z.ZodType);
    return (v) => (Array.isArray(v) ? v.map(item) : v == null ? null : v);
  }
  return identity;
}
