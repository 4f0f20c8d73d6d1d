import { describe, expect, it } from "vitest";
import { Browser } from "./support/browser";
import { baseUrl } from "./support/school";

/** The school API's page for integrators without JavaScript or a sign-in: every call of the description, by area. */

describe("the API page without JavaScript", () => {
  it("lists each area's calls from the API's own description, the ones without a token marked", async () => {
    const browser = new Browser(baseUrl());
    const page = await browser.goto("/api-docs");
    expect(page.status).toBe(200);
    expect(page.heading()).toBe("School API");
    expect(page.href("OpenAPI description (JSON)")).toBe("/api/openapi.json");

    const description = (await (await fetch(`${baseUrl()}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { tags: string[] }>>;
    };
    const documented = Object.entries(description.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const listed = [...page.document.querySelectorAll("section li")].map((li) =>
      (li.textContent ?? "")
        .replace(/\s+/g, " ")
        .replace(/ · no token needed$/, "")
        .trim(),
    );
    expect(listed.sort()).toEqual(documented.sort());

    const students = page.region("Students").textContent ?? "";
    expect(students).toContain("POST /api/admin/{uniqueId}/students");
    const login = [...page.document.querySelectorAll("section li")].find((li) =>
      (li.textContent ?? "").startsWith("POST /api/admin/login"),
    );
    expect(login?.textContent).toContain("no token needed");
    expect(students).not.toContain("no token needed");
  });
});
