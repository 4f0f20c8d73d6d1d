import { describe, expect, it } from "vitest";
import { CBT_ADMISSION_MESSAGES as CM } from "../../contract/cbt";
import { Browser, normalize } from "./support/browser";
import { baseUrl, registerSchool, signedIn, type Admin } from "./support/school";

/**
 * An admission form's entrance test with JavaScript off: the admin links it from the form's card, the confirmation
 * page shows the test's code and the PIN once, and the submission's review shows the score once the applicant has
 * taken it.
 */
describe("CBT for admissions without JavaScript", { timeout: 120_000 }, () => {
  it("links the test from the form's card, shows the code and PIN on the done page once, and the score on the review page", async () => {
    const school = await registerSchool("CbtAdmissions");
    const test = await entranceTest(school, 2);
    const form = await admissionForm(school, "CBT Entrance", true);
    const { id: formId, public_id: publicId } = form.body.data;
    // The admin links the test from the form's card, without JavaScript.
    const admin = await signedIn(school);
    const forms = await admin.goto("/admin/admission-forms");
    const choose = await forms.follow("On: choose the test");
    expect(choose.path).toBe(`/admin/admission-forms/${formId}/cbt-test`);
    expect(choose.field(CM.testLabel).value).toBe("");
    const linked = await choose.form({ button: "Save" }).select(CM.testLabel, String(test.id)).submit("Save");
    expect(linked.path).toBe("/admin/admission-forms");
    expect(linked.toast()).toBe(CM.linked);
    expect(linked.links("On: test linked")).toHaveLength(1);
    expect((await admin.goto(`/admin/admission-forms/${formId}/cbt-test`)).field(CM.testLabel).value).toBe(
      String(test.id),
    );

    const body = new FormData();
    for (const [name, value] of Object.entries({
      surname: "Okoro",
      firstName: "Ifeoma",
      dateOfBirth: "2013-05-01",
      gender: "Female",
      homeAddress: "3 Market Road, Aba",
      phoneNumber: "0803 111 2233",
      emailAddress: "okoro@example.ng",
      classApplyingInto: "JSS1",
      parentName: "Mr. Okoro",
      relationshipToApplicant: "Father",
    }))
      body.set(name, value);
    const sent = await fetch(`${baseUrl()}/api/public/admission-forms/${publicId}/submissions`, {
      method: "POST",
      body,
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const { reference } = ((await sent.json()) as { data: { reference: string } }).data;

    // Through another host name than PUBLIC_URL's: the page still gives the test's address under PUBLIC_URL.
    const applicant = new Browser(baseUrl().replace("127.0.0.1", "localhost"));
    let done = await applicant.goto(`/apply/${publicId}/done/${reference}`);
    expect(normalize(done.byTestId("cbt-code")?.textContent)).toBe(test.code);
    const pin = normalize(done.byTestId("cbt-pin")?.textContent);
    expect(pin).toMatch(/^\d{8}$/);
    expect(done.text()).toContain(CM.pinOnce);
    expect(done.text()).toContain(`${baseUrl()}/cbt`);
    done = await applicant.goto(`/apply/${publicId}/done/${reference}`);
    expect(normalize(done.byTestId("cbt-code")?.textContent)).toBe(test.code);
    expect(done.byTestId("cbt-pin")).toBeNull();
    expect(done.text()).toContain(CM.pinShown);

    // The applicant answers "What is 1 + 1?" right and the other wrongly, through the public API /cbt uses.
    const pub = async (method: string, path: string, json?: unknown) => {
      const res = await fetch(`${baseUrl()}/api/public/cbt${path}`, {
        method,
        headers: { "Content-Type": "application/json" },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked by the test
      return { status: res.status, body: (await res.json()) as any };
    };
    const started = await pub("POST", "/attempts", { code: test.code, pin });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const attempt = started.body.data.attempt as string;
    for (const n of [1, 2]) {
      const page = await pub("GET", `/attempts/${attempt}/questions/${n}`);
      expect(page.status).toBe(200);
      const saved = await pub("PUT", `/attempts/${attempt}/answers/${n}`, {
        choice: String((page.body.data.options as string[]).indexOf("Two")),
      });
      expect(saved.status).toBe(200);
    }
    expect((await pub("POST", `/attempts/${attempt}/submit`)).status).toBe(200);

    const list = await school.api<{ data: { data: Array<{ id: number; reference: string }> } }>("GET", "/submissions");
    const submission = list.body.data.data.find((r) => r.reference === reference)!;
    const review = await admin.goto(`/submission-review/${school.account.uniqueId}/${submission.id}`);
    expect(normalize(review.byTestId("submission-cbt")?.textContent)).toBe(
      `${CM.reviewHeading}: Entrance Mathematics (code ${test.code}) · ${CM.taken}: 1 / 2`,
    );
  });

  it("refuses a test for a form with CBT off beside the field, keeps the choice and saves nothing", async () => {
    const school = await registerSchool("CbtFormOff");
    const test = await entranceTest(school, 1);
    const form = await admissionForm(school, "No CBT", false);
    const formId = form.body.data.id;

    const admin = await signedIn(school);
    const page = await admin.goto(`/admin/admission-forms/${formId}/cbt-test`);
    expect(page.text()).toContain(CM.formNotCbt);
    const refused = await page.form({ button: "Save" }).select(CM.testLabel, String(test.id)).submit("Save");
    expect(refused.path).toBe(`/admin/admission-forms/${formId}/cbt-test`);
    const field = refused.field(CM.testLabel);
    expect(field.invalid).toBe(true);
    expect(field.description).toContain(CM.formNotCbt);
    expect(field.value).toBe(String(test.id));
    const stored = await school.api<{ data: { cbt_test_id: number | null } }>("GET", `/admission-forms/${formId}`);
    expect(stored.body.data.cbt_test_id).toBeNull();
  });
});

/** An entrance test, open now, of `questions` JSS1 Mathematics questions "What is n + 1?" (options One, Two, Three). */
async function entranceTest(school: Admin, questions: number): Promise<{ id: number; code: string }> {
  for (let i = 1; i <= questions; i++) {
    const q = await school.api("POST", "/cbt/questions", {
      class: "JSS1",
      subject: "Mathematics",
      kind: "objective",
      text: `What is ${i} + 1?`,
      options: ["One", "Two", "Three"],
      answer: i,
      marks: 1,
    });
    expect(q.status, JSON.stringify(q.body)).toBe(201);
  }
  const now = Date.now();
  const made = await school.api<{ data: { id: number; code: string } }>("POST", "/cbt/tests", {
    title: "Entrance Mathematics",
    class: "JSS1",
    subject: "Mathematics",
    term: "1st Term",
    session: "2026/2027",
    duration_minutes: 30,
    question_count: questions,
    opens_at: new Date(now - 3_600_000).toISOString(),
    closes_at: new Date(now + 86_400_000).toISOString(),
    results_column: null,
    shuffle: false,
    grace_minutes: 0,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.data;
}

/** A free, active admission form with CBT on or off. */
async function admissionForm(school: Admin, title: string, cbt: boolean) {
  const form = await school.api<{ data: { id: number; public_id: string } }>("POST", "/create-admission-form", {
    title,
    amount: 0,
    cbt_enabled: cbt,
    status: "active",
  });
  expect(form.status).toBe(201);
  return form;
}
