import { expect, test as base } from "@playwright/test";

/**
 * The `test` of every spec: a test fails on any console error (React's hydration warnings are console
 * errors) or uncaught page error, whatever it was checking. Chromium's own line for an HTTP error answer
 * ("Failed to load resource: … status of 404") is left out: tests open 403 and 404 pages on purpose and
 * check their status themselves.
 */
export const test = base.extend<{ quietConsole: void }>({
  quietConsole: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        if (
          message.type() === "error" &&
          !/^Failed to load resource: the server responded with a status of [45]\d\d/.test(message.text())
        )
          problems.push(`console error: ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      await use();
      expect(problems, `${page.url()}: the console was not quiet`).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
