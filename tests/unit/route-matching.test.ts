import { matchPath, matchRoutes, type AgnosticRouteObject as RouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";

/**
 * The server's route matching keeps each route tree's ranked branches and each path's compiled pattern
 * (patches/@remix-run+router+*.patch): answers must stay those of a fresh match, whatever was matched before.
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
  });

  it("matches another tree by its own routes, not the first tree's", () => {
    const first = tree();
    const second: RouteObject[] = [{ id: "other", path: "admin/students" }];
    expect(idsOf(first, "/admin/students")).toEqual(["root", "admin", "students"]);
    expect(idsOf(second, "/admin/students")).toEqual(["other"]);
    expect(matchRoutes(second, "/admin/students")?.[0].route).toBe(second[0]);
  });
});
