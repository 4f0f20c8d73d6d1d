import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import { importX, createNodeResolver } from "eslint-plugin-import-x";

/**
 * The TypeScript parser, with every import read as a value import. import-x/no-cycle skips type-only
 * imports (in the file it checks and in the files it walks), but a cycle through types still ties the
 * layers together, so for the modules it checks the cycle rule sees them as imports like any other.
 * No other rule enabled here reads an import's kind.
 */
const typeImportsAsValues = {
  meta: { name: "type-imports-as-values" },
  parseForESLint(code, options) {
    const result = tseslint.parser.parseForESLint(code, options);
    for (const node of result.ast.body) {
      if (node.type === "ExportAllDeclaration") node.exportKind = "value";
      if (node.type !== "ImportDeclaration") continue;
      node.importKind = "value";
      for (const specifier of node.specifiers) if (specifier.type === "ImportSpecifier") specifier.importKind = "value";
    }
    return result;
  },
};

export default defineConfig(
  {
    ignores: ["build/", ".builds/", ".cache/", "data/", "public/build/", "test-results/", "playwright-report/"],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  js.configs.recommended,
  // Type-aware rules (recommendedTypeChecked) are left out: type information for this project takes
  // minutes to lint where the syntax rules take seconds; `npm run typecheck` covers the types.
  tseslint.configs.recommended,
  {
    rules: {
      // `const { omitted: _, ...rest } = row` is how a key is dropped from a copy.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
    },
  },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: {
      globals: {
        console: "readonly",
        process: "readonly",
        URL: "readonly",
        Buffer: "readonly",
        fetch: "readonly",
        FormData: "readonly",
        File: "readonly",
      },
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "tests/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    // Only the two classic rules: the React Compiler rules of the plugin's recommended set flag deliberate
    // patterns of the shared form hooks (state reset in an effect when a new server answer arrives, a ref
    // read in render to keep a refused form's key) whose rewrites would change how forms behave with
    // JavaScript, for a compiler this app does not use.
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["{app,api,contract,server,server-lib,observability}/**/*.{ts,tsx}"],
    languageOptions: { parser: typeImportsAsValues },
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx"],
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
          tsconfig: { configFile: fileURLToPath(new URL("./tsconfig.json", import.meta.url)) },
        }),
      ],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
);
