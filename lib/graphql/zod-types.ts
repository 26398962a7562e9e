// Derives GraphQL types from the zod schemas of operation declarations, so a field list is written once.
// Output objects named with `.meta({ id })` keep that name; a `meta({ iri })` object gets the IRI as `id`
// and the number as `_id`; an array marked `meta({ connection: true })` becomes a Relay connection.
import { z } from "zod";
import { GraphQLScalarType } from "graphql";
import { unwrap } from "../operations/project.ts";
import { arrayConnection, connectionOf, type Builder } from "./connection.ts";

/* eslint-disable @typescript-eslint/no-explicit-any -- the generated types are dynamic by nature */

export interface TypeMeta {
  id?: string;
  iri?: string;
  connection?: boolean;
  description?: string;
}

export const metaOf = (schema: z.ZodType): TypeMeta => (z.globalRegistry.get(schema) as TypeMeta | undefined) ?? {};

/** Free-form JSON in and out (WIRE.md calls it `Iterable`). */
export const IterableScalar = new GraphQLScalarType({
  name: "Iterable",
  description: "Free-form JSON value.",
  serialize: (v) => v,
  parseValue: (v) => v,
  parseLiteral: (ast) => literal(ast as never),
});

function literal(ast: { kind: string; value?: unknown; values?: unknown[]; fields?: { name: { value: string }; value: unknown }[] }): unknown {
  switch (ast.kind) {
    case "StringValue": case "BooleanValue": case "EnumValue": return ast.value;
    case "IntValue": case "FloatValue": return Number(ast.value);
    case "ListValue": return (ast.values ?? []).map((v) => literal(v as never));
    case "ObjectValue": return Object.fromEntries((ast.fields ?? []).map((f) => [f.name.value, literal(f.value as never)]));
    default: return null;
  }
}

export const connectionArgs = (t: any) => ({
  first: t.arg.int(),
  after: t.arg.string(),
  last: t.arg.int(),
  before: t.arg.string(),
});

export const pascal = (s: string) => s.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase()).replace(/^_/, "");

export function isOptional(schema: z.ZodType): boolean {
  return schema.safeParse(undefined).success;
}

function isNullable(schema: z.ZodType): boolean {
  let s = schema;
  for (;;) {
    const def = s.def as { type: string; innerType?: z.ZodType };
    if (def.type === "nullable" || def.type === "optional") return true;
    if (def.type === "default" || def.type === "readonly" || def.type === "catch") s = def.innerType!;
    else return false;
  }
}

function scalarName(schema: z.ZodType): string | null {
  if (schema instanceof z.ZodString || schema instanceof z.ZodEnum || schema instanceof z.ZodLiteral) return "String";
  if (schema instanceof z.ZodNumber) return schema.format === "safeint" || schema.format === "int32" ? "Int" : "Float";
  if (schema instanceof z.ZodBoolean) return "Boolean";
  if (schema instanceof z.ZodRecord || schema instanceof z.ZodUnknown || schema instanceof z.ZodAny || schema instanceof z.ZodUnion) return "Iterable";
  return null;
}

export class TypeFactory {
  private outputs = new Map<z.ZodType, any>();
  private inputs = new Map<z.ZodType, any>();
  private names = new Set<string>();

  constructor(private builder: Builder) {}

  private uniqueName(name: string): string {
    let n = name;
    for (let i = 2; this.names.has(n); i++) n = `${name}${i}`;
    this.names.add(n);
    return n;
  }

  /** `{ type, nullable }` for `t.field` of an output. */
  output(schema: z.ZodType, nameHint: string): { type: any; nullable: any; connection?: boolean } {
    const nullable = isNullable(schema);
    const inner = unwrap(schema);
    if (inner instanceof z.ZodArray) {
      const element = inner.element as z.ZodType;
      const item = this.output(element, nameHint);
      if (metaOf(schema).connection || metaOf(inner).connection) {
        return { type: connectionOf(this.builder, item.type, this.typeName(element, nameHint)), nullable, connection: true };
      }
      return { type: [item.type], nullable: { list: nullable, items: item.nullable } };
    }
    if (inner instanceof z.ZodObject) return { type: this.objectType(inner, nameHint), nullable };
    return { type: scalarName(inner) ?? "String", nullable };
  }

  private typeName(schema: z.ZodType, hint: string): string {
    return metaOf(unwrap(schema)).id ?? hint;
  }

  objectType(schema: z.ZodObject, nameHint: string): any {
    const existing = this.outputs.get(schema);
    if (existing) return existing;
    const meta = metaOf(schema);
    const name = this.uniqueName(meta.id ?? nameHint);
    const ref = this.builder.objectRef<any>(name);
    this.outputs.set(schema, ref);
    ref.implement({
      description: meta.description,
      fields: (t: any) => {
        const fields: Record<string, any> = {};
        for (const [key, fieldSchema] of Object.entries(schema.shape)) {
          if (key === "id" && meta.iri) {
            fields.id = t.field({ type: "ID", nullable: false, resolve: (p: any) => `${meta.iri}/${p.id}` });
            fields._id = t.field({ type: "Int", nullable: false, resolve: (p: any) => p.id });
            continue;
          }
          const { type, nullable, connection } = this.output(fieldSchema as z.ZodType, name + pascal(key));
          fields[key] = connection
            ? t.field({ type, nullable, args: connectionArgs(t), resolve: (p: any, args: any) => (p[key] ? arrayConnection(p[key], args) : null) })
            : t.field({ type, nullable, resolve: (p: any) => p[key] ?? null });
        }
        return fields;
      },
    });
    return ref;
  }

  /** `{ type, required }` for `t.field` of an input; `idAsID` makes an `id` field accept IRIs. */
  input(schema: z.ZodType, nameHint: string): { type: any; required: boolean } {
    const required = !isOptional(schema) && !isNullable(schema);
    const inner = unwrap(schema);
    if (inner instanceof z.ZodArray) {
      const item = this.input(inner.element as z.ZodType, nameHint);
      return { type: [item.type], required: required ? { list: true, items: item.required } as any : false };
    }
    if (inner instanceof z.ZodObject) return { type: this.inputType(inner, nameHint), required };
    return { type: scalarName(inner) ?? "String", required };
  }

  inputType(schema: z.ZodObject, name: string, extra?: (t: any) => Record<string, any>): any {
    const existing = this.inputs.get(schema);
    if (existing && !extra) return existing;
    const ref = this.builder.inputRef<any>(this.uniqueName(name));
    if (!extra) this.inputs.set(schema, ref);
    ref.implement({ fields: (t: any) => ({ ...this.inputFields((o) => t.field(o), schema, name), ...extra?.(t) }) });
    return ref;
  }

  /** Input fields or arguments (`make` is `t.field` or `t.arg`) for the fields of an input schema. */
  inputFields(make: (o: any) => any, schema: z.ZodObject, name: string, opts: { idAsID?: boolean } = {}): Record<string, any> {
    const fields: Record<string, any> = {};
    for (const [key, fieldSchema] of Object.entries(schema.shape)) {
      const { type, required } = this.input(fieldSchema as z.ZodType, `${name}${pascal(key)}`);
      fields[key] = make({ type: key === "id" && opts.idAsID ? "ID" : type, required });
    }
    return fields;
  }
}
