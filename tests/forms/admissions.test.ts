import { describe, expect, it } from "vitest";
import { logoPng, type UploadFile } from "../e2e/support/files";
import { Browser, normalize, type Page } from "./support/browser";
import { baseUrl, registerSchool, signedIn, type Admin } from "./support/school";

/**
 * Admissions with JavaScript off: the admin's forms and submissions (plain POST forms to activate and
 * deactivate, a GET form to filter, a confirm page for Delete, the review in the same tab), and the public
 * application page, a multipart form whose refusal keeps every answer but the documents.
 */

function pdf(name: string): UploadFile {
  return { name, mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%%%%%%%%%%%%%%%%%%%\n%%EOF\n") };
}
const fakePicture: UploadFile = {
  name: "passport.png",
  mimeType: "image/png",
  buffer: Buffer.from("plain text pretending to be a picture\n"),
};

async function createForm(school: Admin, title: string) {
  const response = await school.api<{ data: { id: number; public_id: string } }>("POST", "/create-admission-form", {
    title,
    amount: 2500,
    status: "active",
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data;
}

async function applyThroughApi(publicId: string, firstName: string) {
  const body = new FormData();
  const answers = {
    surname: "Okoro",
    firstName,
    dateOfBirth: "2013-05-01",
    gender: "Male",
    homeAddress: "3 Market Road, Aba",
    phoneNumber: "0803 111 2233",
    emailAddress: "okoro@example.ng",
    classApplyingInto: "JSS2",
    parentName: "Mr. Okoro",
    relationshipToApplicant: "Father",
  };
  for (const [name, value] of Object.entries(answers)) body.set(name, value);
  const response = await fetch(`${baseUrl()}/api/public/admission-forms/${publicId}/submissions`, {
    method: "POST",
    body,
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

type SubmissionList = { total: number; data: Array<{ status: string; student_name: string }> };
const listSubmissions = async (school: Admin) =>
  (await school.api<{ data: SubmissionList }>("GET", "/submissions")).body.data;

const card = (title: string) => `article[aria-label="${title}"]`;
const submissionRows = (page: Page) => page.listItems("Submissions");

function fillApplication(page: Page, firstName: string) {
  return page
    .form({ button: "Submit Application" })
    .fill("Surname", "Adeyemi")
    .fill("First name", firstName)
    .fill("Date of birth", "2014-03-09")
    .select("Gender", "Female")
    .fill("Home address", "14 Awolowo Road, Ikoyi")
    .fill("Phone number", "0803 444 5566")
    .fill("Email address", "adeyemi.family@example.ng")
    .select("Class applying into", "JSS1")
    .fill("Parent or guardian's name", "Mrs. Bisi Adeyemi")
    .fill("Relationship to applicant", "Mother")
    .fill("Hobbies (optional)", "Reading");
}

describe("admissions without JavaScript", () => {
  it("create a form, apply with a bad then a good document, review, approve, find the new student", async () => {
    const school = await registerSchool("Admissions");
    const browser = await signedIn(school);
    let page = await browser.goto("/admin/admission-forms");
    expect(page.heading()).toBe("Admission");
    expect(page.text()).toContain("No admission forms yet");

    page = await page.follow("Create Form");
    expect(page.path).toBe("/admin/admission-forms/create");
    page = await page.form({ button: "Create Form" }).fill("Application fee (₦)", "5000").submit("Create Form");
    expect(page.status).toBe(400);
    expect(page.field("Title").description).toBe("Title is required");
    expect(page.field("Application fee (₦)").value).toBe("5000");
    page = await page.form({ button: "Create Form" }).fill("Title", "2026/2027 Entrance").submit("Create Form");
    expect(page.path).toBe("/admin/admission-forms");
    expect(page.toast()).toBe("Admission instance created successfully!");
    expect(page.text(card("2026/2027 Entrance"))).toContain("₦5,000.00");
    expect(page.text(card("2026/2027 Entrance"))).toContain("Active");

    const link = page.field("Public link", page.document.querySelector(card("2026/2027 Entrance"))!).value;
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/apply\/[a-f0-9]{64}$/);
    // Copying needs a script: without one the link is only there to select.
    expect(page.buttons(/Copy/)).toHaveLength(0);

    // Closed while inactive.
    page = await page.press("Deactivate 2026/2027 Entrance");
    expect(page.toast()).toBe("Form deactivated successfully");
    expect(page.text(card("2026/2027 Entrance"))).toContain("Inactive");
    const applicant = new Browser(baseUrl());
    let application = await applicant.goto(new URL(link).pathname);
    expect(application.heading()).toBe("This admission form is closed.");
    expect(application.text()).toContain(school.account.schoolName);
    page = await page.press("Activate 2026/2027 Entrance");
    expect(page.toast()).toBe("Form activated successfully");

    // The applicant: a refused document keeps every other answer, and nothing is stored.
    application = await applicant.goto(new URL(link).pathname);
    expect(application.heading()).toBe("2026/2027 Entrance");
    expect(application.text()).toContain("₦5,000.00");
    for (const group of ["Personal", "Parent or guardian", "Additional", "Documents"])
      expect(application.group(group)).toBeTruthy();
    application = await fillApplication(application, "Tolu")
      .attach("Passport photograph (optional)", fakePicture)
      .attach("Birth certificate (optional)", pdf("birth.pdf"))
      .submit("Submit Application");
    expect(application.status).toBe(422);
    expect(application.field("Passport photograph (optional)").description).toMatch(
      /^Upload a picture \(PNG, JPEG, GIF or WebP\) or a PDF\./,
    );
    expect(application.field("Passport photograph (optional)").invalid).toBe(true);
    expect(application.field("First name").value).toBe("Tolu");
    expect(application.field("Class applying into").value).toBe("JSS1");
    expect(application.field("Hobbies (optional)").value).toBe("Reading");
    // The browser has emptied the file inputs: the page says to choose the documents again.
    expect(application.text()).toContain("Choose your documents again");
    expect((await listSubmissions(school)).total).toBe(0);

    application = await application
      .form({ button: "Submit Application" })
      .attach("Passport photograph (optional)", logoPng("passport.png"))
      .attach("Birth certificate (optional)", pdf("birth.pdf"))
      .submit("Submit Application");
    expect(application.heading()).toBe("Your application has been submitted.");
    expect(normalize(application.byTestId("application-reference")?.textContent)).toMatch(/^ADM-[A-Z2-9]{8}$/);

    // The admin reviews and approves.
    page = await browser.goto("/admin/admission-forms");
    expect(page.text(card("2026/2027 Entrance"))).toContain("Submissions1");
    page = await page.follow("Submissions");
    expect(page.url.searchParams.get("tab")).toBe("submissions");
    const row = submissionRows(page).find((text) => text.includes("Tolu Adeyemi"));
    expect(row).toContain("2026/2027 Entrance · JSS1");
    expect(row).toContain("Pending");

    let review = await page.follow("Tolu Adeyemi");
    expect(review.path).toMatch(new RegExp(`^/submission-review/${school.account.uniqueId}/\\d+$`));
    expect(review.heading()).toBe("Tolu Adeyemi");
    expect(review.headings(2)).toEqual(
      expect.arrayContaining(["Personal", "Parent or guardian", "Additional", "Documents"]),
    );
    expect(review.text()).toContain("Mrs. Bisi Adeyemi");
    // Dates read like "9 Mar 2014": the date of birth answered, and when the submission came in.
    expect(review.text()).toContain("9 Mar 2014");
    expect(review.text()).not.toContain("2014-03-09");
    expect(review.text("main header")).toMatch(
      /Reference ADM-[A-Z2-9]{8} · \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}/,
    );
    const document = await review.follow("View File (Passport photograph)");
    expect(document.headers.get("content-disposition")).toMatch(/^attachment; filename="passport\.png"/);
    expect(document.bytes?.equals(logoPng("passport.png").buffer)).toBe(true);

    // Approve asks first, on a page that says what will happen; Cancel goes back with nothing done.
    const reviewPath = review.path;
    let confirm = await review.follow("Approve");
    expect(confirm.path).toBe(`${reviewPath}/approve`);
    expect(confirm.heading()).toBe("Approve application");
    expect(confirm.text()).toContain(
      "Tolu Adeyemi will be added to JSS1 as a student, with Mrs. Bisi Adeyemi as their parent or guardian " +
        "(the school's parent with the same phone number or email, else a new parent). This cannot be undone.",
    );
    review = await confirm.follow("Cancel");
    expect(review.path).toBe(reviewPath);
    expect(review.text("main header")).toContain("Pending");
    confirm = await review.follow("Approve");
    // Sent twice at once: one student, and the toast says who joined which class.
    const approveForm = confirm.form({ button: "Approve" });
    const approvals = await Promise.all([approveForm.submit("Approve"), approveForm.submit("Approve")]);
    expect(approvals.map((page) => page.path)).toEqual([reviewPath, reviewPath]);
    expect(approvals.map((page) => page.toast())).toContain("Tolu Adeyemi was added to JSS1 as a student");
    review = await browser.goto(reviewPath);
    expect(review.text("main header")).toContain("Approved");
    expect(review.links("Approve")).toHaveLength(0);
    expect(review.links("Reject")).toHaveLength(0);
    // The confirm page of a reviewed submission leads back to its review.
    expect((await browser.goto(`${reviewPath}/reject`)).path).toBe(reviewPath);

    const student = await review.follow("Open the student record");
    expect(student.field("Name").value).toBe("Tolu Adeyemi");
    expect((await browser.goto("/admin/students")).links(/Tolu Adeyemi/)).not.toHaveLength(0);
    expect((await browser.goto("/admin/parents")).text()).toContain("Mrs. Bisi Adeyemi");
  });

  it("reject a submission; filter submissions by status; delete a form after its confirm page", async () => {
    const school = await registerSchool("Rejects");
    const form = await createForm(school, "Transfer Students");
    await applyThroughApi(form.public_id, "Emeka");
    const browser = await signedIn(school);
    let page = await browser.goto("/admin/admission-forms?tab=submissions");
    let review = await page.follow("Emeka Okoro");
    expect(review.text("main header")).toContain("Pending");
    const confirm = await review.follow("Reject");
    expect(confirm.heading()).toBe("Reject application");
    expect(confirm.text()).toContain(
      "The application of Emeka Okoro will be marked rejected and kept with the submissions; no student is added. " +
        "This cannot be undone.",
    );
    review = await confirm.press("Reject");
    expect(review.toast()).toBe("The application of Emeka Okoro was rejected");
    expect(review.text("main header")).toContain("Rejected");
    expect(review.links("Reject")).toHaveLength(0);
    expect((await school.api<{ data: { total: number } }>("GET", "/students")).body.data.total).toBe(0);
    expect((await listSubmissions(school)).data[0].status).toBe("rejected");

    page = await browser.goto("/admin/admission-forms?tab=submissions");
    page = await page.form({ button: "Filter" }).select("Status", "pending").submit("Filter");
    expect(page.url.searchParams.get("status")).toBe("pending");
    expect(page.text()).toContain("No submissions match these filters");
    page = await page.form({ button: "Filter" }).select("Status", "rejected").submit("Filter");
    expect(submissionRows(page)).toHaveLength(1);
    expect(submissionRows(page)[0]).toContain("Emeka Okoro");
    expect(submissionRows(page)[0]).toContain("Rejected");

    page = await browser.goto("/admin/admission-forms");
    page = await page.follow("Delete Transfer Students");
    expect(page.heading()).toBe("Delete admission form");
    page = await page.press("Delete");
    expect(page.path).toBe("/admin/admission-forms");
    expect(page.toast()).toBe("Admission form deleted successfully");
    expect(page.text()).toContain("No admission forms yet");
    expect((await new Browser(baseUrl()).goto(`/apply/${form.public_id}`)).heading()).toBe(
      "This admission form is closed.",
    );
  });

  it("'No submission data found' for a submission that does not exist", async () => {
    const school = await registerSchool("Missing");
    const browser = await signedIn(school);
    const page = await browser.goto(`/submission-review/${school.account.uniqueId}/999999`);
    expect(page.status).toBe(404);
    expect(page.heading()).toBe("No submission data found");
    expect(page.document.querySelector('nav[aria-label="Admin menu"]')).not.toBeNull();
    // So are the confirm pages of Approve and Reject, for it and for another school's submission.
    const other = await registerSchool("Other admissions");
    const form = await createForm(other, "Other Entrance");
    await applyThroughApi(form.public_id, "Musa");
    const [theirs] = (await other.api<{ data: { data: Array<{ id: number }> } }>("GET", "/submissions")).body.data.data;
    for (const path of [
      `/submission-review/${school.account.uniqueId}/999999/approve`,
      `/submission-review/${school.account.uniqueId}/${theirs.id}/reject`,
      `/submission-review/${other.account.uniqueId}/${theirs.id}/approve`,
    ]) {
      const confirm = await browser.goto(path);
      expect(confirm.status, path).toBe(404);
      expect(confirm.heading()).toBe("No submission data found");
    }
    expect((await listSubmissions(other)).data[0].status).toBe("pending");
  });
});
