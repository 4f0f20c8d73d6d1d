import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { PAGE_SIZE } from "../../contract/limits";
import { expectAccessible } from "./support/axe";
import { apiToken, registerSchoolViaApi, signedIn, type Admin } from "./support/school";

/**
 * Students and the former-students backlog in Chromium. The `js` project drives what scripts add
 * (dialogs, instant filters, the skeleton); the `no-js` project runs the one smoke test tagged `@no-js`,
 * which walks every screen with JavaScript off and checks each state with axe. The JS-off flows
 * themselves, message by message, are form tests over HTTP: tests/forms/students.test.ts.
 */

let phoneSerial = 0;
async function addViaApi(request: APIRequestContext, admin: Admin, data: Record<string, unknown>) {
  const response = await request.post(`/api/admin/${admin.account.uniqueId}/students`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: {
      student_data: {
        selectedClass: "JSS1",
        gender: "Male",
        phone_number: `0803 111 ${String(1000 + (phoneSerial++ % 9000))}`,
        ...data,
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data as { unique_id: string };
}

async function listViaApi(request: APIRequestContext, admin: Admin, path = "/students") {
  const response = await request.get(`/api/admin/${admin.account.uniqueId}${path}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  return (await response.json()).data as {
    total: number;
    data: Array<{ unique_id: string; student_data: Record<string, unknown> }>;
  };
}

const rows = (page: Page) => page.getByRole("list", { name: "Students" }).getByRole("listitem");
const toast = (page: Page) => page.getByTestId("toast");

/** Opens a row's <details> menu and chooses an action: a dialog with JS, a confirm page without. */
async function rowAction(page: Page, name: string, action: "Delete" | "Add to Backlog") {
  const row = rows(page).filter({ hasText: name });
  await row.getByLabel(`Actions for ${name}`).click();
  await row.getByRole("link", { name: action }).click();
}

test.describe("students list", () => {
  test("searches, filters by class and pages on the server", async ({ page, request }) => {
    const admin = await signedIn(page, request, "List");
    for (let i = 1; i <= PAGE_SIZE + 2; i++) {
      await addViaApi(request, admin, {
        name: `Pupil ${String(i).padStart(2, "0")}`,
        selectedClass: i <= 3 ? "JSS2" : "JSS1",
      });
    }
    await addViaApi(request, admin, {
      name: "Ngozi Okafor",
      gender: "Female",
      selectedClass: "SS3",
      admission: "ADM/77",
      email: "ngozi@school.test",
      phone_number: "0805 987 6543",
    });

    await page.goto("/admin/students");
    await expect(page.getByRole("heading", { level: 1, name: "Students" })).toBeVisible();
    await expect(rows(page)).toHaveCount(PAGE_SIZE);
    const first = rows(page).first();
    await expect(first.getByRole("link")).toHaveAttribute("href", /^\/admin\/update-student\/STU-/);
    await expect(first).toContainText("Ngozi Okafor");
    await expect(first).toContainText("SS3 · Female");
    await expect(first).toContainText("NO");
    await expect(page.getByText(`Page 1 of 2 · ${PAGE_SIZE + 3} in all`)).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Next ›" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows(page)).toHaveCount(3);
    await expect(rows(page).last()).toContainText("Pupil 22");
    await page.getByRole("link", { name: "‹ Previous" }).click();
    await expect(rows(page)).toHaveCount(PAGE_SIZE);

    const search = (text: string) => page.getByLabel("Search", { exact: true }).fill(text);
    for (const text of ["ngozi", "ADM/77", "ngozi@school", "0805 987 6543"]) {
      await search(text);
      await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, "(\\+|%20)")}`));
      await expect(rows(page)).toHaveCount(1);
      await expect(rows(page).first()).toContainText("Ngozi Okafor");
    }
    await search("nobody at all");
    await expect(page.getByText("No students match your search")).toBeVisible();

    await search("");
    await page.getByLabel("Class").selectOption("JSS2");
    await expect(page).toHaveURL(/class=JSS2/);
    await expect(rows(page)).toHaveCount(3);
    await expect(page.getByLabel("Class")).toHaveValue("JSS2");
    await expectAccessible(page);

    await page.getByLabel("Class").selectOption("");
    await expect(rows(page)).toHaveCount(PAGE_SIZE);
  });

  test("shows a loading skeleton while the next page loads", async ({ page, request }) => {
    const admin = await signedIn(page, request, "Skeleton");
    for (let i = 1; i <= PAGE_SIZE + 1; i++) await addViaApi(request, admin, { name: `Pupil ${i}` });
    await page.goto("/admin/students");
    await page.route("**/admin/students.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByRole("link", { name: "Next ›" }).click();
    await expect(page.getByTestId("list-skeleton")).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByTestId("list-skeleton")).toHaveCount(0);
  });

  test("the menu leads to Add Student and Add Bulk Students; the floating button to the backlog", async ({
    page,
    request,
  }) => {
    await signedIn(page, request, "Menu");
    await page.goto("/admin/students");
    await expect(page.getByText("No students yet")).toBeVisible();
    await page.getByLabel("Add students").click();
    await expect(page.getByRole("link", { name: "Add Bulk Students" })).toHaveAttribute(
      "href",
      "/admin/add-bulk-students",
    );
    await page.getByRole("link", { name: "Add Bulk Students" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Add Bulk Students" })).toBeVisible();
    await page.goto("/admin/students");
    await page.getByLabel("Add students").click();
    await page.getByRole("link", { name: "Add Student", exact: true }).first().click();
    await expect(page).toHaveURL(/\/admin\/add-student$/);
    await page.goto("/admin/students");
    await page.getByRole("link", { name: "Students Backlog" }).click();
    await expect(page).toHaveURL(/\/admin\/students-backlog$/);
    await expect(page.getByRole("heading", { level: 1, name: "Students Backlog" })).toBeVisible();
    await expect(page.getByText("No former students yet")).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("add and update", () => {
  test("add: messages beside fields, a bad phone then a good one, subjects of the chosen class", async ({
    page,
    request,
  }) => {
    const admin = await signedIn(page, request, "Add");
    await page.goto("/admin/add-student");
    await expect(page.getByRole("heading", { level: 1, name: "Add Student" })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("button", { name: "Add Student" }).click();
    await expect(page.getByLabel("Name")).toHaveAccessibleDescription("Name is required");
    await expect(page.getByLabel("Class")).toHaveAccessibleDescription("Class is required");
    await expect(page.getByLabel("Gender")).toHaveAccessibleDescription("Gender is required");
    await expect(page.getByLabel("Phone Number")).toHaveAccessibleDescription(/^Phone number is required/);
    await expectAccessible(page);

    await page.getByLabel("Name").fill("Amaka Obi");
    await page.getByLabel("Takes Lesson").check();
    await expect(page.getByText("Select a class first")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("Amaka Obi");

    await page.getByLabel("Class").selectOption("JSS2");
    const subjects = page.getByRole("group", { name: "Subjects" });
    await expect(subjects.getByLabel("Mathematics")).toBeVisible();
    await subjects.getByLabel("Mathematics").check();
    await subjects.getByLabel("English Language").check();
    await page.getByLabel("Gender").selectOption("Female");
    await page.getByLabel("Phone Number").fill("0800 000");
    await page.getByLabel("Email").fill("amaka@example.test");
    await page.getByLabel("Address").fill("12 Allen Avenue, Ikeja");
    await page.getByLabel("Admission Number").fill("ADM/2025/001");
    await page.getByRole("button", { name: "Add Student" }).click();

    await expect(page.getByLabel("Phone Number")).toHaveAccessibleDescription(/^Enter a valid phone number\./);
    await expect(page.getByLabel("Name")).toHaveValue("Amaka Obi");
    await expect(page.getByLabel("Class")).toHaveValue("JSS2");
    await expect(page.getByLabel("Admission Number")).toHaveValue("ADM/2025/001");
    await expect(subjects.getByLabel("Mathematics")).toBeChecked();
    expect((await listViaApi(request, admin)).total).toBe(0);

    await page.getByLabel("Phone Number").fill("0803 123 4567");
    await page.getByRole("button", { name: "Add Student" }).click();
    await expect(page).toHaveURL(/\/admin\/students$/);
    await expect(toast(page)).toHaveText("Created successfully");
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("JSS2 · Female");
    await expectAccessible(page);

    const [saved] = (await listViaApi(request, admin)).data;
    expect(saved.student_data).toMatchObject({
      name: "Amaka Obi",
      class: "JSS2",
      phone_number: "+2348031234567",
      email: "amaka@example.test",
      admission: "ADM/2025/001",
      takes_lesson: true,
      subjects: "English Language, Mathematics",
    });
  });

  test("add: a duplicate admission number is refused beside the field; a double submit adds one student", async ({
    page,
    request,
  }) => {
    const admin = await signedIn(page, request, "Twice");
    await addViaApi(request, admin, { name: "First Holder", admission: "ADM-1" });
    await page.goto("/admin/add-student");
    await page.getByLabel("Name").fill("Second Holder");
    await page.getByLabel("Class").selectOption("JSS1");
    await page.getByLabel("Gender").selectOption("Male");
    await page.getByLabel("Phone Number").fill("0803 123 4567");
    await page.getByLabel("Admission Number").fill("ADM-1");
    await page.getByRole("button", { name: "Add Student" }).click();
    await expect(page.getByLabel("Admission Number")).toHaveAccessibleDescription(
      "Another student in this school already has this admission number.",
    );

    await page.getByLabel("Admission Number").fill("ADM-2");
    await page.getByRole("button", { name: "Add Student" }).dblclick();
    await expect(page).toHaveURL(/\/admin\/students$/);
    await expect(rows(page)).toHaveCount(2);
    expect((await listViaApi(request, admin)).total).toBe(2);

    // The same form sent twice (a retried request): its hidden key makes the second one add nothing.
    await page.goto("/admin/add-student");
    const key = await page.locator('input[name="idempotency_key"]').inputValue();
    const form = {
      idempotency_key: key,
      name: "Sent Twice",
      selectedClass: "JSS3",
      gender: "Female",
      phone_number: "0803 123 4567",
    };
    for (let i = 0; i < 2; i++) {
      const response = await page.request.post("/admin/add-student", { form, maxRedirects: 0 });
      expect(response.status()).toBe(302);
    }
    expect((await listViaApi(request, admin)).total).toBe(3);
  });

  test("add: 'No subjects available for this class' when the class has none", async ({ page, request }) => {
    const admin = await signedIn(page, request, "NoSubjects");
    const saved = await request.post(`/api/admin/${admin.account.uniqueId}/school-settings`, {
      headers: { Authorization: `Bearer ${admin.token}` },
      data: {
        school_settings: {
          sections: ["Nursery"],
          classes: [{ class_name: "Creche", section: "Nursery", subjects: [] }],
          subjects_by_section: { Nursery: [] },
        },
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await page.goto("/admin/add-student");
    await page.getByLabel("Takes Lesson").check();
    await page.getByLabel("Class").selectOption("Creche");
    await expect(page.getByText("No subjects available for this class")).toBeVisible();
    await expectAccessible(page);
  });

  test("update: prefilled, required fields, saved, back on the list; unknown and foreign ids are 404", async ({
    page,
    request,
  }) => {
    const admin = await signedIn(page, request, "Update");
    await addViaApi(request, admin, {
      name: "Tunde Bello",
      selectedClass: "SS1",
      email: "tunde@example.test",
      takes_lesson: true,
      subjects: "Physics",
    });
    await page.goto("/admin/students");
    await rows(page).first().getByRole("link").click();
    await expect(page).toHaveURL(/\/admin\/update-student\/STU-/);
    await expect(page.getByRole("heading", { level: 1, name: "Update Student" })).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("Tunde Bello");
    await expect(page.getByLabel("Class")).toHaveValue("SS1");
    await expect(page.getByLabel("Gender")).toHaveValue("Male");
    await expect(page.getByLabel("Email")).toHaveValue("tunde@example.test");
    await expect(page.getByLabel("Takes Lesson")).toBeChecked();
    await expect(page.getByRole("group", { name: "Subjects" }).getByLabel("Physics")).toBeChecked();
    await expectAccessible(page);

    await page.getByLabel("Name").fill("");
    await page.getByLabel("Phone Number").fill("");
    await page.getByRole("button", { name: "Update Student" }).click();
    await expect(page.getByLabel("Name")).toHaveAccessibleDescription("Name is required");
    await expect(page.getByLabel("Phone Number")).toHaveAccessibleDescription(/^Phone number is required/);
    await expect(page.getByLabel("Email")).toHaveValue("tunde@example.test");

    await page.getByLabel("Name").fill("Tunde Bello-Adeyemi");
    await page.getByLabel("Phone Number").fill("0805 987 6543");
    await page.getByLabel("Class").selectOption("SS2");
    await page.getByRole("group", { name: "Subjects" }).getByLabel("Physics").uncheck();
    await page.getByRole("group", { name: "Subjects" }).getByLabel("Chemistry").check();
    await page.getByRole("button", { name: "Update Student" }).click();
    await expect(page).toHaveURL(/\/admin\/students$/);
    await expect(toast(page)).toHaveText("Updated successfully");
    await expect(rows(page).first()).toContainText("Tunde Bello-Adeyemi");
    await expect(rows(page).first()).toContainText("SS2 · Male");
    const [saved] = (await listViaApi(request, admin)).data;
    expect(saved.student_data).toMatchObject({ phone_number: "+2348059876543", subjects: "Chemistry" });

    const response = await page.goto("/admin/update-student/STU-doesnotexist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();

    const other = await registerSchoolViaApi(request, "Other");
    const otherAdmin = { account: other, token: await apiToken(request, other) };
    const foreign = await addViaApi(request, otherAdmin, { name: "Not Yours" });
    expect((await page.goto(`/admin/update-student/${foreign.unique_id}`))?.status()).toBe(404);
    expect((await page.goto(`/admin/students/${foreign.unique_id}/delete`))?.status()).toBe(404);
  });
});

test.describe("backlog, restore and delete", () => {
  test("add to backlog with a reason, filter by reason, add back to students", async ({ page, request }) => {
    const admin = await signedIn(page, request, "Backlog");
    await addViaApi(request, admin, { name: "Kemi Adebayo", gender: "Female", selectedClass: "SS3" });
    await addViaApi(request, admin, { name: "Musa Ibrahim" });
    await page.goto("/admin/students");

    await rowAction(page, "Kemi Adebayo", "Add to Backlog");
    const confirm = page.getByRole("dialog", { name: "Add to Backlog" });
    await expect(confirm.getByText("Why is Kemi Adebayo leaving the students list?")).toBeVisible();
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Add to Backlog" }).click();
    await expect(page.getByLabel("Reason")).toHaveAccessibleDescription(
      "Choose a reason: Expelled, Switched School or Graduated",
    );
    await expectAccessible(page);
    await page.getByLabel("Reason").selectOption("Graduated");
    await page.getByRole("button", { name: "Add to Backlog" }).click();

    await expect(page).toHaveURL(/\/admin\/students$/);
    await expect(toast(page)).toHaveText("Student added to backlog successfully!");
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("Musa Ibrahim");
    await expect(toast(page)).toHaveCount(0, { timeout: 4_000 });

    await page.getByRole("link", { name: "Students Backlog" }).click();
    const former = page.getByRole("list", { name: "Former students" }).getByRole("listitem");
    await expect(former).toHaveCount(1);
    await expect(former.first()).toContainText("Kemi Adebayo");
    await expect(former.first()).toContainText("SS3 · Graduated");
    await expect(former.first()).toContainText("KA");
    await expectAccessible(page);

    const filter = (reason: string) => page.getByLabel("Reason").selectOption(reason);
    await filter("Expelled");
    await expect(page).toHaveURL(/reason=Expelled/);
    await expect(page.getByText("No former students for this reason")).toBeVisible();
    await filter("Graduated");
    await expect(former).toHaveCount(1);
    await filter("");
    await expect(former).toHaveCount(1);

    await former.first().getByRole("link", { name: "Add to students" }).click();
    const restore = page.getByRole("dialog", { name: "Add to students" });
    await expect(restore.getByText("Add Kemi Adebayo back to the students list?")).toBeVisible();
    await expectAccessible(page);
    await restore.getByRole("button", { name: "Add to students" }).click();
    await expect(toast(page)).toHaveText("Student added back to students successfully!");
    await expect(page).toHaveURL(/\/admin\/students-backlog/);
    await expect(page.getByText("No former students yet")).toBeVisible();

    await page.getByRole("link", { name: "Switch to Students" }).click();
    await expect(page).toHaveURL(/\/admin\/students$/);
    await expect(rows(page)).toHaveCount(2);
  });

  test("delete after confirmation: the row disappears", async ({ page, request }) => {
    const admin = await signedIn(page, request, "Delete");
    await addViaApi(request, admin, { name: "Gone Soon" });
    await addViaApi(request, admin, { name: "Staying Here" });
    await page.goto("/admin/students?q=s");

    await rowAction(page, "Gone Soon", "Delete");
    const confirm = page.getByRole("dialog", { name: "Delete student" });
    await expect(confirm.getByText("Are you sure you want to delete Gone Soon? This cannot be undone.")).toBeVisible();
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Delete" }).click();

    await expect(page).toHaveURL(/\/admin\/students\?q=s$/);
    await expect(toast(page)).toHaveText("Deleted successfully");
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("Staying Here");
    expect((await listViaApi(request, admin)).total).toBe(1);
  });

  test("Cancel on a confirmation changes nothing", async ({ page, request }) => {
    const admin = await signedIn(page, request, "Cancel");
    await addViaApi(request, admin, { name: "Still Here" });
    await page.goto("/admin/students");
    await rowAction(page, "Still Here", "Delete");
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/admin\/students$/);
    await expect(rows(page)).toHaveCount(1);
    expect((await listViaApi(request, admin)).total).toBe(1);
  });
});

test(
  "no-js smoke: students list, add, update, backlog, erase and their confirm pages",
  { tag: "@no-js" },
  async ({ page, request }) => {
    const admin = await signedIn(page, request, "Smoke");
    await addViaApi(request, admin, { name: "Kemi Adebayo", gender: "Female", selectedClass: "SS3" });

    await page.goto("/admin/students");
    await expect(rows(page)).toHaveCount(1);
    await page.getByLabel("Search", { exact: true }).fill("kemi");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=kemi/);
    await expect(rows(page)).toHaveCount(1);
    await expectAccessible(page);

    await page.goto("/admin/add-student");
    await page.getByRole("button", { name: "Add Student" }).click();
    await expect(page.getByLabel("Name")).toHaveAccessibleDescription("Name is required");
    await expectAccessible(page);
    await page.getByLabel("Name").fill("Amaka Obi");
    await page.getByLabel("Class").selectOption("JSS2");
    await page.getByLabel("Takes Lesson").check();
    await page.getByRole("button", { name: "Show subjects" }).click();
    await page.getByRole("group", { name: "Subjects" }).getByLabel("Mathematics").check();
    await expectAccessible(page);
    await page.getByLabel("Gender").selectOption("Female");
    await page.getByLabel("Phone Number").fill("0803 123 4567");
    await page.getByRole("button", { name: "Add Student" }).click();
    await expect(page).toHaveURL(/\/admin\/students$/);
    await expect(toast(page)).toHaveText("Created successfully");
    await expect(rows(page)).toHaveCount(2);

    await rows(page).filter({ hasText: "Amaka Obi" }).getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Update Student" })).toBeVisible();
    await expectAccessible(page);

    await page.goto("/admin/students");
    await rowAction(page, "Kemi Adebayo", "Add to Backlog");
    await expect(page).toHaveURL(/\/admin\/students\/STU-[^/]+\/backlog\?returnTo=/);
    await expectAccessible(page);
    await page.getByLabel("Reason").selectOption("Graduated");
    await page.getByRole("button", { name: "Add to Backlog" }).click();
    await expect(toast(page)).toHaveText("Student added to backlog successfully!");

    await page.getByRole("link", { name: "Students Backlog" }).click();
    await expect(page.getByRole("list", { name: "Former students" }).getByRole("listitem")).toHaveCount(1);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Add to students" }).click();
    await expect(page.getByText("Add Kemi Adebayo back to the students list?")).toBeVisible();
    await expectAccessible(page);

    await page.goto("/admin/students-backlog");
    await page.getByLabel("Data of Kemi Adebayo").click();
    await page.getByRole("link", { name: "Erase the student's data" }).click();
    await expect(page).toHaveURL(/\/admin\/student-data\/STU-[^/]+\/erase\?returnTo=/);
    await expect(page.getByText("Erasing Kemi Adebayo removes:")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Erase", exact: true }).click();
    await expect(toast(page)).toHaveText(
      `The student's data was erased. Payments and purchases are kept as "Erased student".`,
    );
    await expect(page.getByText("No former students yet")).toBeVisible();

    await page.goto("/admin/students");
    await rowAction(page, "Amaka Obi", "Delete");
    await expect(page.getByText("Are you sure you want to delete Amaka Obi? This cannot be undone.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toHaveText("Deleted successfully");
    await expect(page.getByText("No students yet")).toBeVisible();
  },
);
