import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { sessionOptions } from "../../contract/calendar";
import { SETTINGS_MESSAGES as M } from "../../contract/settings";
import { expectAccessible } from "./support/axe";
import { addStudentsViaApi, apiToken, logIn, registerSchoolViaApi } from "./support/school";

/**
 * The settings screens in Chromium. The `js` project drives them with scripts: sections on the main view
 * (removals confirmed in a dialog), a section's classes and subjects, the report sheet, whose lists
 * are edited in the page, and the grading; each change ends with the toast on the main view and is still there after a
 * reload, and every page visited is checked with axe. The `no-js` project runs the one smoke test tagged
 * `@no-js`, which walks every screen with JavaScript off and checks each state with axe. The JS-off
 * flows themselves, message by message, are form tests over HTTP: tests/forms/settings.test.ts.
 */
const SAVED = "Settings updated successfully!";
const UNSAVED = "Changes are not saved yet.";

async function signIn(page: Page, request: Parameters<typeof registerSchoolViaApi>[0]) {
  const school = await registerSchoolViaApi(request, "Settings");
  await logIn(page, school);
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  return school;
}

async function expectSaved(page: Page) {
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByTestId("toast")).toHaveText(SAVED);
}

const sectionChips = (page: Page) => page.getByTestId("sections").getByRole("listitem");

/** Confirms a removal in its dialog, checked with axe. */
async function confirmRemoval(page: Page, trigger: Locator) {
  await trigger.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText(/its subjects are removed too/)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Remove", exact: true }).click();
}

test.describe("settings main view", () => {
  test("shows the default sections, adds one and removes sections", async ({ page, request }) => {
    await signIn(page, request);
    await expect(page.getByRole("link", { name: "‹ Back" })).toHaveAttribute("href", "/admin/dashboard");
    await expect(sectionChips(page)).toHaveText(
      ["Early Childhood", "Primary", "Junior Secondary", "Senior Secondary"].map((s) => new RegExp(`^${s}`)),
    );
    for (const section of ["Early Childhood", "Primary", "Junior Secondary", "Senior Secondary"]) {
      await expect(page.getByRole("link", { name: `${section} Subjects` })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Report Sheet Columns" })).toBeVisible();
    await expectAccessible(page);

    const input = page.getByLabel("New section");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(input).toHaveAccessibleDescription("Section name is required");
    await input.fill(" primary ");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(input).toHaveAccessibleDescription("Section names must be unique");
    await expect(input).toHaveValue(" primary ");
    await expectAccessible(page);

    await input.fill("Vocational");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expectSaved(page);
    await expect(page.getByRole("link", { name: "Vocational Subjects" })).toBeVisible();
    await page.reload();
    await expect(sectionChips(page)).toHaveCount(5);
    await expect(sectionChips(page).last()).toHaveText(/^Vocational/);

    // A section without classes goes at once.
    await page.getByRole("button", { name: "Remove Vocational" }).click();
    await expectSaved(page);
    await page.reload();
    await expect(sectionChips(page)).toHaveCount(4);
    await expect(page.getByRole("link", { name: "Vocational Subjects" })).toHaveCount(0);

    // A section with classes asks first, since its classes go with it.
    await confirmRemoval(page, page.getByRole("link", { name: "Remove Early Childhood" }));
    await expectSaved(page);
    await page.reload();
    await expect(sectionChips(page)).toHaveText([/^Primary/, /^Junior Secondary/, /^Senior Secondary/]);
    await expect(page.getByRole("link", { name: "Early Childhood Subjects" })).toHaveCount(0);
  });

  test("cancelling a removal keeps the section", async ({ page, request }) => {
    await signIn(page, request);
    await page.getByRole("link", { name: "Remove Primary" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await page.goto("/admin/settings");
    await expect(sectionChips(page)).toHaveCount(4);
  });
});

test.describe("section view", () => {
  test("edits a section's classes and subjects", async ({ page, request }) => {
    await signIn(page, request);
    await page.getByRole("link", { name: "Junior Secondary Subjects" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/section\?name=Junior%20Secondary$/);
    await expect(page.getByRole("heading", { level: 1, name: "Junior Secondary Subjects" })).toBeVisible();
    await expect(page.getByRole("link", { name: "‹ Back" })).toHaveAttribute("href", "/admin/settings");
    const classes = page.getByTestId("classes").getByRole("textbox", { name: /^Class \d+ name$/ });
    await expect(classes).toHaveCount(3);
    await expect(page.getByLabel("Class 1 name")).toHaveValue("JSS1");
    await expect(page.getByRole("checkbox", { name: "Basic Technology" })).toBeChecked();
    await expect(page.getByLabel("Further Mathematics", { exact: true })).not.toBeChecked();
    await expect(page.getByLabel("Further Mathematics", { exact: true })).toBeHidden();
    // The save button is in sight from the start, in its bar above the quick links.
    await expect(page.getByRole("button", { name: "Save & Back to Settings" })).toBeInViewport();
    await expect(page.getByTestId("save-bar")).not.toContainText(UNSAVED);
    await expectAccessible(page);

    // List edits happen in the page; only "Save & Back to Settings" posts.
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });

    const newClass = page.getByLabel("New class");
    await page.getByRole("button", { name: "Add class" }).click();
    await expect(newClass).toHaveAccessibleDescription("Class name is required");
    await newClass.fill("ss1");
    await page.getByRole("button", { name: "Add class" }).click();
    await expect(newClass).toHaveAccessibleDescription("Class names must be unique");
    await expect(newClass).toHaveValue("ss1");
    await expectAccessible(page);

    await newClass.fill("JSS4");
    await page.getByRole("button", { name: "Add class" }).click();
    await expect(classes).toHaveCount(4);
    await expect(page.getByLabel("Class 4 name")).toHaveValue("JSS4");
    await expect(page.getByLabel("New class")).toHaveValue("");
    await expect(page.getByTestId("save-bar")).toContainText(UNSAVED);

    // Leaving with the class not saved asks first; Cancel stays with everything kept.
    await page.getByRole("link", { name: "‹ Back" }).click();
    const leave = page.getByRole("dialog", { name: "Leave without saving?" });
    await expect(leave).toBeVisible();
    await expectAccessible(page);
    await leave.getByRole("button", { name: "Cancel" }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(/section\?name=/);
    await expect(page.getByLabel("Class 4 name")).toHaveValue("JSS4");

    // Neither the sticky bar nor the quick links cover a field scrolled up from below, down to the last one.
    for (const label of ["New class", "New subject"]) {
      const covered = await page.getByLabel(label).evaluate((field) => {
        field.scrollIntoView({ block: "end" });
        const box = field.getBoundingClientRect();
        return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) !== field;
      });
      expect(covered, label).toBe(false);
    }

    // Enter in the new-class box adds the class too, and saves nothing.
    await page.getByLabel("New class").fill("JSS5");
    await page.getByLabel("New class").press("Enter");
    await expect(classes).toHaveCount(5);
    await expect(page).toHaveURL(/section\?name=/);

    await page.getByLabel("Class 3 name").fill("JSS 3");
    await page.getByRole("button", { name: "Remove JSS5" }).click();
    await expect(classes).toHaveCount(4);
    await page.getByRole("button", { name: "Remove JSS1" }).click();
    await expect(classes).toHaveCount(3);
    await expect(page.getByLabel("Class 2 name")).toHaveValue("JSS 3");

    await page.getByRole("checkbox", { name: "French", exact: true }).uncheck();
    // The subjects not taught are folded; the find box narrows the list and opens them.
    await page.getByLabel("Find a subject").fill("math");
    await expect(page.getByLabel("French", { exact: true })).toBeHidden();
    await page.getByRole("checkbox", { name: "Further Mathematics" }).check();
    await page.getByLabel("Find a subject").fill("");
    await page.getByLabel("New subject").fill("mathematics");
    await page.getByRole("button", { name: "Add subject" }).click();
    await expect(page.getByLabel("New subject")).toHaveAccessibleDescription("Subjects must be unique");
    await page.getByLabel("New subject").fill("Robotics");
    await page.getByRole("button", { name: "Add subject" }).click();
    await expect(page.getByRole("checkbox", { name: "Robotics" })).toBeChecked();
    await expect(page.getByLabel("French", { exact: true })).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Further Mathematics" })).toBeChecked();

    // A blank class name is refused beside it, with the rest kept.
    await page.getByLabel("Class 1 name").fill(" ");
    await page.getByRole("button", { name: "Save & Back to Settings" }).click();
    await expect(page.getByLabel("Class 1 name")).toHaveAccessibleDescription("Class name is required");
    await expect(page.getByLabel("Class 2 name")).toHaveValue("JSS 3");
    await expect(page.getByRole("checkbox", { name: "Robotics" })).toBeChecked();
    await expectAccessible(page);

    await page.getByLabel("Class 1 name").fill("JSS2");
    expect(posts).toHaveLength(1);
    await page.getByRole("button", { name: "Save & Back to Settings" }).click();
    await expectSaved(page);

    await page.reload();
    await page.getByRole("link", { name: "Junior Secondary Subjects" }).click();
    await expect(classes).toHaveCount(3);
    await expect(page.getByLabel("Class 1 name")).toHaveValue("JSS2");
    await expect(page.getByLabel("Class 2 name")).toHaveValue("JSS 3");
    await expect(page.getByLabel("Class 3 name")).toHaveValue("JSS4");
    await expect(page.getByRole("checkbox", { name: "Robotics" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Further Mathematics" })).toBeChecked();
    await expect(page.getByLabel("French", { exact: true })).not.toBeChecked();
  });

  test("a renamed class keeps its students, and a removed row's name is not taken for a rename", async ({
    page,
    request,
  }) => {
    const school = await signIn(page, request);
    expect(await addStudentsViaApi(request, school, ["Female"])).toBe(true);
    const token = await apiToken(request, school);
    for (const [name, selectedClass] of [
      ["Obi in JSS2", "JSS2"],
      ["Eze in JSS3", "JSS3"],
    ]) {
      const response = await request.post(`/api/admin/${school.uniqueId}/students`, {
        headers: { Authorization: `Bearer ${token}` },
        data: { student_data: { name, selectedClass, gender: "Male", phone_number: "08031234567" } },
      });
      expect(response.status(), await response.text()).toBe(201);
    }
    await page.getByRole("link", { name: "Junior Secondary Subjects" }).click();
    // Remove JSS2, then type a new name over JSS3's row and over JSS1's: only those two are renames.
    await page.getByRole("button", { name: "Remove JSS2" }).click();
    await expect(page.getByTestId("classes").getByRole("textbox", { name: /^Class \d+ name$/ })).toHaveCount(2);
    await page.getByLabel("Class 1 name").fill("Year 7");
    await page.getByLabel("Class 2 name").fill("Year 9");
    await page.getByRole("button", { name: "Save & Back to Settings" }).click();
    await expectSaved(page);

    await page.goto("/admin/students?class=Year%207");
    await expect(page.getByRole("list", { name: "Students" }).getByRole("listitem")).toHaveCount(1);
    await expect(page.getByRole("list", { name: "Students" })).toContainText("Pupil 1");
    await expect(page.getByRole("list", { name: "Students" })).toContainText("Year 7");
    await expect(page.getByLabel("Class")).toHaveValue("Year 7");
    await page.goto("/admin/students?class=Year%209");
    await expect(page.getByRole("list", { name: "Students" }).getByRole("listitem")).toHaveCount(1);
    await expect(page.getByRole("list", { name: "Students" })).toContainText("Eze in JSS3");
    // JSS2 was removed, not renamed: its student keeps the old class.
    await page.goto("/admin/students?q=Obi%20in");
    await expect(page.getByRole("list", { name: "Students" })).toContainText("JSS2");
  });

  test("an unknown section is not found", async ({ page, request }) => {
    await signIn(page, request);
    const response = await page.goto("/admin/settings/section?name=Nowhere");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Section not found" })).toBeVisible();
  });
});

test.describe("report sheet view", () => {
  test("edits every report sheet field", async ({ page, request }) => {
    await signIn(page, request);
    await page.getByRole("link", { name: "Report Sheet Columns" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/report-sheet$/);
    await expect(page.getByRole("heading", { level: 1, name: "Report Sheet Columns" })).toBeVisible();
    await expect(page.getByRole("link", { name: "‹ Back" })).toHaveAttribute("href", "/admin/settings");
    const group = (name: string) => page.getByRole("group", { name, exact: true });
    await expect(group("Add position").getByLabel("Yes")).toBeChecked();
    await expect(group("Enable extra inputs").getByLabel("No")).toBeChecked();
    await expect(group("Mid-term columns").getByRole("listitem")).toHaveText(
      ["1st CA", "2nd CA"].map((c) => new RegExp(`^${c}`)),
    );
    await expectAccessible(page);

    // Lists: add, refuse a repeat, remove.
    const midTerm = page.getByLabel("New mid-term column");
    await midTerm.fill("1st ca");
    await page.getByRole("button", { name: "Add mid-term column" }).click();
    await expect(page.getByLabel("New mid-term column")).toHaveAccessibleDescription("Column names must be unique");
    await page.getByLabel("New mid-term column").fill("Project");
    await page.getByRole("button", { name: "Add mid-term column" }).click();
    await expect(group("Mid-term columns").getByRole("listitem")).toHaveCount(3);
    await group("Mid-term columns").getByRole("button", { name: "Remove 2nd CA" }).click();
    await expect(group("Mid-term columns").getByRole("listitem")).toHaveText([/^1st CA/, /^Project/]);

    await page.getByRole("button", { name: "Add extra input" }).click();
    await expect(page.getByLabel("New extra input")).toHaveAccessibleDescription("Input name is required");
    await expectAccessible(page);
    await page.getByLabel("New extra input").fill("Class Teacher's Remark");
    await page.getByLabel("New extra input").press("Enter");
    await expect(group("Extra inputs").getByRole("listitem")).toHaveText([/^Class Teacher's Remark/]);

    await group("Exam columns").getByRole("button", { name: "Remove Exam" }).click();
    await expect(group("Exam columns").getByRole("listitem")).toHaveCount(2);
    await page.getByLabel("New exam column").fill("Examination");
    await page.getByRole("button", { name: "Add exam column" }).click();
    await expect(group("Exam columns").getByRole("listitem")).toHaveCount(3);
    await page.getByLabel("New child development input").fill("Honesty");
    await page.getByRole("button", { name: "Add child development input" }).click();
    await expect(group("Child development inputs").getByRole("listitem")).toHaveCount(6);
    await group("Child development inputs").getByRole("button", { name: "Remove Neatness" }).click();
    await expect(group("Child development inputs").getByRole("listitem")).toHaveCount(5);

    await group("Add position").getByLabel("No").check();
    await group("Include attendance").getByLabel("No").check();
    await group("Enable extra inputs").getByLabel("Yes").check();
    await group("Enable child development").getByLabel("No").check();
    await group("School signature").getByLabel("No").check();
    await group("Current term").getByLabel("2nd Term").check();
    const session = sessionOptions(new Date())[0];
    await page.getByLabel("Current session").selectOption(session);

    await page.getByRole("button", { name: "Save & Back to Settings" }).click();
    await expectSaved(page);

    await page.reload();
    await page.getByRole("link", { name: "Report Sheet Columns" }).click();
    await expect(group("Add position").getByLabel("No")).toBeChecked();
    await expect(group("Include attendance").getByLabel("No")).toBeChecked();
    await expect(group("Enable extra inputs").getByLabel("Yes")).toBeChecked();
    await expect(group("Enable child development").getByLabel("No")).toBeChecked();
    await expect(group("School signature").getByLabel("No")).toBeChecked();
    await expect(group("Current term").getByLabel("2nd Term")).toBeChecked();
    await expect(page.getByLabel("Current session")).toHaveValue(session);
    await expect(group("Mid-term columns").getByRole("listitem")).toHaveText([/^1st CA/, /^Project/]);
    await expect(group("Exam columns").getByRole("listitem")).toHaveText([/^1st CA/, /^2nd CA/, /^Examination/]);
    await expect(group("Extra inputs").getByRole("listitem")).toHaveText([/^Class Teacher's Remark/]);
    await expect(group("Child development inputs").getByRole("listitem")).toHaveText([
      /^Punctuality/,
      /^Politeness/,
      /^Attentiveness/,
      /^Relationship with Others/,
      /^Honesty/,
    ]);

    // A change not saved: leaving by the quick links asks first, and "Leave without saving" leaves it unsaved.
    await group("School signature").getByLabel("Yes").check();
    await page.getByRole("navigation", { name: "Quick links" }).getByRole("link", { name: "Dashboard" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Leave without saving" }).click();

    // The dashboard shows the school's own term and session.
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByTestId("term")).toHaveText("2nd Term");
    await expect(page.getByTestId("session")).toHaveText(session);
  });
});

test.describe("grading view", () => {
  test("a wrong total is named beside the maxima, the save bar says what is unsaved, and a good split saves", async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await page.getByRole("link", { name: "Grading" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/grading$/);
    await expect(page.getByRole("heading", { level: 1, name: "Grading" })).toBeVisible();
    await expectAccessible(page);

    await page.locator("summary", { hasText: /^Primary$/ }).click();
    const maxima = page.getByRole("group", { name: "Primary score maxima" });
    await maxima.getByLabel("1st CA").fill("10");
    await expect(page.getByTestId("save-bar")).toContainText(UNSAVED);
    await page.getByRole("button", { name: "Save & Back to Settings" }).click();
    await expect(maxima).toHaveAccessibleDescription(M.examMaximaTotal(90));
    await expect(maxima.getByLabel("1st CA")).toBeFocused();
    await expectAccessible(page);

    await maxima.getByLabel("1st CA").fill("30");
    await maxima.getByLabel("2nd CA").fill("10");
    await page.getByRole("button", { name: "Save & Back to Settings" }).click();
    await expectSaved(page);
  });
});

test(
  "no-js smoke: sections and a removal's confirm page, a section's lists and the report sheet by Add, Remove and Save",
  { tag: "@no-js" },
  async ({ page, request }) => {
    await signIn(page, request);
    await expectAccessible(page);
    const newSection = page.getByLabel("New section");
    await newSection.fill("Primary");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(newSection).toHaveAccessibleDescription("Section names must be unique");
    await expectAccessible(page);
    await newSection.fill("Vocational");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expectSaved(page);

    await page.getByRole("link", { name: "Remove Early Childhood" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\?remove=/);
    await expect(page.getByText(/its subjects are removed too/)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("main").getByRole("button", { name: "Remove", exact: true }).click();
    await expectSaved(page);
    await expect(sectionChips(page)).toHaveText([/^Primary/, /^Junior Secondary/, /^Senior Secondary/, /^Vocational/]);

    // Each Add and Remove posts the form and gets it back redrawn; Enter presses the hidden Add first in the form.
    await page.getByRole("link", { name: "Junior Secondary Subjects" }).click();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Add class" }).click();
    await expect(page.getByLabel("New class")).toHaveAccessibleDescription("Class name is required");
    await expectAccessible(page);
    await page.getByLabel("New class").fill("JSS4");
    await page.getByLabel("New class").press("Enter");
    await expect(page.getByLabel("Class 4 name")).toHaveValue("JSS4");
    await expect(page).toHaveURL(/section\?name=/);
    await page.getByRole("button", { name: "Remove JSS1" }).click();
    await expect(page.getByTestId("classes").getByRole("textbox", { name: /^Class \d+ name$/ })).toHaveCount(3);
    await page.getByLabel("Class 1 name").fill(" ");
    await page.getByRole("button", { name: "Save & Back to Settings" }).click();
    await expect(page.getByLabel("Class 1 name")).toHaveAccessibleDescription("Class name is required");
    await expectAccessible(page);
    await page.getByLabel("Class 1 name").fill("JSS2");
    await page.getByRole("button", { name: "Save & Back to Settings" }).click();
    await expectSaved(page);

    // Without scripts the toast stays until dismissed, over what lies beneath it: open the view afresh.
    await page.goto("/admin/settings");
    await page.getByRole("link", { name: "Report Sheet Columns" }).click();
    await expectAccessible(page);
    const group = (name: string) => page.getByRole("group", { name, exact: true });
    await page.getByRole("button", { name: "Add extra input" }).click();
    await expect(page.getByLabel("New extra input")).toHaveAccessibleDescription("Input name is required");
    await expectAccessible(page);
    await page.getByLabel("New extra input").fill("Class Teacher's Remark");
    await page.getByLabel("New extra input").press("Enter");
    await expect(group("Extra inputs").getByRole("listitem")).toHaveText([/^Class Teacher's Remark/]);
    await group("Mid-term columns").getByRole("button", { name: "Remove 2nd CA" }).click();
    await expect(group("Mid-term columns").getByRole("listitem")).toHaveText([/^1st CA/]);
    await group("Current term").getByLabel("2nd Term").check();
    await page.getByRole("button", { name: "Save & Back to Settings" }).click();
    await expectSaved(page);
  },
);
