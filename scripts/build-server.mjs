// Bundles server.ts (with api/, contract/ and config/) into build/server.mjs; npm packages stay external.
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts"],
  outfile: "build/server.mjs",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
