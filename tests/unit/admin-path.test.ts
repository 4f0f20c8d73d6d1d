import { describe, expect, it } from "vitest";
import { adminPath } from "../../app/.server/return-to";

describe("adminPath (a returnUrl only ever leads inside the app)", () => {
  const fallback = "/admin/inventory";

  it.each([
    "/admin/inventory/group/items?groupId=4&q=shirt",
    "/admin/inventory/group/items?groupId=4&page=2",
    "/admin/students",
  ])("keeps the app's own page %s", (path) => {
    expect(adminPath(path, fallback)).toBe(path);
  });

  it.each([
    ["another site", "https://evil.example/admin/inventory"],
    ["a protocol-relative address", "//evil.example/admin/inventory"],
    ["a backslash trick", "/\\evil.example/admin/"],
    ["a path that climbs out of /admin", "/admin/../login?next=x"],
    ["a page outside the admin area", "/choose-account"],
    ["a javascript: address", "javascript:alert(1)"],
    ["whitespace", "/admin/inventory\n/x"],
    ["nothing", null],
    ["an empty value", ""],
  ])("falls back for %s", (_, value) => {
    expect(adminPath(value, fallback)).toBe(fallback);
  });
});
