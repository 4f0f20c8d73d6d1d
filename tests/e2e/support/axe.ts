import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/gi;

/**
 * Axe runs inside the page, which a page with JavaScript disabled cannot do. There the rendered
 * document is copied, without its scripts, into a scripted page at the same URL and size (so the same
 * stylesheets and layout apply) and checked there.
 */
async function pageToCheck(page: Page): Promise<{ target: Page; close: () => Promise<void> }> {
  if (test.info().project.use.javaScriptEnabled !== false) return { target: page, close: async () => {} };
  const url = page.url();
  const html = (await page.content()).replace(SCRIPT, "");
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser to check the page in");
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
  const target = await context.newPage();
  await target.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html", body: html }));
  await target.goto(url);
  return { target, close: () => context.close() };
}

/**
 * Runs axe (WCAG 2 A and AA) on the page as it is now and fails with a readable list of what broke:
 * the rule, its help text and the first offending elements.
 */
export async function expectAccessible(page: Page, { exclude = [] as string[] } = {}) {
  const { target, close } = await pageToCheck(page);
  try {
    let builder = new AxeBuilder({ page: target }).withTags(["wcag2a", "wcag2aa"]);
    for (const selector of exclude) builder = builder.exclude(selector);
    const { violations } = await builder.analyze();
    const report = violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes
          .slice(0, 3)
          .map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.replace(/\n/g, " ")}`)
          .join("\n")}`,
    );
    expect(report, `axe violations on ${url(page)}`).toEqual([]);
  } finally {
    await close();
  }
}

const url = (page: Page) => new URL(page.url()).pathname;
