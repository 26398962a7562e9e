// Validates every GraphQL document of a local copy of the family's storefront (bagisto/nextjs-commerce) against
// this server's Shop schema, built in process from the operation declarations. Nothing of the storefront is kept:
// the documents are read from the copy named on the command line.
//
//   npx tsx scripts/compat/storefront/documents.ts <storefront-copy> [--verbose]
//   npx tsx scripts/compat/storefront/documents.ts --schema      (prints the Shop schema)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { parse, printSchema, validate, type DefinitionNode, type DocumentNode, type OperationDefinitionNode } from "graphql";
import { buildSchema } from "../../../lib/graphql/schema.ts";
import { shopOperations } from "../../../lib/operations/shop.ts";

const isOperation = (d: DefinitionNode): d is OperationDefinitionNode => (d.kind as string) === "OperationDefinition";
const isFragment = (d: DefinitionNode) => (d.kind as string) === "FragmentDefinition";

export interface StorefrontDocument {
  name: string;
  file: string;
  text: string;
  document: DocumentNode;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (entry === "node_modules" || entry.startsWith(".")) return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry) ? [path] : [];
  });
}

/** Every template literal that holds an operation or a fragment, with `${CONST}` pieces put back from the copy. */
export function storefrontDocuments(root: string): StorefrontDocument[] {
  const templates = new Map<string, { text: string; file: string }>();
  const literal = /(?:export\s+)?const\s+([A-Z0-9_]+)\s*=\s*(?:gql\s*)?`([\s\S]*?)`/g;
  for (const file of sourceFiles(join(root, "src"))) {
    const source = readFileSync(file, "utf8");
    for (const m of source.matchAll(literal)) {
      if (/\b(query|mutation|fragment)\b/.test(m[2])) templates.set(m[1], { text: m[2], file: relative(root, file) });
    }
  }
  const expand = (text: string, seen: Set<string>): string =>
    text.replace(/\$\{\s*([A-Z0-9_]+)\s*\}/g, (_, name: string) => {
      const t = templates.get(name);
      if (!t || seen.has(name)) return "";
      return expand(t.text, new Set([...seen, name]));
    });
  const documents: StorefrontDocument[] = [];
  for (const [constName, t] of templates) {
    const text = expand(t.text, new Set([constName]));
    let doc: DocumentNode;
    try {
      doc = parse(text, { noLocation: true });
    } catch {
      continue;
    }
    const ops = doc.definitions.filter(isOperation);
    if (!ops.length) continue; // a fragment alone is checked where it is used
    // Fragments used but defined only once in the copy may be repeated by interpolation: keep each name once.
    const seen = new Set<string>();
    const defs = doc.definitions.filter((d) => {
      if (!isFragment(d) || !("name" in d) || !d.name) return true;
      if (seen.has(d.name.value)) return false;
      seen.add(d.name.value);
      return true;
    });
    for (const op of ops) {
      const name = op.name ? op.name.value : constName;
      documents.push({ name, file: t.file, text, document: { ...doc, definitions: defs } });
    }
  }
  return documents;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!)) {
  const root = process.argv[2];
  if (root === "--schema") {
    console.log(printSchema(buildSchema(shopOperations)));
    process.exit(0);
  }
  if (!root) {
    console.error("usage: documents.ts <storefront-copy> [--verbose]");
    process.exit(2);
  }
  const schema = buildSchema(shopOperations);
  const docs = storefrontDocuments(root);
  let failed = 0;
  for (const d of docs) {
    const errors = validate(schema, d.document);
    if (errors.length) failed++;
    console.log(`${errors.length ? "FAIL" : "ok  "} ${d.name} (${d.file})`);
    if (errors.length && process.argv.includes("--verbose")) for (const e of errors) console.log(`       ${e.message}`);
  }
  console.log(`${docs.length - failed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}
