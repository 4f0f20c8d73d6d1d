// Bundles server.ts (with api/, contract/, config/, observability/ and server-lib/) into $BUILD_DIR/server.mjs (default build/);
// npm packages stay external.
import { build } from "esbuild";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

// The spreadsheet worker (api/lib/spreadsheet-worker.ts) is a second entry, emitted beside server.mjs as
// spreadsheet-worker.mjs: the pool in api/lib/spreadsheet.ts starts its threads from that file, found
// next to the running bundle.
await build({
  entryPoints: { server: "server.ts", "spreadsheet-worker": "api/lib/spreadsheet-worker.ts" },
  outdir: process.env.BUILD_DIR ?? "build",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});

// Precompress the browser assets once at build time (gzip and brotli), so serving them costs no CPU
// and a phone on a slow network downloads a third of the bytes.
const assetsDir = path.join(process.env.BUILD_DIR ?? "build", "client", "assets");
for (const name of fs.readdirSync(assetsDir)) {
  if (!/\.(js|css|svg|json|txt)$/.test(name)) continue;
  const file = path.join(assetsDir, name);
  const body = fs.readFileSync(file);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}
