// The Pothos schema builder, seen through the few calls this module makes. Pothos types every field from the
// TypeScript type of its parent and of its GraphQL type; here every type is made at run time from a zod schema,
// so those types are not known to the compiler. `DynamicBuilder` states what the calls take and return with run-time
// types instead (type names, refs, `unknown` values), and `schemaBuilder` is the one place that view is taken.
import SchemaBuilder, { type ArgumentRef, type FieldRef, type InputFieldRef, type InputObjectRef, type ObjectRef } from "@pothos/core";
import { GraphQLScalarType, Kind, type GraphQLSchema, type ValueNode } from "graphql";
import type { RequestContext } from "../context.ts";
import type { RootCall } from "./reuse.ts";

export interface GraphqlContext {
  ctx: RequestContext;
  /** A query of one root field: its call, shared with the handler (./reuse.ts). */
  rootCall?: RootCall;
}

interface UserTypes {
  Context: GraphqlContext;
  Scalars: { Iterable: { Input: unknown; Output: unknown } };
}
type Types = PothosSchemaTypes.ExtendDefaultTypes<UserTypes>;

/** Free-form JSON in and out (WIRE.md calls it `Iterable`). */
export const IterableScalar = new GraphQLScalarType({
  name: "Iterable",
  description: "Free-form JSON value.",
  serialize: (v) => v,
  parseValue: (v) => v,
  parseLiteral: (ast) => literal(ast),
});

function literal(ast: ValueNode): unknown {
  switch (ast.kind) {
    case Kind.STRING: case Kind.BOOLEAN: case Kind.ENUM: return ast.value;
    case Kind.INT: case Kind.FLOAT: return Number(ast.value);
    case Kind.LIST: return ast.values.map(literal);
    case Kind.OBJECT: return Object.fromEntries(ast.fields.map((f) => [f.name.value, literal(f.value)]));
    default: return null;
  }
}

export type ObjectType = ObjectRef<Types, unknown>;
export type InputObjectType = InputObjectRef<Types, unknown>;
export type Field = FieldRef<Types, unknown>;
export type InputField = InputFieldRef<Types, unknown>;
export type Arg = ArgumentRef<Types, unknown>;

export type ScalarName = "String" | "Int" | "Float" | "Boolean" | "ID" | "Iterable";
/** A type name, a ref, or a list of one (`[type]`), as Pothos takes them. */
export type OutputType = ScalarName | ObjectType | OutputType[];
export type InputType = ScalarName | InputObjectType | InputType[];
/** `nullable` of an output field, `required` of an input field or argument: of the list and of its items. */
export type Nullability = boolean | { list: boolean; items: Nullability };

export interface OutputFieldOptions<Parent> {
  type: OutputType;
  /** Pothos' default is nullable. */
  nullable?: Nullability;
  description?: string;
  args?: Record<string, Arg>;
  /** `args` holds the values GraphQL has already checked against the argument types. */
  resolve: (parent: Parent, args: Record<string, unknown>, context: GraphqlContext) => unknown;
}

export interface InputFieldOptions {
  type: InputType;
  /** Pothos' default is optional. */
  required?: Nullability;
}

export interface FieldBuilder<Parent> {
  field(options: OutputFieldOptions<Parent>): Field;
  arg(options: InputFieldOptions): Arg;
}

export interface InputFieldBuilder {
  field(options: InputFieldOptions): InputField;
}

export interface ImplementableObject<Parent> {
  implement(options: { description?: string; fields: (t: FieldBuilder<Parent>) => Record<string, Field> }): ObjectType;
}

export interface ImplementableInputObject {
  implement(options: { fields: (t: InputFieldBuilder) => Record<string, InputField> }): InputObjectType;
}

export interface DynamicBuilder {
  /** The ref names the type at once; a recursive type refers to it before `implement` gives it fields. */
  objectRef<Parent>(name: string): ObjectType & ImplementableObject<Parent>;
  inputRef(name: string): InputObjectType & ImplementableInputObject;
  queryType(options: { fields: (t: FieldBuilder<unknown>) => Record<string, Field> }): void;
  mutationType(options: { fields: (t: FieldBuilder<unknown>) => Record<string, Field> }): void;
  toSchema(options: { sortSchema: boolean }): GraphQLSchema;
}

/**
 * A builder for one schema. The cast is the boundary between Pothos' static typing and types made at run time: the
 * methods named in `DynamicBuilder` are Pothos' own, called with the same options, only typed less precisely.
 */
export function schemaBuilder(): DynamicBuilder {
  const builder = new SchemaBuilder<UserTypes>({});
  builder.addScalarType("Iterable", IterableScalar);
  return builder as unknown as DynamicBuilder;
}
