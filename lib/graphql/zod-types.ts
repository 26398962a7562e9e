// Derives GraphQL types from the zod schemas of operation declarations, so a field list is written once.
// Output objects named with `.meta({ id })` keep that name; a `meta({ iri })` object gets the IRI as `id`
// and the number as `_id`; an array marked `meta({ connection: true })` becomes a Relay connection.
import { z } from "zod";
import { unwrap } from "../operations/project.ts";
import type { DynamicBuilder, Field, FieldBuilder, InputField, InputFieldBuilder, InputFieldOptions, InputObjectType, InputType, Nullability, ObjectType, OutputType, ScalarName } from "./builder.ts";
import { arrayConnection, connectionArgs, connectionArgsOf, connectionOf } from "./connection.ts";
import { aliasOf, keepScope, lazyFieldsOf, loadLazy, scopeOfRecord, type LazyField } from "./extensions.ts";
import { projector } from "../operations/project.ts";
import { toGraphqlError } from "./schema.ts";

export interface TypeMeta {
  id?: string;
  iri?: string;
  connection?: boolean;
  description?: string;
  /** An input's GraphQL scalar when the one derived from its zod type is not what clients declare. */
  scalar?: ScalarName;
}

export const metaOf = (schema: z.ZodType): TypeMeta => (z.globalRegistry.get(schema) as TypeMeta | undefined) ?? {};

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

/** The schema under `.optional()` / `.nullable()` (not under a pipe: `recordId()` is not a plain number). */
function withoutOptional(schema: z.ZodType): z.ZodType {
  let s = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap() as z.ZodType;
  return s;
}

function scalarName(schema: z.ZodType): ScalarName | null {
  if (schema instanceof z.ZodString || schema instanceof z.ZodEnum || schema instanceof z.ZodLiteral) return "String";
  if (schema instanceof z.ZodNumber) return schema.format === "safeint" || schema.format === "int32" ? "Int" : "Float";
  if (schema instanceof z.ZodBoolean) return "Boolean";
  if (schema instanceof z.ZodRecord || schema instanceof z.ZodUnknown || schema instanceof z.ZodAny || schema instanceof z.ZodUnion) return "Iterable";
  return null;
}

export class TypeFactory {
  private outputs = new Map<z.ZodType, ObjectType>();
  private inputs = new Map<z.ZodType, InputObjectType>();
  private names = new Set<string>();

  constructor(private builder: DynamicBuilder) {}

  private uniqueName(name: string): string {
    let n = name;
    for (let i = 2; this.names.has(n); i++) n = `${name}${i}`;
    this.names.add(n);
    return n;
  }

  /** `{ type, nullable }` for `t.field` of an output. */
  output(schema: z.ZodType, nameHint: string): { type: OutputType; nullable: Nullability; connection?: boolean } {
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

  objectType(schema: z.ZodObject, nameHint: string): ObjectType {
    const existing = this.outputs.get(schema);
    if (existing) return existing;
    const alias = aliasOf(schema);
    if (alias) {
      const ref = this.objectType(alias, nameHint);
      this.outputs.set(schema, ref);
      return ref;
    }
    const meta = metaOf(schema);
    const name = this.uniqueName(meta.id ?? nameHint);
    // The parent of every field is the projected record (lib/operations/project.ts): a plain object of the
    // declared keys.
    const ref = this.builder.objectRef<Record<string, unknown>>(name);
    this.outputs.set(schema, ref); // before its fields are made: Pothos may make them at once, and they may refer to it
    ref.implement({
      description: meta.description,
      fields: (t) => {
        const fields: Record<string, Field> = {};
        for (const [key, fieldSchema] of Object.entries(schema.shape)) {
          if (key === "id" && meta.iri) {
            fields.id = t.field({ type: "ID", nullable: false, resolve: (p) => `${meta.iri}/${String(p.id)}` });
            fields._id = t.field({ type: "Int", nullable: false, resolve: (p) => p.id });
            continue;
          }
          const { type, nullable, connection } = this.output(fieldSchema as z.ZodType, name + pascal(key));
          fields[key] = connection ? this.connectionField(t, key, type, nullable) : t.field({ type, nullable, resolve: (p) => p[key] ?? null });
        }
        for (const [key, lazy] of Object.entries(lazyFieldsOf(schema))) fields[key] = this.lazyField(t, lazy, name + pascal(key));
        return fields;
      },
    });
    return ref;
  }

  /** A nested list shown as a connection: paged in memory. */
  private connectionField(t: FieldBuilder<Record<string, unknown>>, key: string, type: OutputType, nullable: Nullability): Field {
    return t.field({
      type,
      nullable,
      args: connectionArgs(t),
      resolve: (p, args) => {
        const items = p[key];
        return items ? arrayConnection(items as unknown[], connectionArgsOf(args)) : null;
      },
    });
  }

  /** A field read only when asked (./extensions.ts), in the scope its parent record was made in. */
  private lazyField(t: FieldBuilder<Record<string, unknown>>, lazy: LazyField, nameHint: string): Field {
    const { type, connection } = this.output(lazy.output, nameHint);
    const project = projector(lazy.output);
    return t.field({
      type,
      nullable: true,
      description: lazy.description,
      args: connection ? connectionArgs(t) : undefined,
      resolve: async (p, args, g) => {
        try {
          const ctx = scopeOfRecord(p, g.ctx);
          const value = project(await loadLazy(ctx, lazy, p));
          if (ctx !== g.ctx) keepScope(value, ctx);
          return connection && Array.isArray(value) ? arrayConnection(value, connectionArgsOf(args)) : value;
        } catch (e) {
          throw toGraphqlError(e);
        }
      },
    });
  }

  /** `{ type, required }` for `t.field` of an input; `idAsID` makes an `id` field accept IRIs. */
  input(schema: z.ZodType, nameHint: string): { type: InputType; required: Nullability } {
    const required = !isOptional(schema) && !isNullable(schema);
    const inner = unwrap(schema);
    const scalar = metaOf(inner).scalar;
    if (scalar) return { type: scalar, required };
    if (inner instanceof z.ZodArray) {
      const item = this.input(inner.element as z.ZodType, nameHint);
      return { type: [item.type], required: required ? { list: true, items: item.required } : false };
    }
    if (inner instanceof z.ZodObject) return { type: this.inputType(inner, nameHint), required };
    return { type: scalarName(inner) ?? "String", required };
  }

  inputType(schema: z.ZodObject, name: string, extra?: (t: InputFieldBuilder) => Record<string, InputField>): InputObjectType {
    const existing = this.inputs.get(schema);
    if (existing && !extra) return existing;
    const ref = this.builder.inputRef(this.uniqueName(name));
    if (!extra) this.inputs.set(schema, ref);
    ref.implement({ fields: (t) => ({ ...this.inputFields((o) => t.field(o), schema, name), ...extra?.(t) }) });
    return ref;
  }

  /** Input fields or arguments (`make` is `t.field` or `t.arg`) for the fields of an input schema. */
  inputFields<R>(make: (o: InputFieldOptions) => R, schema: z.ZodObject, name: string, opts: { idAsID?: boolean } = {}): Record<string, R> {
    const fields: Record<string, R> = {};
    for (const [key, fieldSchema] of Object.entries(schema.shape)) {
      const { type, required } = this.input(fieldSchema as z.ZodType, `${name}${pascal(key)}`);
      // A record id takes an IRI or a number (`recordId()`); an argument declared a plain integer stays an Int.
      const plainInt = withoutOptional(fieldSchema as z.ZodType) instanceof z.ZodNumber && type === "Int";
      fields[key] = make({ type: key === "id" && opts.idAsID && !plainInt ? "ID" : type, required });
    }
    return fields;
  }
}
