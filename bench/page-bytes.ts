/**
 * `npm run bench:bytes [buildDir]`: the JavaScript (gzip) every page of the build makes the browser
 * load, from the build's assets manifest, checked against bench/budgets.json (every page; the home page,
 * which has no script of its own, against its own figure), and each chunk a page loads only on use (a
 * dynamic import, such as the confirmation dialog's) against the lazy-chunk budget. No server needed, so
 * CI runs it on every build. Exits non-zero when anything is over budget.
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { loadAssetsManifest, pageAssetBytes } from "./bytes";

const buildDir = process.argv[2] ?? process.env.BUILD_DIR ?? "build";
const budgets = JSON.parse(fs.readFileSync("bench/budgets.json", "utf8"));
const budget: number = budgets.jsGzipBytesPerAdminPage;
const homeBudget: number = budgets.jsGzipBytesHomePage;
const lazyBudget: number = budgets.jsGzipBytesLazyChunk;
const HOME = "routes/index";

const manifest = await loadAssetsManifest(buildDir);
const routes = manifest.routes;
const chain = (id: string): string[] => {
  const route = routes[id];
  return route?.parentId ? [...chain(route.parentId), id] : [id];
};

const leaves = Object.keys(routes).filter(
  (id) => id !== "root" && !Object.values(routes).some((r) => r.parentId === id),
);
const rows = leaves
  .map((id) => ({ id, js: pageAssetBytes(buildDir, manifest, chain(id)).js }))
  .sort((a, b) => b.js - a.js);
let over = 0;
for (const row of rows) {
  const limit = row.id === HOME ? homeBudget : budget;
  const pass = row.js <= limit;
  if (!pass) over += 1;
  console.log(
    `${pass ? "PASS" : "FAIL"}  ${String(row.js).padStart(7)} B  ${row.id}${row.id === HOME ? ` (home page, budget ${limit} B)` : ""}`,
  );
}

// Chunks no page loads up front: fetched by a dynamic import on first use. The whole route manifest is
// left out: with lazy route discovery no page loads it (pages carry their part inline, counted above).
const upFront = new Set<string>([manifest.url, manifest.entry.module, ...manifest.entry.imports]);
for (const route of Object.values(manifest.routes))
  [route.module, ...(route.imports ?? [])].forEach((f) => upFront.add(f));
const assets = path.join(buildDir, "client", "assets");
const lazy = fs
  .readdirSync(assets)
  .filter((f) => f.endsWith(".js") && !upFront.has(`/assets/${f}`))
  .map((f) => ({ f, js: gzipSync(fs.readFileSync(path.join(assets, f))).length }));
for (const chunk of lazy) {
  const pass = chunk.js <= lazyBudget;
  if (!pass) over += 1;
  console.log(`${pass ? "PASS" : "FAIL"}  ${String(chunk.js).padStart(7)} B  lazy chunk ${chunk.f}`);
}
console.log(
  `\n${rows.length} pages, largest ${rows[0]?.js ?? 0} B of JavaScript (gzip); budget ${budget} B a page, ${homeBudget} B the home page, ${lazyBudget} B a lazy chunk; ${over} over budget`,
);
if (over) process.exitCode = 1;
