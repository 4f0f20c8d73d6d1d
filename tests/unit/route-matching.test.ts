import { matchPath, matchRoutes, type AgnosticRouteObject as RouteObject } from "@remix-run/router";
import type { RouteConfigEntry } from "@remix-run/route-config";
import { describe, expect, it } from "vitest";
import appRoutes from "~/routes";

/**
 * The server's route matching keeps each route tree's ranked branches and each path's compiled pattern, and skips
 * the branches whose static segments a path does not start with (patches/@remix-run+router+*.patch): answers must
 * stay those of a fresh match, whatever was matched before.
 */
const tree = (): RouteObject[] => [
  {
    id: "root",
    path: "",
    children: [
      {
        id: "admin",
        path: "admin",
        children: [
          { id: "students", path: "students" },
          { id: "student", path: "students/:id" },
          { id: "student-edit", path: "students/:id/edit" },
          { id: "files", path: "files/*" },
        ],
      },
      { id: "home", index: true },
      { id: "Cased", path: "Cased", caseSensitive: true },
    ],
  },
];

const idsOf = (routes: RouteObject[], path: string) => matchRoutes(routes, path)?.map((m) => m.route.id) ?? null;

describe("route matching with kept branches and patterns", () => {
  it("finds the same routes however often a tree is matched", () => {
    const routes = tree();
    for (let round = 0; round < 3; round++) {
      expect(idsOf(routes, "/admin/students")).toEqual(["root", "admin", "students"]);
      expect(idsOf(routes, "/admin/students/STU-1")).toEqual(["root", "admin", "student"]);
      expect(idsOf(routes, "/admin/students/STU-1/edit")).toEqual(["root", "admin", "student-edit"]);
      expect(matchRoutes(routes, "/admin/students/STU-2")?.[2].params).toEqual({ id: "STU-2" });
      expect(matchRoutes(routes, "/admin/files/a/b")?.[2].params).toEqual({ "*": "a/b" });
      expect(idsOf(routes, "/")).toEqual(["root", "home"]);
      expect(idsOf(routes, "/nowhere")).toBeNull();
      expect(idsOf(routes, "/admin/studentsx")).toBeNull();
      expect(idsOf(routes, "/admin")).toEqual(["root", "admin"]);
    }
  });

  it("keeps a pattern apart for each option: end, case", () => {
    expect(matchPath({ path: "/admin/students", end: true }, "/admin/students/STU-1")).toBeNull();
    expect(matchPath({ path: "/admin/students", end: false }, "/admin/students/STU-1")?.pathname).toBe(
      "/admin/students",
    );
    expect(matchPath({ path: "/admin/students", end: true }, "/admin/students/STU-1")).toBeNull();
    expect(matchPath({ path: "/Cased", caseSensitive: true }, "/cased")).toBeNull();
    expect(matchPath({ path: "/Cased", caseSensitive: false }, "/cased")?.pathname).toBe("/cased");
    expect(idsOf(tree(), "/cased")).toBeNull();
    expect(idsOf(tree(), "/Cased")).toEqual(["root", "Cased"]);
    expect(idsOf(tree(), "/ADMIN/Students/")).toEqual(["root", "admin", "students"]);
    expect(idsOf(tree(), "/admin/%73tudents")).toEqual(["root", "admin", "students"]);
  });

  it("matches another tree by its own routes, not the first tree's", () => {
    const first = tree();
    const second: RouteObject[] = [{ id: "other", path: "admin/students" }];
    expect(idsOf(first, "/admin/students")).toEqual(["root", "admin", "students"]);
    expect(idsOf(second, "/admin/students")).toEqual(["other"]);
    expect(matchRoutes(second, "/admin/students")?.[0].route).toBe(second[0]);
  });
});

/** The app's route table as the router sees it: every entry under a root route, each known by its id or file. */
function routeTree(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) => ({
    id: entry.id ?? entry.file,
    path: entry.path,
    ...(entry.index ? { index: true } : { children: routeTree(entry.children ?? []) }),
  }));
}

/** Each route of the table with a path that reaches it: parameters filled in, an optional one left out once. */
function pathsOf(entries: RouteConfigEntry[], parent = ""): Array<{ id: string; path: string }> {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`;
    const own =
      entry.path === undefined && !entry.index
        ? []
        : [path.replace(/\/:\w+\?/g, ""), path.replace(/:(\w+)\??/g, "$1-1")].map((filled) => ({
            id: entry.id ?? entry.file,
            path: filled.replace(/\*$/, "a/b") || "/",
          }));
    return [...own, ...pathsOf(entry.children ?? [], path)];
  });
}

describe("the app's own route table", () => {
  const routes: RouteObject[] = [{ id: "root", path: "", children: routeTree(appRoutes) }];

  it("every path reaches its own route, in any case and with a trailing slash", () => {
    const paths = pathsOf(appRoutes);
    expect(paths.length).toBeGreaterThan(150);
    for (const { id, path } of paths) {
      for (const variant of [path, path.toUpperCase(), `${path}/`])
        expect(idsOf(routes, variant)?.at(-1), variant).toBe(id);
    }
  });

  it("a path one letter off an area's screen falls to that area's not-found page, any other to the app's", () => {
    expect(idsOf(routes, "/admin/studentsx")?.at(-1)).toMatch(/^area-not-found-/);
    expect(idsOf(routes, "/adminx/students")?.at(-1)).toBe("routes/not-found.tsx");
  });
});
