import fs from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { currentSession } from "../../contract/calendar";
import { REPORT_CARD_MESSAGES as RC } from "../../contract/report-cards";
import { expectAccessible } from "./support/axe";
import { signedIn } from "./support/school";
import { expect, test } from "./support/test";

/**
 * The report cards page in Chromium. With JavaScript off: the class chosen by a GET form, its students listed,
 * and the whole class's and a student's PDF downloaded by their plain links. With JavaScript (the `js` smoke): the
 * same choice made without a full reload, and a PDF link still a download, not a page the script tries to open.
 * What the PDFs hold is read back in tests/api/report-cards.test.ts; the verification page's answers there too.
 */

const TERM = "1st Term";

/** A school whose JSS1 has two students, Ada Eze and Bola Ade, with Mathematics scores this term; its session. */
async function classWithScores(page: Page, request: APIRequestContext, prefix: string) {
  const { account, token } = await signedIn(page, request, prefix);
  const headers = { Authorization: `Bearer ${token}` };
  const session = currentSession(new Date());
  const ids: number[] = [];
  for (const name of ["Ada Eze", "Bola Ade"]) {
    const response = await request.post(`/api/admin/${account.uniqueId}/students`, {
      headers,
      data: { student_data: { name, selectedClass: "JSS1", gender: "Female", phone_number: "08031234567" } },
    });
    expect(response.status(), await response.text()).toBe(201);
    ids.push(((await response.json()) as { data: { id: number } }).data.id);
  }
  const query = new URLSearchParams({ class: "JSS1", subject: "Mathematics", term: TERM, year: session });
  const saved = await request.put(`/api/admin/${account.uniqueId}/results/sheet?${query}`, {
    headers,
    data: { rows: ids.map((student_id, i) => ({ student_id, scores: { "1st CA": 10 + i, Exam: 40 + i } })) },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return session;
}

test(
  "no-js smoke: choose the class, download the whole class's and a student's report cards",
  { tag: "@no-js" },
  async ({ page, request }) => {
    const session = await classWithScores(page, request, "Cards");

    await page.goto("/admin/results/report-cards");
    await expect(page.getByText(RC.chooseClass)).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Class", { exact: true }).selectOption("JSS1");
    await page.getByLabel("Term", { exact: true }).selectOption(TERM);
    await page.getByLabel("Session", { exact: true }).selectOption(session);
    await page.getByRole("button", { name: RC.show }).click();
    await expect(page.getByRole("cell", { name: "Ada Eze", exact: true })).toBeVisible();
    await expect(page.getByRole("cell", { name: "Bola Ade", exact: true })).toBeVisible();
    await expectAccessible(page);

    const [whole] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: RC.wholeClass }).click(),
    ]);
    expect(whole.suggestedFilename()).toBe(`report-jss1-1st-term-${session.replace("/", "-")}.pdf`);
    const [one] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: `${RC.downloadPdf}: Ada Eze` }).click(),
    ]);
    expect(one.suggestedFilename()).toBe(`report-ada-eze-1st-term-${session.replace("/", "-")}.pdf`);

    // A link that opens no card is the not-found page, outside the admin area.
    const missing = await page.goto(`/verify/report/${"x".repeat(43)}`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByText(RC.verifyNotFound)).toBeVisible();
  },
);

test("js smoke: the class opens as it is chosen, without reloading the page, then download a student's report card", async ({
  page,
  request,
}) => {
  const session = await classWithScores(page, request, "CardsJs");
  await page.goto("/admin/results/report-cards");
  await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
  await page.getByLabel("Class", { exact: true }).selectOption("JSS1");
  await page.getByLabel("Term", { exact: true }).selectOption(TERM);
  await page.getByLabel("Session", { exact: true }).selectOption(session);
  // With JavaScript the picker needs no Show button: each choice opens the list at once.
  await expect(page.getByRole("button", { name: RC.show })).toHaveCount(0);
  await expect(page.getByRole("cell", { name: "Bola Ade", exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
  await expectAccessible(page);

  const [one] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: `${RC.downloadPdf}: Bola Ade` }).click(),
  ]);
  expect(one.suggestedFilename()).toBe(`report-bola-ade-1st-term-${session.replace("/", "-")}.pdf`);
  const bytes = await fs.promises.readFile((await one.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  await expect(page.getByRole("cell", { name: "Bola Ade", exact: true })).toBeVisible();
});
