// Builds a GraphQL schema (Shop or Admin) from the operation declarations: every query takes its arguments,
// every mutation one `input: <name>Input!` and returns `<name>Payload { <resource>, clientMutationId }`.
import SchemaBuilder from "@pothos/core";
import { GraphQLError, type GraphQLSchema } from "graphql";
import { z } from "zod";
import type { RequestContext } from "../context.ts";
import type { AnyOperation } from "../operations/define.ts";
import { authorize } from "../operations/authorize.ts";
import { projector } from "../operations/project.ts";
import { toAppError, zodToValidation } from "../http/respond.ts";
import { connectionOf, connectionWindow, toConnection } from "./connection.ts";
import { connectionArgs, IterableScalar, metaOf, pascal, TypeFactory } from "./zod-types.ts";
import { logError } from "../log/index.ts";

/* eslint-disable @typescript-eslint/no-explicit-any -- fields are generated from declarations */

export interface GraphqlContext {
  ctx: RequestContext;
}

/** Domain errors become GraphQL errors carrying the HTTP status the REST twin would answer with. */
export function toGraphqlError(e: unknown): GraphQLError {
  if (e instanceof GraphQLError) return e;
  const known = toAppError(e);
  if (!known) {
    logError(e);
    return new GraphQLError("Unexpected error.", { extensions: { code: "internal", status: 500 } });
  }
  return new GraphQLError(known.message, {
    extensions: { code: known.code, status: known.status, ...(known.details.errors ? { errors: known.details.errors } : {}), ...known.details.extra },
  });
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** `createCustomerLogin` → `customerLogin` (WIRE.md's payload field rule). */
export function resourceName(op: AnyOperation): string {
  if (op.graphql && op.graphql.resource) return op.graphql.resource;
  const m = /^(create|update|delete|toggle|move|send|cancel|reopen|close|revoke|collection)([A-Z].*)$/.exec(op.name);
  return m ? lowerFirst(m[2]) : op.name;
}

export function buildSchema(operations: AnyOperation[]): GraphQLSchema {
  const builder = new SchemaBuilder<{ Context: GraphqlContext; Scalars: { Iterable: { Input: unknown; Output: unknown } } }>({});
  builder.addScalarType("Iterable", IterableScalar);
  const types = new TypeFactory(builder as any);
  const queries = operations.filter((o) => o.graphql !== false && o.kind === "query");
  const mutations = operations.filter((o) => o.graphql !== false && o.kind === "mutation");

  const parse = (op: AnyOperation, raw: Record<string, unknown>) => {
    const mapped = op.graphql && op.graphql.input ? op.graphql.input(raw) : raw;
    const parsed = op.input.safeParse(mapped);
    if (!parsed.success) throw zodToValidation(parsed.error, op.kind === "mutation" ? ["input"] : []);
    return parsed.data;
  };

  const nodeName = (op: AnyOperation) => metaOf(op.output).id ?? pascal(op.name);

  builder.queryType({
    fields: (t: any) => {
      const fields: Record<string, any> = {};
      for (const op of queries) {
        const shape = projector(op.output);
        const argSchema = (op.graphql && op.graphql.args) || (op.input as z.ZodObject);
        const args: Record<string, any> = types.inputFields((o) => t.arg(o), argSchema, pascal(op.name) + "Arg", { idAsID: true });
        const node = types.output(op.output, nodeName(op)).type;
        if (op.list && op.list !== "all") {
          const spec = op.list;
          Object.assign(args, connectionArgs(t));
          fields[op.name] = t.field({
            type: connectionOf(builder as any, node, nodeName(op)),
            nullable: true,
            args,
            description: op.summary,
            resolve: (_: unknown, a: any, g: GraphqlContext) =>
              guard(async () => {
                authorize(g.ctx, op);
                const { first, after, last, before, ...rest } = a;
                const input = parse(op, dropNulls(rest));
                const window = await connectionWindow({ first, after, last, before }, spec, async () =>
                  (await op.run(g.ctx, input, { offset: 0, limit: 0 })).total,
                );
                const page = await op.run(g.ctx, input, window);
                return toConnection({ items: page.items.map(shape), total: page.total }, window.offset);
              }),
          });
        } else {
          fields[op.name] = t.field({
            type: op.list === "all" ? [node] : node,
            nullable: true,
            args,
            description: op.summary,
            resolve: (_: unknown, a: any, g: GraphqlContext) =>
              guard(async () => {
                authorize(g.ctx, op);
                const result = await (op as any).run(g.ctx, parse(op, dropNulls(a)));
                return Array.isArray(result) ? result.map(shape) : shape(result);
              }),
          });
        }
      }
      return fields;
    },
  });

  if (mutations.length) {
    builder.mutationType({
      fields: (t: any) => {
        const fields: Record<string, any> = {};
        for (const op of mutations) {
          const resource = resourceName(op);
          const shape = projector(op.output);
          const inputType = types.inputType(op.input as z.ZodObject, `${op.name}Input`, (f: any) => ({
            clientMutationId: f.field({ type: "String", required: false }),
          }));
          const node = types.output(op.output, nodeName(op));
          const payload = (builder as any).objectRef(`${op.name}Payload`).implement({
            fields: (p: any) => ({
              [resource]: p.field({ type: node.type, nullable: true, resolve: (r: any) => r.result }),
              clientMutationId: p.field({ type: "String", nullable: true, resolve: (r: any) => r.clientMutationId ?? null }),
            }),
          });
          fields[op.name] = t.field({
            type: payload,
            nullable: true,
            description: op.summary,
            args: { input: t.arg({ type: inputType, required: true }) },
            resolve: (_: unknown, a: any, g: GraphqlContext) =>
              guard(async () => {
                authorize(g.ctx, op);
                const { clientMutationId, ...raw } = a.input ?? {};
                // Admin inputs keep an explicit null: it clears a field (`rateLimit: null`, `expiresInDays: null`).
                const result = await (op as any).run(g.ctx, parse(op, op.surface === "admin" ? raw : dropNulls(raw)));
                return { result: shape(result), clientMutationId };
              }),
          });
        }
        return fields;
      },
    });
  }
  return builder.toSchema({ sortSchema: false });
}

/** GraphQL sends explicit nulls for omitted nullable arguments; zod's optional() wants them absent. */
function dropNulls(a: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(a ?? {})) if (v !== null && v !== undefined) out[k] = v;
  return out;
}

async function guard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw toGraphqlError(e);
  }
}
