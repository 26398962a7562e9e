// Builds a GraphQL schema (Shop or Admin) from the operation declarations: every query takes its arguments,
// every mutation one `input: <name>Input!` and returns `<name>Payload { <resource>, clientMutationId }`.
import { GraphQLError, type GraphQLSchema } from "graphql";
import { z } from "zod";
import type { AnyOperation, Operation } from "../operations/define.ts";
import { admit, perform, performPage } from "../operations/invoke.ts";
import { toAppError } from "../http/respond.ts";
import { schemaBuilder, type Field, type FieldBuilder, type GraphqlContext } from "./builder.ts";
import { unwrap } from "../operations/project.ts";
import { arrayConnection, connectionArgs, connectionArgsOf, connectionOf, connectionWindow, toConnection } from "./connection.ts";
import { metaOf, pascal, TypeFactory } from "./zod-types.ts";
import { logError } from "../log/index.ts";
import { keepScope, scopeArgsOf } from "./extensions.ts";

export type { GraphqlContext } from "./builder.ts";

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

export function buildSchema(operations: readonly Operation[]): GraphQLSchema {
  const builder = schemaBuilder();
  const types = new TypeFactory(builder);
  const queries = operations.filter((o) => o.graphql !== false && o.kind === "query");
  const mutations = operations.filter((o) => o.graphql !== false && o.kind === "mutation");

  // Authorized, then the arguments mapped to the input and validated (lib/operations/invoke.ts, as on REST).
  const admitted = (op: AnyOperation, g: GraphqlContext, raw: Record<string, unknown>) =>
    admit(g.ctx, op, () => (op.graphql && op.graphql.input ? op.graphql.input(raw) : raw), op.kind === "mutation" ? ["input"] : []);

  const nodeName = (op: Operation) => metaOf(op.output).id ?? pascal(op.name);

  builder.queryType({
    fields: (t) => {
      const fields: Record<string, Field> = {};
      for (const op of queries) {
        const argSchema = (op.graphql && op.graphql.args) || (op.input as z.ZodObject);
        const args = types.inputFields((o) => t.arg(o), argSchema, pascal(op.name) + "Arg", { idAsID: true });
        const node = types.output(op.output, nodeName(op)).type;
        // A paged list, or a whole collection the family shows as a connection (paged in memory).
        const paged = op.list && op.list !== "all" ? op : null;
        if (paged || (op.list === "all" && op.graphql && op.graphql.connection)) {
          Object.assign(args, connectionArgs(t));
          fields[op.name] = t.field({
            type: connectionOf(builder, node, nodeName(op)),
            nullable: true,
            args,
            description: op.summary,
            resolve: (_, a, g) =>
              guard(async () => {
                const { first, after, last, before, ...rest } = a;
                const window = connectionArgsOf({ first, after, last, before });
                const { ctx, args } = await scoped(op, g, dropNulls(rest));
                const input = admitted(op, { ...g, ctx }, args);
                if (!paged) return arrayConnection((await perform(ctx, op, input, g.rootCall?.run(ctx, op, input))) as unknown[], window);
                const range = await connectionWindow(window, paged.list, async () => (await performPage(ctx, paged, input, { offset: 0, limit: 0 })).total);
                const page = await performPage(ctx, paged, input, range);
                if (ctx !== g.ctx) keepScope(page.items, ctx);
                return toConnection(page, range.offset);
              }),
          });
        } else {
          fields[op.name] = t.field({
            type: op.list === "all" ? [node] : node,
            nullable: true,
            args,
            description: op.summary,
            resolve: (_, a, g) =>
              guard(async () => {
                const input = admitted(op, g, dropNulls(a));
                return perform(g.ctx, op, input, g.rootCall?.run(g.ctx, op, input));
              }),
          });
        }
      }
      return fields;
    },
  });

  if (mutations.length) {
    builder.mutationType({
      fields: (t) => {
        const fields: Record<string, Field> = {};
        for (const op of mutations) {
          const resource = resourceName(op);
          const inputType = types.inputType(op.input as z.ZodObject, (op.graphql && op.graphql.inputName) || `${op.name}Input`, (f) => ({
            clientMutationId: f.field({ type: "String", required: false }),
          }));
          const node = types.output(op.output, nodeName(op));
          const payload = builder.objectRef<Payload>(`${op.name}Payload`).implement({
            fields: (p) => ({
              [resource]: p.field({ type: node.type, nullable: true, resolve: (r) => r.result }),
              ...Object.fromEntries(((op.graphql && op.graphql.alsoAs) || []).map((alias) => [alias, p.field({ type: node.type, nullable: true, resolve: (r) => r.result })])),
              ...Object.fromEntries(((op.graphql && op.graphql.payloadFields) || []).map((key) => [key, payloadField(p, types, op, key)])),
              clientMutationId: p.field({ type: "String", nullable: true, resolve: (r) => r.clientMutationId ?? null }),
            }),
          });
          fields[op.name] = t.field({
            type: payload,
            nullable: true,
            description: op.summary,
            args: { input: t.arg({ type: inputType, required: true }) },
            resolve: (_, a, g) =>
              guard(async () => {
                // `input` is a required argument of an input object type: GraphQL has made it an object.
                const { clientMutationId, ...raw } = (a.input ?? {}) as Record<string, unknown>;
                // Admin inputs keep an explicit null: it clears a field (`rateLimit: null`, `expiresInDays: null`).
                const result = await perform(g.ctx, op, admitted(op, g, op.surface === "admin" ? raw : dropNulls(raw)));
                return { result, clientMutationId };
              }),
          });
        }
        return fields;
      },
    });
  }
  return builder.toSchema({ sortSchema: false });
}

/** What a mutation's resolver hands to its payload type. */
interface Payload {
  result: unknown;
  clientMutationId: unknown;
}

/** One field of the output served on the payload itself (`payloadFields`), typed as the output declares it. */
function payloadField(p: FieldBuilder<Payload>, types: TypeFactory, op: AnyOperation, key: string): Field {
  const shape = (unwrap(op.output as z.ZodType) as z.ZodObject).shape as Record<string, z.ZodType>;
  const schema = shape[key];
  const { type, nullable } = types.output(schema, pascal(op.name) + pascal(key));
  return p.field({ type, nullable, resolve: (r) => (r.result as Record<string, unknown> | null)?.[key] ?? null });
}

/**
 * The context an operation runs in: the request's, or the one its scope arguments name (./extensions.ts
 * `argumentScope`); those arguments are not part of the operation's input.
 */
async function scoped(op: AnyOperation, g: GraphqlContext, args: Record<string, unknown>): Promise<{ ctx: GraphqlContext["ctx"]; args: Record<string, unknown> }> {
  const spec = scopeArgsOf(op);
  if (!spec || !spec.args.some((k) => args[k] !== undefined)) return { ctx: g.ctx, args };
  const rest = { ...args };
  const named: Record<string, unknown> = {};
  for (const k of spec.args) {
    named[k] = rest[k];
    delete rest[k];
  }
  return { ctx: await spec.scope(g.ctx, named), args: rest };
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
