import axe from "axe-core";
import { createHash } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";

declare global {
  interface Window {
    axe: typeof axe;
  }
}

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>|<link\b[^>]*rel="modulepreload"[^>]*>/gi;
const CHECKER_PATH = "/__accessibility-check";

/**
 * Per browser, one scripted page with axe loaded once, at the app's address and the project's device
 * (viewport, touch, user agent). Every page to check is copied into it: axe's 0.5 MB source is parsed
 * once per worker, not once per check, and a page with JavaScript disabled, where axe cannot run, is
 * checked the same way.
 */
const checkers = new WeakMap<Browser, Promise<Page>>();

function checkerPage(browser: Browser, origin: string): Promise<Page> {
  let checker = checkers.get(browser);
  if (!checker) {
    const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
    checker = (async () => {
      const context = await browser.newContext({
        viewport,
        userAgent,
        deviceScaleFactor,
        isMobile,
        hasTouch,
        javaScriptEnabled: true,
      });
      const page = await context.newPage();
      await page.route(`${origin}${CHECKER_PATH}`, (route) =>
        route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>check</title>" }),
      );
      await page.goto(`${origin}${CHECKER_PATH}`);
      await page.evaluate(axe.source);
      return page;
    })();
    checkers.set(browser, checker);
  }
  return checker;
}

/**
 * The page's document as rendered now (its markup and attributes, without scripts) written into the
 * checker page, at the same size, once its stylesheets have loaded: document.open keeps the checker's
 * window, and with it axe.
 */
async function copyToChecker(page: Page): Promise<Page> {
  const html = (await page.content()).replace(SCRIPT, "");
  const browser = page.context().browser();
  if (!browser) throw new Error("no browser to check the page in");
  const target = await checkerPage(browser, new URL(page.url()).origin);
  const viewport = page.viewportSize();
  if (viewport) await target.setViewportSize(viewport);
  await target.evaluate(async (markup) => {
    document.open();
    document.write(markup);
    document.close();
    const sheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    await Promise.all(
      sheets.map(
        (link) =>
          link.sheet ??
          new Promise((settle) => {
            link.addEventListener("load", settle, { once: true });
            link.addEventListener("error", settle, { once: true });
          }),
      ),
    );
  }, html);
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
  const target = await copyToChecker(page);
  const violations = await target.evaluate(
    (excluded) =>
      window.axe
        .run(excluded.length ? { exclude: excluded.map((selector) => [selector]) } : document, {
          runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] },
          resultTypes: ["violations"],
        })
        .then((results) => results.violations),
    exclude,
  );
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
