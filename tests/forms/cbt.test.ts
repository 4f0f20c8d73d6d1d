import { beforeAll, describe, expect, it } from "vitest";
import { CBT_MESSAGES as M, type CbtPin, type CbtScores, type CbtTest } from "../../contract/cbt";
import { logoPng } from "../e2e/support/files";
import { xlsx } from "../e2e/support/imports";
import { IMPORT_MESSAGES } from "../../contract/imports";
import { Browser } from "./support/browser";
import { baseUrl, registerSchool, signedIn, type Admin } from "./support/school";

/**
 * Taking a computer-based test with JavaScript off (/cbt): code and PIN, one question a page with the answer saved
 * on every button, the time left from the server, Finish and Submit, and one attempt per PIN.
 */
let school: Admin;
let code: string;
let testId: number;
let pins: CbtPin[];

beforeAll(async () => {
  school = await registerSchool("Cbt");
  for (const name of ["Ada Obi", "Bola Ade"]) {
    const res = await school.api("POST", "/students", {
      student_data: { name, selectedClass: "JSS1", gender: "Female", phone_number: "0803 123 4567" },
    });
    expect(res.status).toBe(201);
  }
  for (let i = 1; i <= 3; i++) {
    const res = await school.api("POST", "/cbt/questions", {
      class: "JSS1",
      subject: "Mathematics",
      kind: "objective",
      text: `What is ${i} + ${i}?`,
      options: [String(i), String(2 * i), String(3 * i)],
      answer: 1,
    });
    expect(res.status).toBe(201);
  }
  const now = Date.now();
  const made = await school.api<{ data: { id: number; code: string } }>("POST", "/cbt/tests", {
    title: "Mathematics CA",
    class: "JSS1",
    subject: "Mathematics",
    term: "1st Term",
    session: "2026/2027",
    duration_minutes: 30,
    question_count: 3,
    opens_at: new Date(now - 3_600_000).toISOString(),
    closes_at: new Date(now + 3_600_000).toISOString(),
    results_column: "1st CA",
  });
  expect(made.status).toBe(201);
  ({ id: testId, code } = made.body.data);
  pins = (await school.api<{ data: CbtPin[] }>("POST", `/cbt/tests/${testId}/pins`)).body.data;
});

async function start(browser: Browser, pin: string) {
  const page = await browser.goto("/cbt");
  return page.form({ button: "Start" }).fill("Test code", code).fill("PIN", pin).submit();
}

describe("taking a test with JavaScript off", () => {
  it("asks for the code and the PIN beside their fields, writing nothing", async () => {
    const page = await (await new Browser(baseUrl()).goto("/cbt")).form({ button: "Start" }).submit();
    expect(page.status).toBe(400);
    expect(page.field("Test code").description).toBe(M.codeRequired);
    expect(page.field("PIN").description).toBe(M.pinRequired);
  });

  it("refuses a wrong PIN beside it, keeping the code", async () => {
    const page = await start(new Browser(baseUrl()), "00000000");
    expect(page.status).toBe(422);
    expect(page.field("PIN").description).toBe(M.wrongCodeOrPin);
    expect(page.field("Test code").value).toBe(code);
  });

  it("goes a question a page, saving the answer on every button, then submits once", async () => {
    const browser = new Browser(baseUrl());
    let page = await start(browser, pins[0].pin);
    expect(page.path).toBe("/cbt/question/1");
    expect(page.text()).toContain("Question 1 of 3");
    expect(page.byTestId("time-left")?.textContent).toMatch(/^(30|29) minutes left$/);
    expect(page.html).not.toMatch(/"answer"|correct/);
    const first = page.text("legend");
    const right = new RegExp(`^[A-E]\\. ${2 * Number(/What is (\d)/.exec(first)![1])}$`);
    page = await page.form({ button: "Next" }).check(right).submit("Next");
    expect(page.path).toBe("/cbt/question/2");
    page = await page.form({ button: "Previous" }).submit("Previous");
    expect(page.path).toBe("/cbt/question/1");
    expect(page.control(right).hasAttribute("checked")).toBe(true);
    expect(page.text()).toContain("1 answered");

    // A lost connection: the start page offers to go on, and the code and PIN again give the same attempt.
    const again = await start(new Browser(baseUrl()), pins[0].pin);
    expect(again.path).toBe("/cbt/question/1");
    expect(again.control(right).hasAttribute("checked")).toBe(true);
    expect((await browser.goto("/cbt")).text()).toContain("Continue your test");

    page = await page.form({ button: "Question 3" }).submit("Question 3");
    expect(page.path).toBe("/cbt/question/3");
    page = await page.form({ button: "Finish" }).submit("Finish");
    expect(page.path).toBe("/cbt/finish");
    expect(page.text()).toContain("You answered 1 of 3 questions");
    page = await page.form({ button: "Submit answers" }).submit();
    expect(page.path).toBe("/cbt/closed");
    expect(page.text()).toContain(M.submitted);
    expect(browser.cookie("__cbt")).toBeUndefined();

    const scores = await school.api<{ data: CbtScores }>("GET", `/cbt/tests/${testId}/scores`);
    const row = scores.body.data.rows.find((r) => r.student_id === pins[0].student_id)!;
    expect(row).toMatchObject({ status: "submitted", score: 1, max: 3 });

    const refused = await start(new Browser(baseUrl()), pins[0].pin);
    expect(refused.status).toBe(422);
    expect(refused.text()).toContain(M.alreadySubmitted);
    // The other browser's attempt is closed too: its next page says so.
    const closed = await again.form({ button: "Next" }).submit("Next");
    expect(closed.path).toBe("/cbt/closed");
    expect(closed.text()).toContain(M.alreadySubmitted);
  });

  it("sends a browser without an attempt to the start page", async () => {
    const page = await new Browser(baseUrl()).goto("/cbt/question/2");
    expect(page.path).toBe("/cbt");
  });
});

describe("the admins' assessments screens with JavaScript off", () => {
  const countTests = async () => (await school.api<{ data: CbtTest[] }>("GET", "/cbt/tests")).body.data.length;

  it("asks for each missing field beside it, keeping the rest, writing nothing", async () => {
    const before = await countTests();
    const browser = await signedIn(school);
    const form = await browser.goto("/admin/assessments/create");
    const page = await form.form({ button: "Create test" }).fill("Title", "").select("Class", "JSS1").submit();
    expect(page.status).toBe(400);
    expect(page.field("Title").description).toBe(M.titleRequired);
    expect(page.field("Subject").description).toBe(M.subjectRequired);
    expect(page.field("Opens at").description).toBe(M.opensInvalid);
    expect(page.field("Class").value).toBe("JSS1");
    expect(await countTests()).toBe(before);
  });

  it("shows the API's refusal beside its field, then creates the test once for a double submit", async () => {
    const before = await countTests();
    const browser = await signedIn(school);
    const fill = (page: Awaited<ReturnType<Browser["goto"]>>, network: string) =>
      page
        .form({ button: "Create test" })
        .fill("Title", "Weekly quiz")
        .select("Class", "JSS1")
        .select("Subject", "Mathematics")
        .fill("Number of questions", "2")
        .fill("Opens at", "2026-11-25T08:00")
        .fill("Closes at", "2026-11-25T10:00")
        .fill("School network only (optional)", network);
    const refused = await fill(await browser.goto("/admin/assessments/create"), "192.168.1.0/99").submit();
    expect(refused.status).toBe(422);
    expect(refused.field("School network only (optional)").description).toContain(M.labInvalid);
    expect(refused.field("Title").value).toBe("Weekly quiz");
    expect(await countTests()).toBe(before);

    const form = fill(await browser.goto("/admin/assessments/create"), "");
    const [first, second] = await Promise.all([form.submit(), form.submit()]);
    expect(await countTests()).toBe(before + 1);
    expect(first.path).toMatch(/^\/admin\/assessments\/\d+$/);
    expect(second.path).toBe(first.path);
    expect([first.toast(), second.toast()]).toContain(M.testCreated);
    expect(first.byTestId("test-code")?.textContent).toMatch(/^[A-Z2-9]{6}$/);

    const opened = await first.form({ button: "Open for the class" }).submit();
    expect(opened.toast()).toBe(M.pinsIssued);
    expect(opened.tableRows().map((row) => row[0])).toEqual(expect.arrayContaining(["Ada Obi", "Bola Ade"]));
  });

  it("adds a question to the bank, refusing one without its options beside them", async () => {
    const browser = await signedIn(school);
    const bank = await browser.goto("/admin/assessments/questions?class=JSS1&subject=Mathematics");
    const refused = await bank
      .form({ button: "Add question" })
      .fill("Question", "What is 5 + 5?")
      .fill("Option A", "10")
      .select("Correct answer", "0")
      .submit();
    expect(refused.status).toBe(422);
    expect(refused.text()).toContain(M.optionsCount);
    expect(refused.field("Option A").value).toBe("10");
    const added = await refused.form({ button: "Add question" }).fill("Option B", "55").submit();
    expect(added.toast()).toBe(M.questionAdded);
    expect(added.text()).toContain("What is 5 + 5?");
  });

  it("keeps a question's picture, refusing a file that is not an image beside its field", async () => {
    const browser = await signedIn(school);
    const bank = await browser.goto("/admin/assessments/questions?class=JSS1&subject=Social%20Studies");
    const fill = (page: typeof bank) =>
      page
        .form({ button: "Add question" })
        .select("Kind", "theory")
        .fill("Question", "Describe the flag in the picture.");
    const refused = await fill(bank)
      .attach("Picture (optional)", { name: "flag.png", mimeType: "image/png", buffer: Buffer.from("not a picture") })
      .submit();
    expect(refused.status).toBe(422);
    expect(refused.field("Picture (optional)").description).toContain("image");
    expect(refused.field("Question").value).toBe("Describe the flag in the picture.");
    const added = await fill(refused).attach("Picture (optional)", logoPng("flag.png")).submit();
    expect(added.toast()).toBe(M.questionAdded);
    expect(added.document.querySelector('img[src^="/media/"]')).not.toBeNull();
  });

  it("imports questions from a spreadsheet: from the bank, checked, then imported in one step", async () => {
    const browser = await signedIn(school);
    const bank = await browser.goto("/admin/assessments/questions");
    let page = await bank.follow("Import from a spreadsheet");
    expect(page.heading()).toBe("Add Bulk Questions");
    const file = xlsx("questions.xlsx", [
      ["Class", "Subject", "Kind", "Question", "Option A", "Option B", "Answer"],
      ["JSS1", "Basic Science", "Objective", "Water boils at?", "100 °C", "50 °C", "A"],
      ["JSS1", "Basic Science", "True or false", "Ice is water", "", "", "True"],
    ]);
    page = await page.form({ button: "Check file" }).attach("Spreadsheet", file).submit("Check file");
    expect(page.text()).toContain("2 rows read. 2 rows ready to import.");
    page = await page.press("Import 2 rows");
    expect(page.toast()).toBe(IMPORT_MESSAGES.imported(2, "questions"));
    const shown = await browser.goto("/admin/assessments/questions?class=JSS1&subject=Basic%20Science");
    expect(shown.text()).toContain("Water boils at?");
    expect(shown.text()).toContain("Ice is water");
  });

  it("marks a theory answer on the marking screen, then sends the scores to the results column", async () => {
    const history = { class: "JSS1", subject: "History" };
    await school.api("POST", "/cbt/questions", { ...history, kind: "theory", text: "Who was Queen Amina?", marks: 4 });
    const now = Date.now();
    const made = await school.api<{ data: { id: number; code: string } }>("POST", "/cbt/tests", {
      ...history,
      title: "History CA",
      term: "1st Term",
      session: "2026/2027",
      duration_minutes: 10,
      question_count: 1,
      opens_at: new Date(now - 3_600_000).toISOString(),
      closes_at: new Date(now + 3_600_000).toISOString(),
      results_column: "1st CA",
    });
    const id = made.body.data.id;
    const [first] = (await school.api<{ data: CbtPin[] }>("POST", `/cbt/tests/${id}/pins`)).body.data;
    const json = { "Content-Type": "application/json" };
    const started = await fetch(`${baseUrl()}/api/public/cbt/attempts`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ code: made.body.data.code, pin: first.pin }),
    });
    const { attempt } = ((await started.json()) as { data: { attempt: string } }).data;
    const base = `${baseUrl()}/api/public/cbt/attempts/${attempt}`;
    await fetch(`${base}/answers/1`, {
      method: "PUT",
      headers: json,
      body: JSON.stringify({ choice: "A warrior queen of Zazzau" }),
    });
    await fetch(`${base}/submit`, { method: "POST" });

    const browser = await signedIn(school);
    let page = await browser.goto(`/admin/assessments/${id}`);
    page = await page.form({ button: "Send scores to 1st CA" }).submit();
    expect(page.toast()).toBe(M.unmarkedTheory);
    page = await page.follow("Mark theory answers");
    expect(page.text()).toContain("A warrior queen of Zazzau");
    const refused = await page.form({ button: "Save marks" }).fill("Marks (out of 4)", "9").submit();
    expect(refused.status).toBe(422);
    expect(refused.text()).toContain(M.marksOverMax);
    expect(refused.field("Marks (out of 4)").value).toBe("9");
    page = await refused.form({ button: "Save marks" }).fill("Marks (out of 4)", "3").submit();
    expect(page.toast()).toBe(M.marksSaved);
    expect(page.field("Marks (out of 4)").value).toBe("3");
    page = await browser.goto(`/admin/assessments/${id}`);
    page = await page.form({ button: "Send scores to 1st CA" }).submit();
    expect(page.toast()).toBe(M.sentToResults("1st CA"));
    const sheet = await school.api<{ data: { rows: { student_id: number; scores: Record<string, number | null> }[] } }>(
      "GET",
      "/results/sheet?class=JSS1&subject=History&term=1st%20Term&year=2026%2F2027",
    );
    // 3 of 4 marks, scaled to the column's 20.
    expect(sheet.body.data.rows.find((r) => r.student_id === first.student_id)!.scores["1st CA"]).toBe(15);
  });

  it("answers another school's test as not found inside the admin frame", async () => {
    const other = await registerSchool("CbtOther");
    const browser = await signedIn(other);
    const page = await browser.goto(`/admin/assessments/${testId}`);
    expect(page.status).toBe(404);
    expect(page.document.querySelector('nav[aria-label="Admin menu"]')).not.toBeNull();
  });
});
