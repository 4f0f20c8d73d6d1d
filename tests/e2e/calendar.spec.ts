import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { CALENDAR_MESSAGES as M, currentSession, DATE_INPUT_HINT } from "../../contract/calendar";
import { expectAccessible } from "./support/axe";
import { signedIn } from "./support/school";

/**
 * The term calendar in Chromium at 360 px. The `js` project checks what scripts add (focus on the first
 * field in error after a refusal, the busy button) and that nothing runs wider than the screen; the
 * `no-js` project's smoke test, tagged `@no-js`, walks the screen with JavaScript off and checks each state
 * with axe. The behaviours, message by message, are form tests over HTTP: tests/forms/calendar.test.ts.
 */

const SESSION = currentSession(new Date());
const [FIRST, SECOND] = SESSION.split("/");
const toast = (page: Page) => page.getByTestId("toast");
const term = (page: Page, name: string) => page.getByRole("group", { name });

async function fitsTheScreen(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
}

async function openCalendar(page: Page) {
  await page.goto("/admin/settings");
  await page.getByRole("link", { name: "Term calendar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Term calendar" })).toBeVisible();
  await expect(page.getByRole("link", { name: SESSION })).toHaveAttribute("aria-current", "page");
}

test("js smoke: a refusal focuses its field; dates saved; a closure added and removed; 360 px wide", async ({
  page,
}) => {
  await signedIn(page, page.request, "CalendarJs");
  await openCalendar(page);
  await fitsTheScreen(page);

  const first = term(page, "1st Term");
  await first.getByLabel("Starts on").fill(`${FIRST}-09-14`);
  await first.getByLabel("Ends on").fill(`${FIRST}-09-01`);
  await page.getByRole("button", { name: "Save dates" }).click();
  await expect(first.getByLabel("Ends on")).toBeFocused();
  await expect(first.getByLabel("Ends on")).toHaveAccessibleDescription(`${M.endBeforeStart} ${DATE_INPUT_HINT}`);
  await expect(first.getByLabel("Starts on")).toHaveValue(`${FIRST}-09-14`);
  await expectAccessible(page);

  await first.getByLabel("Ends on").fill(`${FIRST}-12-18`);
  await first.getByLabel("Next term begins").fill(`${SECOND}-01-11`);
  await page.getByRole("button", { name: "Save dates" }).click();
  await expect(toast(page)).toHaveText(M.saved);
  await expect(first).toContainText("school days");

  const closures = page.locator("#closure-0");
  await closures.getByLabel("Date closed").fill(`${FIRST}-10-01`);
  await closures.getByLabel("Name (optional)").fill("Independence Day");
  await closures.getByRole("button", { name: "Add closure" }).click();
  await expect(toast(page)).toHaveText(M.closureAdded);
  await expect(page.getByRole("list", { name: "1st Term closures" })).toContainText("Independence Day");
  await fitsTheScreen(page);
  await page.screenshot({ path: test.info().outputPath("term-calendar-360.png"), fullPage: true });
  await expectAccessible(page);

  await page.getByRole("button", { name: /^Remove / }).click();
  await expect(toast(page)).toHaveText(M.closureRemoved);
  await expect(page.getByRole("list", { name: "1st Term closures" })).toHaveCount(0);
});

test(
  "no-js smoke: the session links, dates refused then saved, a closure added and removed",
  { tag: "@no-js" },
  async ({ page }) => {
    await signedIn(page, page.request, "CalendarNoJs");
    await openCalendar(page);
    await fitsTheScreen(page);
    await expectAccessible(page);

    const first = term(page, "1st Term");
    await first.getByLabel("Starts on").fill(`${FIRST}-09-14`);
    await page.getByRole("button", { name: "Save dates" }).click();
    await expect(first.getByLabel("Ends on")).toHaveAccessibleDescription(`${M.endRequired} ${DATE_INPUT_HINT}`);
    await expect(first.getByLabel("Starts on")).toHaveValue(`${FIRST}-09-14`);
    await expectAccessible(page);

    await first.getByLabel("Ends on").fill(`${FIRST}-12-18`);
    await page.getByRole("button", { name: "Save dates" }).click();
    await expect(toast(page)).toHaveText(M.saved);

    const closures = page.locator("#closure-0");
    await closures.getByLabel("Date closed").fill(`${FIRST}-10-01`);
    await closures.getByRole("button", { name: "Add closure" }).click();
    await expect(toast(page)).toHaveText(M.closureAdded);
    await fitsTheScreen(page);
    await page.screenshot({ path: test.info().outputPath("term-calendar-360.png"), fullPage: true });
    await expectAccessible(page);
    await page.getByRole("button", { name: /^Remove / }).click();
    await expect(toast(page)).toHaveText(M.closureRemoved);

    const next = `${SECOND}/${Number(SECOND) + 1}`;
    await page.getByRole("link", { name: next }).click();
    await expect(page.getByRole("link", { name: next })).toHaveAttribute("aria-current", "page");
    await expect(term(page, "1st Term").getByLabel("Starts on")).toHaveValue("");
  },
);
