import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * Four hand-made chunks: the framework (React, React DOM, React Router, Remix) as one file, the shell's
 * few modules the root route imports (Button, Toast, limits) as another, the admin layout's (the
 * shell with its menu, the data-saver switch) as a third, and a field with its messages (Field, ErrorList:
 * nearly every form has both, and apart they would be two small files) as a fourth, so every page fetches and
 * unzips fewer small files. The rest is left to Rollup: a page loads only what it imports.
 */
const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@remix-run\/(?!dev\/)[^/]+|turbo-stream)\//;
const SHELL = /\/app\/components\/ui\/(Button|Toast)\.tsx$|\/contract\/limits\.ts$/;
const ADMIN_SHELL = /\/app\/components\/(AdminShell|DataSaverToggle)\.tsx$/;
const FIELD = /\/app\/components\/ui\/(Field|ErrorList)\.tsx$/;

function manualChunks(id: string): string | undefined {
  if (FRAMEWORK.test(id)) return "components";
  if (SHELL.test(id)) return "shell";
  if (ADMIN_SHELL.test(id)) return "admin-shell";
  if (FIELD.test(id)) return "field";
  return undefined;
}

/**
 * The oldest browsers the product serves, as package.json's browserslist names them for the CSS (autoprefixer,
 * scripts/check-browsers.mjs): the bundler writes no syntax they cannot run, and fails the build on what it
 * cannot lower for them.
 */
const OLDEST_BROWSERS = ["chrome80", "edge80", "firefox78", "safari13.1", "ios13.4"];

export default defineConfig(({ isSsrBuild }) => ({
  // The browser's JavaScript is minified by terser, which packs the framework chunk about 4% smaller
  // (gzip) than esbuild: every page carries it under the page budget. The server build stays readable.
  build: isSsrBuild
    ? {}
    : {
        target: OLDEST_BROWSERS,
        minify: "terser" as const,
        terserOptions: { compress: { passes: 2 }, module: true },
        rollupOptions: { output: { manualChunks } },
      },
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  plugins: [
    remix({
      // BUILD_DIR lets several builds (tests, bench) live side by side.
      buildDirectory: process.env.BUILD_DIR ?? "build",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
  ],
}));
