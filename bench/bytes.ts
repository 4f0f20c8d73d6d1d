import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

interface AssetsManifest {
  /** The route manifest module every page imports (routes are all known up front, not discovered lazily). */
  url: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[]; css?: string[] }>;
}

export async function loadAssetsManifest(buildDir: string): Promise<AssetsManifest> {
  const build = await import(pathToFileURL(path.resolve(buildDir, "server/index.js")).href);
  return build.assets as AssetsManifest;
}

/**
 * The JavaScript and CSS (gzip) a page makes the browser load, from the build's assets manifest:
 * the route manifest, the client entry and, for each route the page matches, its module, static
 * imports and styles.
 */
export function pageAssetBytes(
  buildDir: string,
  manifest: AssetsManifest,
  routeIds: string[],
): { js: number; css: number } {
  const js = new Set<string>([manifest.url, manifest.entry.module, ...manifest.entry.imports]);
  const css = new Set<string>();
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`No route ${id} in the build`);
    js.add(route.module);
    route.imports?.forEach((f) => js.add(f));
    route.css?.forEach((f) => css.add(f));
  }
  const gz = (url: string) => gzipSync(fs.readFileSync(path.join(buildDir, "client", url))).length;
  return {
    js: [...js].reduce((sum, f) => sum + gz(f), 0),
    css: [...css].reduce((sum, f) => sum + gz(f), 0),
  };
}

export const gzipLength = (text: string) => gzipSync(Buffer.from(text)).length;
