import { matchRoutes } from "@remix-run/react";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
}

interface AssetsManifest {
  /** The whole route manifest as a module, which Remix still writes but, with lazy route discovery, no page loads. */
  url: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

/** A route as React Router matches it (an index route has no children). */
type RouteNode = Parameters<typeof matchRoutes>[0][number];

export async function loadAssetsManifest(buildDir: string): Promise<AssetsManifest> {
  const build = await import(pathToFileURL(path.resolve(buildDir, "server/index.js")).href);
  return build.assets as AssetsManifest;
}

/** The build's routes as a tree React Router can match. */
function routeTree(manifest: AssetsManifest): RouteNode[] {
  const children = (parentId: string | undefined): RouteNode[] =>
    Object.values(manifest.routes)
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, path: route.path, index: true }
          : { id: route.id, path: route.path, children: children(route.id) },
      );
  return children(undefined);
}

/** An address the route chain answers: its paths joined, each parameter filled in. */
export function samplePath(manifest: AssetsManifest, routeIds: string[]): string {
  const segments = routeIds.flatMap((id) => (manifest.routes[id]?.path ?? "").split("/").filter(Boolean));
  return `/${segments.map((segment) => (segment.startsWith(":") || segment === "*" ? "x" : segment)).join("/")}`;
}

/**
 * The route manifest a page carries inline with lazy route discovery, as Remix writes it: the routes its
 * address matches and those each of its parent paths matches (other routes come in `/__manifest` answers
 * as links appear, after the page is interactive).
 */
export function inlineManifest(manifest: AssetsManifest, pathname: string): string {
  const tree = routeTree(manifest);
  const ids = new Set<string>();
  const segments = pathname.split("/").filter(Boolean);
  const paths = [pathname];
  for (let i = 0; i < segments.length; i++) paths.push(`/${segments.slice(0, i).join("/")}`);
  for (const path of paths) matchRoutes(tree, path)?.forEach((match) => match.route.id && ids.add(match.route.id));
  const routes = Object.fromEntries([...ids].map((id) => [id, manifest.routes[id]]));
  return `window.__remixManifest = ${JSON.stringify({ ...manifest, routes }, null, 2)};`;
}

/**
 * The JavaScript and CSS (gzip) a page makes the browser load, from the build's assets manifest:
 * the route manifest written into the page, the client entry and, for each route the page matches, its
 * module, static imports and styles.
 */
export function pageAssetBytes(
  buildDir: string,
  manifest: AssetsManifest,
  routeIds: string[],
  pathname = samplePath(manifest, routeIds),
): { js: number; css: number } {
  const js = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
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
    js: gzipLength(inlineManifest(manifest, pathname)) + [...js].reduce((sum, f) => sum + gz(f), 0),
    css: [...css].reduce((sum, f) => sum + gz(f), 0),
  };
}

export const gzipLength = (text: string) => gzipSync(Buffer.from(text)).length;
