/**
 * `npm run bench:bytes [buildDir]`: the JavaScript (gzip) every page of the build makes the browser
 * load, from the build's assets manifest, checked against bench/budgets.json. No server needed, so CI
 * runs it on every build. Exits non-zero when a page is over budget.
 */
import fs from "node:fs";
import { loadAssetsManifest, pageAssetBytes } from "./bytes";

const buildDir = process.argv[2] ?? process.env.BUILD_DIR ?? "build";
const budget: number = JSON.parse(fs.readFileSync("bench/budgets.json", "utf8")).jsGzipBytesPerAdminPage;

interface RouteEntry {
  id: string;
  parentId?: string;
}

const manifest = await loadAssetsManifest(buildDir);
const routes = manifest.routes as unknown as Record<string, RouteEntry>;
const chain = (id: string): string[] => {
  const route = routes[id];
  return route?.parentId ? [...chain(route.parentId), id] : [id];
};

const leaves = Object.keys(routes).filter((id) => id !== "root" && !Object.values(routes).some((r) => r.parentId === id));
const rows = leaves.map((id) => ({ id, js: pageAssetBytes(buildDir, manifest, chain(id)).js })).sort((a, b) => b.js - a.js);
let over = 0;
for (const row of rows) {
  const pass = row.js <= budget;
  if (!pass) over += 1;
  console.log(`${pass ? "PASS" : "FAIL"}  ${String(row.js).padStart(7)} B  ${row.id}`);
}
console.log(`\n${rows.length} pages, largest ${rows[0]?.js ?? 0} B of JavaScript (gzip); budget ${budget} B; ${over} over budget`);
if (over) process.exitCode = 1;
