// `npm run lint`: typescript-eslint's type-checked recommended rules over the whole tree (knip runs beside it).
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";

export default tseslint.config(
  // Build output (.next, .next-e2e, .next-prod, .next-bench), local data and generated files are not sources.
  { ignores: ["lib/generated/**", "lib/openapi/types/**", ".next/**", ".next-*/**", "node_modules/**", "next-env.d.ts", "data/**", "storage/**", "test-results/**", ".openapi/**", "coverage/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // `const { omitted: _omitted, ...rest } = row` is how a field is left out; the underscore says it is on purpose.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true, argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    // Plain JavaScript (configs, the serving process) has no types to check; the untyped recommended rules still run.
    files: ["**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: globals.node },
  },
  {
    // Tests read answers as parsed JSON and check them with `expect`; typing every body would restate the schemas
    // the suite exists to check (the drift guard holds REST answers to the OpenAPI document), so the `no-unsafe-*`
    // family and `no-explicit-any` (an answer body is `any` by default) are off here and only here. Tables of cases
    // give every case the same async factory, so a case that needs no await is still written `async`.
    files: ["tests/**"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
);
