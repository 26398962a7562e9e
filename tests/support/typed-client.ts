// What the generated-client tests (tests/api/openapi-client.test.ts, openapi-admin-client.test.ts) share: compiling
// a client module together with probe files that exist only in the compiler's view, listing the ways a module steps
// around the generated types, and naming where committed types differ from what openapi-typescript generates.
import path from "node:path";
import ts from "typescript";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export interface Compiled {
  /** The diagnostics of the module and of everything it imports. */
  module: readonly ts.Diagnostic[];
  /** Per probe, in the order given, its own diagnostics. */
  probes: (readonly ts.Diagnostic[])[];
  source: ts.SourceFile;
}

/** Compiles `module` and the `probes` (file name → text, never written to disk) with tsconfig.json's options. */
export function compileWithProbes(module: string, probes: ReadonlyMap<string, string>): Compiled {
  const config = ts.readConfigFile(path.join(ROOT, "tsconfig.json"), (f) => ts.sys.readFile(f));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const compilerOptions = { ...options, incremental: false, noEmit: true };
  const host = ts.createCompilerHost(compilerOptions);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = ((exists) => (f: string) => probes.has(f) || exists(f))(host.fileExists.bind(host));
  host.readFile = (f) => probes.get(f) ?? readFile(f);
  host.getSourceFile = (f, lang, ...rest) => {
    const text = probes.get(f);
    return text === undefined ? getSourceFile(f, lang, ...rest) : ts.createSourceFile(f, text, lang);
  };
  const program = ts.createProgram({ rootNames: [module, ...probes.keys()], options: compilerOptions, host });
  const all = ts.getPreEmitDiagnostics(program);
  const source = program.getSourceFile(module);
  if (!source) throw new Error(`${module} was not compiled`);
  return {
    module: all.filter((d) => !d.file || !probes.has(d.file.fileName)),
    probes: [...probes.keys()].map((f) => all.filter((d) => d.file?.fileName === f)),
    source,
  };
}

export const formatDiagnostics = (ds: readonly ts.Diagnostic[]) =>
  ts.formatDiagnostics(ds, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => ROOT, getNewLine: () => "\n" });

/** Ways to step around the generated types: `any`, casts, non-null assertions, ts-ignore comments, other imports. */
export function escapes(source: ts.SourceFile, allowedImports: readonly string[]): string[] {
  const found: string[] = [];
  const at = (node: ts.Node) => `line ${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.AnyKeyword) found.push(`any at ${at(node)}`);
    if (ts.isAsExpression(node) && node.type.getText(source) !== "const") found.push(`cast at ${at(node)}`);
    if (ts.isTypeAssertionExpression(node)) found.push(`cast at ${at(node)}`);
    if (ts.isNonNullExpression(node)) found.push(`non-null assertion at ${at(node)}`);
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = node.moduleSpecifier.text;
      if (!allowedImports.includes(from)) found.push(`import of ${from}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (/@ts-(ignore|expect-error|nocheck)/.test(source.text)) found.push("a @ts- directive");
  return found;
}

/** Where `committed` first differs from `generated` (the whole file is too long for a readable diff). */
export function firstDifference(generated: string, committed: string): string {
  const [want, got] = [generated.split("\n"), committed.split("\n")];
  const line = want.findIndex((l, i) => l !== got[i]);
  return line < 0 ? `it has ${got.length - want.length} extra lines` : `line ${line + 1} should be ${JSON.stringify(want[line])}, is ${JSON.stringify(got[line])}`;
}
