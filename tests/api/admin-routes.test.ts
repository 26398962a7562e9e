// The Admin URL space and the declarations agree: every declared admin REST path has its route file bound to that
// operation, every admin route file serves declared admin operations, and every operation with a GraphQL binding
// is in the admin schema.
import { describe, expect, it } from "vitest";
import { buildSchema } from "../../lib/graphql/schema.ts";
import { adminOperations } from "../../lib/operations/admin.ts";
import { routes } from "../support/app.ts";

const samplePath = (path: string) => path.replace(/\{[^}]+\}/g, "1");

describe("admin routes and declarations", () => {
  it.each(adminOperations.filter((op) => op.rest).flatMap((op) => op.rest!.paths.map((p) => [op.name, op.rest!.method, p] as const)))(
    "%s answers %s %s",
    async (name, method, path) => {
      const route = routes.find((r) => r.pattern.test(samplePath(path)));
      expect(route, `no route file for ${path}`).toBeDefined();
      const mod = (await import(route!.file)) as Record<string, { operation?: { name: string } }>;
      expect(mod[method]?.operation?.name).toBe(name);
    },
  );

  it("serves nothing under /api/admin that is not declared", async () => {
    // The GraphQL and MCP endpoints and the OpenAPI document serve the whole list rather than one operation.
    const infrastructure = /\/api\/admin\/(graphql|docs|mcp)\//;
    for (const route of routes.filter((r) => r.file.includes("/api/admin/") && !infrastructure.test(r.file))) {
      const mod = (await import(route.file)) as Record<string, unknown>;
      for (const [method, exported] of Object.entries(mod)) {
        if (typeof exported !== "function") continue;
        const handler = exported as { operation?: unknown; unrouted?: true };
        // The JSON 404/405 answers of what no operation serves (lib/http/unrouted.ts): every route file has them.
        if (handler.unrouted) continue;
        expect(handler.operation, `${route.file} ${method} is not bound to an operation`).toBeDefined();
        expect(adminOperations.includes(handler.operation as never), `${route.file} ${method} is missing from lib/operations/admin.ts`).toBe(true);
      }
    }
  });

  it("has unique names and puts every GraphQL-bound operation into the admin schema", () => {
    const names = adminOperations.map((o) => o.name);
    expect(names.length).toBe(new Set(names).size);
    const schema = buildSchema(adminOperations);
    const fields = { ...schema.getQueryType()!.getFields(), ...schema.getMutationType()!.getFields() };
    for (const op of adminOperations.filter((o) => o.graphql !== false)) expect(fields[op.name], op.name).toBeDefined();
  });
});
