import type { APIRequestContext, Browser, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectAccessible } from "./support/axe";
import { logoPng, type UploadFile } from "./support/files";
import { signedIn } from "./support/school";

/**
 * Admissions in Chromium: an admin creates a form, an applicant (no login) applies on its public page,
 * first with a document the page refuses, then with a good one; the admin reviews in a new tab and
 * approves (the student appears among the students) or rejects, each after a confirmation. The `js` project
 * drives what scripts add (Copy, instant filters, the review's new tab, dialogs); the `no-js` project runs the one smoke test
 * tagged `@no-js`, which walks every screen with JavaScript off and checks each state with axe. The JS-off
 * flows themselves are form tests over HTTP: tests/forms/admissions.test.ts.
 */

test.describe.configure({ timeout: 150_000 });

type Admin = Awaited<ReturnType<typeof signedIn>>;
const toast = (page: Page) => page.getByTestId("toast");

function pdf(name: string): UploadFile {
  return { name, mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%%%%%%%%%%%%%%%%%%%\n%%EOF\n") };
}
const fakePicture: UploadFile = {
  name: "passport.png",
  mimeType: "image/png",
  buffer: Buffer.from("plain text pretending to be a picture\n"),
};

/** A browser page of someone who never logged in. */
async function applicantPage(browser: Browser, info: TestInfo): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    baseURL: info.project.use.baseURL,
  });
  return context.newPage();
}

async function fillApplication(page: Page, firstName: string) {
  await page.getByLabel("Surname").fill("Adeyemi");
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Date of birth").fill("2014-03-09");
  await page.getByLabel("Gender").selectOption("Female");
  await page.getByLabel("Home address").fill("14 Awolowo Road, Ikoyi");
  await page.getByLabel("Phone number").fill("0803 444 5566");
  await page.getByLabel("Email address").fill("adeyemi.family@example.ng");
  await page.getByLabel("Class applying into").selectOption("JSS1");
  await page.getByLabel("Parent or guardian's name").fill("Mrs. Bisi Adeyemi");
  await page.getByLabel("Relationship to applicant").fill("Mother");
  await page.getByLabel("Hobbies (optional)").fill("Reading");
}

async function createFormViaApi(request: APIRequestContext, admin: Admin, title: string) {
  const response = await request.post(`/api/admin/${admin.account.uniqueId}/create-admission-form`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { title, amount: 2500, status: "active" },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data as { id: number; public_id: string };
}

async function applyViaApi(request: APIRequestContext, publicId: string, firstName: string) {
  const response = await request.post(`/api/public/admission-forms/${publicId}/submissions`, {
    multipart: {
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
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Opens a submission's review, which opens in a new tab (spec section 2). */
async function openReview(page: Page, name: string): Promise<Page> {
  const [review] = await Promise.all([page.context().waitForEvent("page"), page.getByRole("link", { name }).click()]);
  await review.waitForLoadState();
  return review;
}

test("create a form, apply with a bad then a good document, review, approve, find the new student", async ({
  page,
  request,
  browser,
}, info) => {
  const admin = await signedIn(page, request, "Admissions");
  await page.goto("/admin/admission-forms");
  await expect(page.getByRole("heading", { level: 1, name: "Admission" })).toBeVisible();
  await expect(page.getByText("No admission forms yet")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Create Form" }).click();
  await expect(page).toHaveURL(/\/admin\/admission-forms\/create$/);
  await page.getByLabel("Application fee (₦)").fill("5000");
  await page.getByRole("button", { name: "Create Form" }).click();
  await expect(page.getByText("Title is required")).toBeVisible();
  await expect(page.getByLabel("Application fee (₦)")).toHaveValue("5000");
  await expectAccessible(page);
  await page.getByLabel("Title").fill("2026/2027 Entrance");
  await page.getByRole("button", { name: "Create Form" }).click();
  await expect(page).toHaveURL(/\/admin\/admission-forms$/);
  await expect(toast(page)).toHaveText("Admission instance created successfully!");
  const card = page.getByRole("article", { name: "2026/2027 Entrance" });
  await expect(card).toContainText("₦5,000.00");
  await expect(card).toContainText("Active");
  await expectAccessible(page);

  const link = await card.getByRole("textbox", { name: "Public link" }).inputValue();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/apply\/[a-f0-9]{64}$/);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await card.getByRole("button", { name: "Copy the public link of 2026/2027 Entrance" }).click();
  await expect(toast(page).filter({ hasText: "Link copied to clipboard!" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // Closed while inactive.
  await card.getByRole("button", { name: "Deactivate 2026/2027 Entrance" }).click();
  await expect(toast(page).filter({ hasText: "Form deactivated successfully" })).toBeVisible();
  await expect(card).toContainText("Inactive");
  const applicant = await applicantPage(browser, info);
  await applicant.goto(new URL(link).pathname);
  await expect(applicant.getByRole("heading", { level: 1, name: "This admission form is closed." })).toBeVisible();
  await expect(applicant.getByText(admin.account.schoolName)).toBeVisible();
  await expectAccessible(applicant);
  await card.getByRole("button", { name: "Activate 2026/2027 Entrance" }).click();
  await expect(toast(page).filter({ hasText: "Form activated successfully" })).toBeVisible();

  // The applicant: a refused document keeps every other answer.
  await applicant.goto(new URL(link).pathname);
  await expect(applicant.getByRole("heading", { level: 1, name: "2026/2027 Entrance" })).toBeVisible();
  await expect(applicant.getByText("₦5,000.00")).toBeVisible();
  for (const group of ["Personal", "Parent or guardian", "Additional", "Documents"])
    await expect(applicant.getByRole("group", { name: group })).toBeVisible();
  await expectAccessible(applicant);
  await fillApplication(applicant, "Tolu");
  await applicant.getByLabel("Passport photograph (optional)").setInputFiles(fakePicture);
  await applicant.getByLabel("Birth certificate (optional)").setInputFiles(pdf("birth.pdf"));
  await applicant.getByRole("button", { name: "Submit Application" }).click();
  await expect(applicant.getByText("Upload a picture (PNG, JPEG, GIF or WebP) or a PDF.")).toBeVisible();
  await expect(applicant.getByLabel("Passport photograph (optional)")).toHaveAttribute("aria-invalid", "true");
  await expect(applicant.getByLabel("Passport photograph (optional)")).toBeFocused();
  await expect(applicant.getByLabel("First name")).toHaveValue("Tolu");
  await expect(applicant.getByLabel("Class applying into")).toHaveValue("JSS1");
  await expect(applicant.getByLabel("Hobbies (optional)")).toHaveValue("Reading");
  // Only a page without JavaScript, whose file inputs the browser has emptied, asks for the documents again.
  await expect(applicant.getByText(/Choose your documents again/)).toHaveCount(0);
  await expectAccessible(applicant);
  await applicant.getByLabel("Passport photograph (optional)").setInputFiles(logoPng("passport.png"));
  await applicant.getByLabel("Birth certificate (optional)").setInputFiles(pdf("birth.pdf"));
  await applicant.getByRole("button", { name: "Submit Application" }).click();
  await expect(
    applicant.getByRole("heading", { level: 1, name: "Your application has been submitted." }),
  ).toBeVisible();
  await expect(applicant.getByTestId("application-reference")).toHaveText(/^ADM-[A-Z2-9]{8}$/);
  await expectAccessible(applicant);
  await applicant.context().close();

  // The admin reviews and approves.
  await page.goto("/admin/admission-forms");
  const entrance = page.getByRole("article", { name: "2026/2027 Entrance" });
  await expect(entrance).toContainText("Submissions1");
  // Once scripts run (they draw Copy), the tab links pointed at become tabs: an arrow key switches, the address follows.
  await expect(entrance.getByRole("button", { name: "Copy the public link of 2026/2027 Entrance" })).toBeVisible();
  await page.getByRole("navigation", { name: "Admission tabs" }).hover();
  await page.getByRole("tab", { name: "Forms" }).press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Submissions" })).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/tab=submissions/);
  const row = page.getByTestId("submission-row").filter({ hasText: "Tolu Adeyemi" });
  await expect(row).toContainText("2026/2027 Entrance · JSS1");
  await expect(row).toContainText("Pending");
  await expectAccessible(page);

  const review = await openReview(page, "Tolu Adeyemi");
  await expect(review).toHaveURL(new RegExp(`/submission-review/${admin.account.uniqueId}/\\d+$`));
  await expect(review.getByRole("heading", { level: 1, name: "Tolu Adeyemi" })).toBeVisible();
  for (const group of ["Personal", "Parent or guardian", "Additional", "Documents"])
    await expect(review.getByRole("heading", { level: 2, name: group })).toBeVisible();
  await expect(review.getByText("Mrs. Bisi Adeyemi")).toBeVisible();
  await expectAccessible(review);
  const [download] = await Promise.all([
    review.waitForEvent("download"),
    review.getByRole("link", { name: "View File (Passport photograph)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("passport.png");

  // Approve asks in a dialog what will happen; Escape keeps the submission pending, then it is approved.
  await review.getByRole("link", { name: "Approve" }).click();
  const approve = review.getByRole("dialog", { name: "Approve application" });
  await expect(approve).toContainText("Tolu Adeyemi will be added to JSS1 as a student, with Mrs. Bisi Adeyemi");
  await expectAccessible(review);
  await review.keyboard.press("Escape");
  await expect(approve).toHaveCount(0);
  await expect(review.getByRole("link", { name: "Approve" })).toBeFocused();
  await expect(review.getByText("Pending", { exact: true })).toBeVisible();
  await review.getByRole("link", { name: "Approve" }).click();
  await review.getByRole("dialog", { name: "Approve application" }).getByRole("button", { name: "Approve" }).click();
  await expect(toast(review).filter({ hasText: "Tolu Adeyemi was added to JSS1 as a student" })).toBeVisible();
  await expect(review.getByText("Approved", { exact: true })).toBeVisible();
  await expect(review.getByRole("link", { name: "Approve" })).toHaveCount(0);
  await expectAccessible(review);

  await review.getByRole("link", { name: "Open the student record" }).click();
  await expect(review.getByLabel("Name")).toHaveValue("Tolu Adeyemi");
  await review.goto("/admin/students");
  await expect(review.getByRole("link", { name: /Tolu Adeyemi/ })).toBeVisible();
  await review.goto("/admin/parents");
  await expect(review.getByText("Mrs. Bisi Adeyemi")).toBeVisible();
});

test("reject a submission; filter submissions by status; delete a form after confirming", async ({ page, request }) => {
  const admin = await signedIn(page, request, "Rejects");
  const form = await createFormViaApi(request, admin, "Transfer Students");
  await applyViaApi(request, form.public_id, "Emeka");
  await page.goto("/admin/admission-forms?tab=submissions");
  const review = await openReview(page, "Emeka Okoro");
  await expect(review.getByText("Pending", { exact: true })).toBeVisible();
  await review.getByRole("link", { name: "Reject" }).click();
  await review.getByRole("dialog", { name: "Reject application" }).getByRole("button", { name: "Reject" }).click();
  await expect(toast(review).filter({ hasText: "The application of Emeka Okoro was rejected" })).toBeVisible();
  await expect(review.getByText("Rejected", { exact: true })).toBeVisible();
  await expect(review.getByRole("link", { name: "Reject" })).toHaveCount(0);
  await expectAccessible(review);

  await page.goto("/admin/admission-forms?tab=submissions");
  await page.getByLabel("Status").selectOption("pending");
  await expect(page).toHaveURL(/status=pending/);
  await expect(page.getByText("No submissions match these filters")).toBeVisible();
  await page.getByLabel("Status").selectOption("rejected");
  await expect(page.getByTestId("submission-row").filter({ hasText: "Emeka Okoro" })).toContainText("Rejected");
  await expectAccessible(page);

  await page.goto("/admin/admission-forms");
  await page.getByRole("link", { name: "Delete Transfer Students" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete admission form" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page).filter({ hasText: "Admission form deleted successfully" })).toBeVisible();
  await expect(page.getByText("No admission forms yet")).toBeVisible();
  await page.goto(`/apply/${form.public_id}`);
  await expect(page.getByRole("heading", { level: 1, name: "This admission form is closed." })).toBeVisible();
});

test("'No submission data found' for a submission that does not exist", async ({ page, request }) => {
  const admin = await signedIn(page, request, "Missing");
  await page.goto(`/submission-review/${admin.account.uniqueId}/999999`);
  await expect(page.getByRole("heading", { name: "No submission data found" })).toBeVisible();
  await expectAccessible(page);
});

test(
  "no-js smoke: forms, the public application page, submissions, the review and the confirm page",
  { tag: "@no-js" },
  async ({ page, request }) => {
    const admin = await signedIn(page, request, "Smoke");
    await page.goto("/admin/admission-forms");
    await expect(page.getByText("No admission forms yet")).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Create Form" }).click();
    await page.getByRole("button", { name: "Create Form" }).click();
    await expect(page.getByLabel("Title")).toHaveAccessibleDescription("Title is required");
    await expectAccessible(page);
    await page.getByLabel("Title").fill("2026/2027 Entrance");
    await page.getByLabel("Application fee (₦)").fill("5000");
    await page.getByRole("button", { name: "Create Form" }).click();
    await expect(toast(page)).toHaveText("Admission instance created successfully!");
    const card = page.getByRole("article", { name: "2026/2027 Entrance" });
    await expect(card).toContainText("₦5,000.00");
    await expectAccessible(page);
    const link = new URL(await card.getByRole("textbox", { name: "Public link" }).inputValue()).pathname;

    // The public page while the form is closed, then open: refused, then sent.
    await card.getByRole("button", { name: "Deactivate 2026/2027 Entrance" }).click();
    await expect(toast(page)).toHaveText("Form deactivated successfully");
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "This admission form is closed." })).toBeVisible();
    await expectAccessible(page);
    await page.goto("/admin/admission-forms");
    await card.getByRole("button", { name: "Activate 2026/2027 Entrance" }).click();
    await expect(toast(page)).toHaveText("Form activated successfully");

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "2026/2027 Entrance" })).toBeVisible();
    await expectAccessible(page);
    await fillApplication(page, "Tolu");
    await page.getByLabel("Passport photograph (optional)").setInputFiles(fakePicture);
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByLabel("Passport photograph (optional)")).toHaveAccessibleDescription(
      /^Upload a picture \(PNG, JPEG, GIF or WebP\) or a PDF\./,
    );
    await expect(page.getByText(/Choose your documents again/)).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Passport photograph (optional)").setInputFiles(logoPng("passport.png"));
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your application has been submitted." })).toBeVisible();
    await expectAccessible(page);

    // The submissions, the review in the same tab, approved.
    await page.goto("/admin/admission-forms?tab=submissions");
    await expect(page.getByTestId("submission-row").filter({ hasText: "Tolu Adeyemi" })).toContainText("Pending");
    await expectAccessible(page);
    await page.getByRole("link", { name: "Tolu Adeyemi" }).click();
    await expect(page).toHaveURL(new RegExp(`/submission-review/${admin.account.uniqueId}/\\d+$`));
    await expectAccessible(page);
    await page.getByRole("link", { name: "Approve" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Approve application" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(toast(page)).toHaveText("Tolu Adeyemi was added to JSS1 as a student");
    await expect(page.getByText("Approved", { exact: true })).toBeVisible();
    await expectAccessible(page);

    await page.goto("/admin/admission-forms?tab=submissions");
    await page.getByLabel("Status").selectOption("approved");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/status=approved/);
    await expect(page.getByTestId("submission-row")).toHaveCount(1);
    await expectAccessible(page);

    await page.goto("/admin/admission-forms");
    await page.getByRole("link", { name: "Delete 2026/2027 Entrance" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Delete admission form" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toHaveText("Admission form deleted successfully");
    await expect(page.getByText("No admission forms yet")).toBeVisible();

    await page.goto(`/submission-review/${admin.account.uniqueId}/999999`);
    await expect(page.getByRole("heading", { name: "No submission data found" })).toBeVisible();
    await expectAccessible(page);
  },
);
