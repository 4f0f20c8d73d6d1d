import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { currentSession } from "../../contract/calendar";
import { REPORT_CARD_MESSAGES as RC } from "../../contract/report-cards";
import { Browser } from "./support/browser";
import { baseUrl, registerSchool, signedIn, type Admin } from "./support/school";

/**
 * Report cards without JavaScript: the class's page lists its students with plain links to their PDFs, and the
 * public page a printed card's QR code opens says whether the card is the latest version.
 */

const TERM = "1st Term";

async function viaApi<T>(school: Admin, method: "GET" | "POST" | "PUT", path: string, body?: unknown): Promise<T> {
  const response = await school.api<{ data: T }>(method, path, body);
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  return response.body.data;
}

describe("report cards without JavaScript", () => {
  it("download a student's card from the class's page, and check it on its public page, old and re-issued", async () => {
    const school = await registerSchool("Cards");
    const session = currentSession(new Date());
    const student = await viaApi<{ id: number }>(school, "POST", "/students", {
      student_data: { name: "Ada Obi", selectedClass: "JSS1", gender: "Female", phone_number: "08031234567" },
    });
    const sheet = `/results/sheet?${new URLSearchParams({ class: "JSS1", subject: "Mathematics", term: TERM, year: session })}`;
    await viaApi(school, "PUT", sheet, { rows: [{ student_id: student.id, scores: { "1st CA": 15, Exam: 50 } }] });
    const classResult = { class: "JSS1", term: TERM, session, result: "terminal" };
    await viaApi(school, "POST", "/results/publication", { ...classResult, published: true });

    const browser = await signedIn(school);
    const page = await browser.goto(
      `/admin/results/report-cards?${new URLSearchParams({ class: "JSS1", term: TERM, year: session })}`,
    );
    expect(page.status).toBe(200);
    const card = await page.follow(`${RC.downloadPdf}: Ada Obi`);
    expect(card.status).toBe(200);
    expect(card.headers.get("content-type")).toBe("application/pdf");
    const text = (
      await extractText(await getDocumentProxy(new Uint8Array(card.bytes!)), { mergePages: true })
    ).text.replace(/\s+/g, " ");
    expect(text).toContain("Ada Obi");
    const address = text.match(/\/verify\/report\/[A-Za-z0-9_-]{43}/)?.[0];
    expect(address, text).toBeDefined();

    // The public page, without a sign-in.
    const visitor = new Browser(baseUrl());
    let verified = await visitor.goto(address!);
    expect(verified.status).toBe(200);
    expect(verified.heading()).toBe(RC.verifyTitle);
    expect(verified.text("main")).toContain(RC.verifyGenuine);
    const values = (page: typeof verified) => [...page.document.querySelectorAll("dd")].map((dd) => dd.textContent);
    expect(values(verified)).toEqual([
      school.account.schoolName,
      "Ada Obi",
      "JSS1",
      `${TERM} ${session} · Terminal`,
      "65",
      expect.stringMatching(/^1 \(\d{1,2} [A-Z][a-z]{2} \d{4}\)$/),
      expect.stringMatching(/^RC-\d{7}$/),
    ]);

    // Re-issued after a correction: the old printout's page says a newer version exists.
    await viaApi(school, "POST", "/results/corrections", { ...classResult, subject: "Mathematics", reason: "Typo" });
    await viaApi(school, "PUT", sheet, { rows: [{ student_id: student.id, scores: { "1st CA": 15, Exam: 55 } }] });
    await viaApi(school, "POST", "/results/publication", { ...classResult, published: true });
    verified = await visitor.goto(address!);
    expect(verified.text("main")).toContain(RC.verifyNewer(2));
    expect(values(verified).slice(4, 6)).toEqual(["65", expect.stringMatching(/^1 /)]);

    const missing = await visitor.goto(`/verify/report/${"A".repeat(43)}`);
    expect(missing.status).toBe(404);
    expect(missing.text()).toContain(RC.verifyNotFound);
  });
});
