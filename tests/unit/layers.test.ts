import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Every module specifier a folder's TypeScript files import or re-export, with the file it is in. */
function importsOf(folder: string): { file: string; from: string }[] {
  const found: { file: string; from: string }[] = [];
  for (const name of fs.readdirSync(folder, { recursive: true }) as string[]) {
    if (!/\.tsx?$/.test(name)) continue;
    const file = path.join(folder, name);
    const text = fs.readFileSync(file, "utf8");
    for (const match of text.matchAll(
      /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
    )) {
      found.push({ file, from: match[1] ?? match[2] });
    }
  }
  return found;
}

const CONTRACT_PACKAGES = new Set(["zod", "libphonenumber-js/max"]);

describe("layers", () => {
  it("contract/ loads anywhere: no Node built-in, no server package, nothing of the project outside it", () => {
    const imports = importsOf("contract");
    expect(imports.length).toBeGreaterThan(10);
    const wrong = imports.filter(({ from }) =>
      from.startsWith(".") ? !from.startsWith("./") : !CONTRACT_PACKAGES.has(from),
    );
    expect(wrong).toEqual([]);
  });

  it("server-lib/ and observability/ import nothing of the project", () => {
    const wrong = [...importsOf("server-lib"), ...importsOf("observability")].filter(({ from }) =>
      from.startsWith("../"),
    );
    expect(wrong).toEqual([]);
  });

  it("the API description and its zod-to-JSON-Schema library stay on the server: no page imports them", () => {
    const wrong = importsOf("app").filter(({ from }) => /zod-to-json-schema|\/openapi$|route-docs/.test(from));
    expect(wrong).toEqual([]);
  });

  it("the multipart reader is server-side code, in server-lib/", () => {
    expect(fs.existsSync("contract/multipart.ts")).toBe(false);
    expect(importsOf("server-lib").map((i) => i.from)).toContain("busboy");
  });
});
