import { currentSession } from "../../contract/calendar";
import { REPORT_CARD_MESSAGES as RC } from "../../contract/report-cards";
import { expectAccessible } from "./support/axe";
import { signedIn } from "./support/school";
import { expect, test } from "./support/test";

/**
 * The report cards page in Chromium with JavaScript off: the class chosen by a GET form, its students listed,
 * and the whole class's and a student's PDF downloaded by their plain links. What the PDFs hold is read back in
 * tests/api/report-cards.test.ts; the verification page's answers there too.
 */

const TERM = "1st Term";

test(
  "no-js smoke: choose the class, download the whole class's and a student's report cards",
  { tag: "@no-js" },
  async ({ page, request }) => {
    const { account, token } = await signedIn(page, request, "Cards");
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
