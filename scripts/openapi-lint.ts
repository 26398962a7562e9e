// Writes both OpenAPI documents to files and lints them with Redocly's recommended rules (CI: zero errors).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { openApiDocument } from "../lib/openapi/document.ts";
import { shopOperations } from "../lib/operations/shop.ts";
import { adminOperations } from "../lib/operations/admin.ts";

const dir = join(process.cwd(), ".openapi");
mkdirSync(dir, { recursive: true });
// A fixed server URL: the documents are linted as served, not as localhost happens to be.
const files = ([
  ["shop", openApiDocument("shop", shopOperations, "https://shop.example.org")],
  ["admin", openApiDocument("admin", adminOperations, "https://shop.example.org")],
] as const).map(([name, doc]) => {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(doc, null, 2));
  return file;
});
// No telemetry or update check: CI machines reach only the package registry.
const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
const lint = spawnSync("npx", ["--no-install", "redocly", "lint", "--config", "redocly.yaml", ...files], { stdio: "inherit", env });
process.exit(lint.status ?? 1);
