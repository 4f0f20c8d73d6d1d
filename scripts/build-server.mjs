// Bundles server.ts (with api/, contract/ and config/) into $BUILD_DIR/server.mjs (default build/);
// npm packages stay external.
import { build } from "esbuild";
import path from "node:path";

await build({
  entryPoints: ["server.ts"],
  outfile: path.join(process.env.BUILD_DIR ?? "build", "server.mjs"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
