import AxeBuilder from "@axe-core/playwright";
import { createHash } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/gi;

/** Per browser, one scripted page that no-js pages are copied into to be checked (a new page costs about half a second). */
const checkers = new WeakMap<Browser, Promise<Page>>();

function checkerPage(browser: Browser): Promise<Page> {
  let checker = checkers.get(browser);
  if (!checker) {
    checker = browser.newContext({ javaScriptEnabled: true }).then((context) => context.newPage());
    checkers.set(browser, checker);
  }
  return checker;
}

/**
 * Axe runs inside the page, which a page with JavaScript disabled cannot do. There the rendered
 * document is copied, without its scripts, into a scripted page at the same URL and size (so the same
 * stylesheets and layout apply) and checked there.
 */
async function pageToCheck(page: Page): Promise<Page> {
  if (test.info().project.use.javaScriptEnabled !== false) return page;
  const url = page.url();
  const html = (await page.content()).replace(SCRIPT, "");
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser to check the page in");
  const target = await checkerPage(browser);
  const viewport = page.viewportSize();
  if (viewport) await target.setViewportSize(viewport);
  await target.unrouteAll();
  await target.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html", body: html }));
  await target.goto(url);
  return target;
}

const TAG = /<([a-zA-Z][\w-]*)([^>]*)>/g;
const STATE_ATTRIBUTES =
  /\b(role|type|aria-invalid|aria-expanded|aria-current|aria-hidden|open|disabled|hidden)(="[^"]*")?/g;

/**
 * A screen state: the project, the path with its record ids blanked, and the page's markup reduced to its
 * tags and the attributes that change what axe finds (roles, types, invalid, open). Text, ids and values
 * are left out, so the same screen with other records is the same state.
 */
async function screenState(page: Page): Promise<string> {
  const shape: string[] = [];
  for (const [, tag, attributes] of (await page.content()).matchAll(TAG))
    shape.push(`${tag}${(attributes.match(STATE_ATTRIBUTES) ?? []).join(" ")}`);
  const path = new URL(page.url()).pathname.replace(/\/[A-Z]{2,4}-[\w-]+|\/\d+(?=\/|$)/g, "/:id");
  return `${test.info().project.name} ${path} ${createHash("sha1").update(shape.join("|")).digest("hex")}`;
}

/** States this worker has already checked: the same state is checked once per run, not once per test. */
const checked = new Set<string>();

/**
 * Runs axe (WCAG 2 A and AA) on the page as it is now and fails with a readable list of what broke:
 * the rule, its help text and the first offending elements. A state already checked in this worker
 * (the same screen, in the same shape) is not checked again.
 */
export async function expectAccessible(page: Page, { exclude = [] as string[] } = {}) {
  const state = `${await screenState(page)} ${exclude.join(",")}`;
  if (checked.has(state)) return;
  checked.add(state);
  const target = await pageToCheck(page);
  // axe.run in the page itself: the pages have no cross-origin frames, so the default mode's second
  // page (to merge the frames' results) only doubled the time of every check.
  let builder = new AxeBuilder({ page: target }).withTags(["wcag2a", "wcag2aa"]).setLegacyMode();
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
}

const url = (page: Page) => new URL(page.url()).pathname;
