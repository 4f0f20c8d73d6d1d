import { execFileSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createApi, type ApiDeps } from "../../../api/app";
import { BUILD_DIR } from "./server";

/**
 * The route tables the suite attacks, read from the code itself so that a route added by any area is
 * attacked without anyone listing it: the school API's (Hono's own table) and the web app's (the
 * route manifest of the build under test).
 */

export interface ApiRoute {
  method: string;
  /** e.g. /api/admin/:uniqueId/students/:id */
  path: string;
}

export function apiRoutes(): ApiRoute[] {
  // Building the app only registers its routes; nothing here touches the dependencies.
  const app = createApi({} as ApiDeps);
  const seen = new Set<string>();
  return app.routes
    .filter((r) => r.method !== "ALL")
    .map((r) => ({ method: r.method, path: r.path }))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
}

export interface PageRoute {
  id: string;
  /** The whole URL pattern, e.g. /admin/update-student/:id; "/" for the index. */
  pattern: string;
  /** The ids of the routes around it, the nearest first (e.g. routes/admin/layout). */
  parents: string[];
  /** Whether it takes posts (its module has an action). */
  action: boolean;
}

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  action: boolean;
}

/** Every web app route with a URL of its own (layouts without a path are reached through their children). */
export function pageRoutes(): PageRoute[] {
  const index = pathToFileURL(path.resolve(BUILD_DIR, "server/index.js")).href;
  const script = `import(${JSON.stringify(index)}).then((m) => process.stdout.write(JSON.stringify(Object.values(m.routes).map((r) => ({ id: r.id, parentId: r.parentId, path: r.path, index: r.index, action: Boolean(r.module && r.module.action) })))))`;
  const routes = JSON.parse(execFileSync("node", ["-e", script], { encoding: "utf8" })) as ManifestRoute[];
  const byId = new Map(routes.map((r) => [r.id, r]));
  const fullPath = (route: ManifestRoute): string => {
    const own = route.path ?? "";
    const parent = route.parentId ? byId.get(route.parentId) : undefined;
    const above = parent ? fullPath(parent) : "";
    return [above, own].filter(Boolean).join("/");
  };
  const parents = (route: ManifestRoute): string[] => {
    const parent = route.parentId ? byId.get(route.parentId) : undefined;
    return parent ? [parent.id, ...parents(parent)] : [];
  };
  return routes
    .filter((r) => r.index || (r.path !== undefined && r.path !== ""))
    .map((r) => ({
      id: r.id,
      pattern: `/${fullPath(r)}`.replace(/\/+/g, "/"),
      parents: parents(r),
      action: r.action,
    }));
}

/** A route pattern as a regular expression over a path: `:name` is one segment, `*` the rest. */
export function patternRegex(pattern: string): RegExp {
  const body = pattern
    .split("/")
    .map((segment) => {
      if (segment === "*") return ".*";
      if (segment.startsWith(":")) return segment.endsWith("?") ? "[^/]*" : "[^/]+";
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return new RegExp(`^${body}/?$`, "i");
}

/** The pattern a path is served by: among those that match, the one with the most fixed segments. */
export function routeFor<T extends { pattern?: string; path?: string }>(routes: T[], pathname: string): T | undefined {
  const patternOf = (r: T) => r.pattern ?? r.path ?? "";
  const score = (r: T) =>
    patternOf(r)
      .split("/")
      .filter((s) => s && !s.startsWith(":") && s !== "*").length - (patternOf(r).includes("*") ? 100 : 0);
  return routes.filter((r) => patternRegex(patternOf(r)).test(pathname)).sort((a, b) => score(b) - score(a))[0];
}

/** The parameter names of a pattern, in order. */
export function paramsOf(pattern: string): string[] {
  return pattern
    .split("/")
    .filter((s) => s.startsWith(":"))
    .map((s) => s.slice(1).replace(/\?$/, ""));
}

export function fillPattern(pattern: string, values: Record<string, string>): string {
  return pattern
    .split("/")
    .map((segment) => {
      if (segment === "*") return values["*"] ?? "no-such-page";
      if (!segment.startsWith(":")) return segment;
      const name = segment.slice(1).replace(/\?$/, "");
      return encodeURIComponent(values[name] ?? "");
    })
    .join("/");
}
