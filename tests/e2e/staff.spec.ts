import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { PAGE_SIZE } from "../../contract/limits";
import { expectAccessible } from "./support/axe";
import { logoPng, tooLargePng } from "./support/files";
import { signedIn, type Admin } from "./support/school";

/**
 * Staff in Chromium: the list (chips, search, class filter, pages, delete) and the add and edit forms
 * (teaching part, form-class clash, photo); the dashboard's counts follow. The `js` project drives what
 * scripts add (instant filters, dialogs, a photo kept across a refusal); the `no-js` project runs the one
 * smoke test tagged `@no-js`, which walks every screen with JavaScript off and checks each state with
 * axe. The JS-off flows themselves are form tests: tests/forms/staff.test.ts.
 */

let serial = 0;
async function addStaff(request: APIRequestContext, admin: Admin, data: Record<string, unknown>) {
  serial += 1;
  const response = await request.post(`/api/admin/${admin.account.uniqueId}/staffs`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: {
      staff_data: {
        email: `staff${serial}@e2e.ng`,
        phone: `0807 300 ${String(1000 + serial)}`,
        is_teaching_staff: true,
        ...data,
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data as { unique_id: string; id: number };
}
async function staffViaApi(request: APIRequestContext, admin: Admin, query = "") {
  const response = await request.get(`/api/admin/${admin.account.uniqueId}/staffs${query}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  return (await response.json()).data as { total: number; data: Array<{ staff_data: Record<string, unknown> }> };
}

const rows = (page: Page) => page.getByRole("list", { name: "Staff" }).getByRole("listitem");
const toast = (page: Page) => page.getByTestId("toast");

test.describe("staff list", () => {
  test("chips, search, class filter and pages; delete after confirmation; the dashboard follows", async ({
    page,
    request,
  }) => {
    const admin = await signedIn(page, request, "StaffList");
    for (let i = 1; i <= PAGE_SIZE; i++)
      await addStaff(request, admin, { name: `Teacher ${String(i).padStart(2, "0")}`, position: "Teacher" });
    await addStaff(request, admin, { name: "Mrs. Amina Yusuf", position: "Vice Principal", form_teacher: "SS1" });
    await addStaff(request, admin, {
      name: "Mr. Okon Bassey",
      position: "Bursar",
      email: "okon@e2e.ng",
      is_teaching_staff: false,
    });

    await page.goto("/admin/staff");
    await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
    await expect(rows(page)).toHaveCount(PAGE_SIZE);
    // By name without titles, shown as written; the initials leave the title out too.
    await expect(rows(page).first()).toContainText("Mrs. Amina Yusuf");
    await expect(rows(page).first()).toContainText("Vice Principal (Teaching) Form teacher, SS1");
    await expect(rows(page).first().locator("span[aria-hidden]").first()).toHaveText("AY");
    await expect(rows(page).nth(1)).toContainText("Mr. Okon Bassey");
    await expect(rows(page).nth(1)).toContainText("Bursar (Non-Teaching)");
    await expect(rows(page).first().getByRole("link")).toHaveAttribute("href", /^\/admin\/staff\/STF-[^/]+\/update$/);
    await expect(page.getByText(`Page 1 of 2 · ${PAGE_SIZE + 2} in all`)).toBeVisible();
    const chips = page.getByRole("navigation", { name: "Kind of staff" });
    await expect(chips.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
    await expectAccessible(page);

    await chips.getByRole("link", { name: "Non-Teaching" }).click();
    await expect(page).toHaveURL(/type=non-teaching/);
    await expect(rows(page)).toHaveCount(1);
    await expect(chips.getByRole("link", { name: "Non-Teaching" })).toHaveAttribute("aria-current", "page");
    await chips.getByRole("link", { name: "Teaching", exact: true }).click();
    await expect(page.getByText(`Page 1 of 2 · ${PAGE_SIZE + 1} in all`)).toBeVisible();

    // A search keeps the chip; a chip keeps the search.
    await expect(page.getByLabel("Search", { exact: true })).toHaveAttribute("placeholder", "Search staff...");
    await page.getByLabel("Search", { exact: true }).fill("vice principal");
    await expect(page).toHaveURL(/type=teaching.*q=vice/);
    await expect(rows(page)).toHaveCount(1);
    await chips.getByRole("link", { name: "Non-Teaching" }).click();
    await expect(page.getByText("No staff match your search")).toBeVisible();
    await chips.getByRole("link", { name: "All" }).click();
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByLabel("Search", { exact: true })).toHaveValue("vice principal");

    await page.getByLabel("Search", { exact: true }).fill("");
    await page.getByLabel("Class").selectOption("SS1");
    await expect(page).toHaveURL(/class=SS1/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("Mrs. Amina Yusuf");
    await expectAccessible(page);

    await page.getByLabel("Add staff").click();
    await expect(page.getByRole("link", { name: "Add Bulk Staff" })).toHaveAttribute("href", "/admin/add-bulk-staff");
    await expect(page.getByRole("link", { name: "Add Staff", exact: true })).toHaveAttribute(
      "href",
      "/admin/staff/add",
    );
    await page.getByLabel("Add staff").click();

    const row = rows(page).first();
    await row.getByLabel("Actions for Mrs. Amina Yusuf").click();
    await row.getByRole("link", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete staff member" });
    await expect(
      confirm.getByText("Are you sure you want to delete Mrs. Amina Yusuf? This cannot be undone."),
    ).toBeVisible();
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toHaveText("Deleted successfully");
    await expect(page).toHaveURL(/\/admin\/staff\?q=&class=SS1$/);
    await expect(page.getByText("No staff match your search")).toBeVisible();

    await page.goto("/admin/dashboard");
    await expect(page.getByTestId("teaching-staff")).toHaveText(String(PAGE_SIZE));
    await expect(page.getByTestId("non-teaching-staff")).toHaveText("1");
  });
});

test.describe("add and edit staff", () => {
  test("messages beside fields, the teaching part, a form-class clash naming the teacher; saved, edited, counted", async ({
    page,
    request,
  }) => {
    const admin = await signedIn(page, request, "StaffForm");
    await addStaff(request, admin, { name: "Mr. Tunde Bakare", form_teacher: "JSS1" });

    await page.goto("/admin/staff/add");
    await expect(page.getByRole("heading", { level: 1, name: "Add Staff" })).toBeVisible();
    const teaching = page.getByLabel("Teaching staff");
    await expect(teaching).toBeChecked();
    await expect(page.getByLabel("Form teacher of")).toBeVisible();
    await expectAccessible(page);
    await teaching.uncheck();
    await expect(page.getByLabel("Form teacher of")).toBeHidden();
    await teaching.check();

    const save = page.getByRole("button", { name: "Add Staff" });
    await save.click();
    await expect(page.getByLabel("Name")).toHaveAccessibleDescription("Name is required");
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Email is required");
    await expect(page.getByLabel("Phone", { exact: true })).toHaveAccessibleDescription(/^Phone number is required/);
    await expectAccessible(page);

    await page.getByLabel("Name").fill("Mrs. Chioma Eze");
    await page.getByLabel("Email").fill("chioma@e2e.ng");
    await page.getByLabel("Phone", { exact: true }).fill("0803 123 4567");
    await page.getByLabel("Position").fill("Head of Sciences");
    await page.getByLabel("Form teacher of").selectOption("JSS1");
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await field("Class 1").selectOption("JSS2");
    await field("Subject 1").selectOption("Basic Science");
    // Rows come and go in the page: a new row takes the focus and offers its class's subjects only.
    await expect(page.getByRole("button", { name: "Add more rows" })).toHaveCount(0);
    await page.getByRole("button", { name: "Add a row" }).click();
    await expect(field("Class 4")).toBeFocused();
    await field("Class 4").selectOption("SS1");
    await expect(field("Subject 4").locator("option", { hasText: "Physics" })).toHaveCount(1);
    await expect(field("Subject 4").locator("option", { hasText: "Basic Science" })).toHaveCount(0);
    await field("Subject 4").selectOption("Physics");
    // The rows fit a 360 px phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole("button", { name: "Remove row 2" }).click();
    await expect(field("Class 4")).toHaveCount(0);
    await expect(field("Class 3")).toHaveValue("SS1");
    await page.getByRole("button", { name: "Remove row 3" }).click();
    await expect(field("Class 3")).toHaveCount(0);
    await page.getByLabel("Photo").setInputFiles(tooLargePng());
    await save.click();
    await expect(page.getByLabel("Photo")).toHaveAccessibleDescription(/File size must be less than 2MB\./);
    await page.getByLabel("Photo").setInputFiles(logoPng("chioma.png"));
    await save.click();
    await expect(page.getByLabel("Form teacher of")).toHaveAccessibleDescription(
      /^Mr\. Tunde Bakare is already the form teacher of JSS1\./,
    );
    await expect(page.getByLabel("Position")).toHaveValue("Head of Sciences");
    await expect(field("Class 1")).toHaveValue("JSS2");
    await expect(field("Subject 1")).toHaveValue("Basic Science");
    await expectAccessible(page);
    expect((await staffViaApi(request, admin)).total).toBe(1);

    await page.getByLabel("Form teacher of").selectOption("JSS2");
    await save.click();
    await expect(page).toHaveURL(/\/admin\/staff$/);
    await expect(toast(page)).toHaveText("Created successfully");
    const chioma = rows(page).filter({ hasText: "Mrs. Chioma Eze" });
    await expect(chioma).toContainText("Head of Sciences (Teaching) Form teacher, JSS2");
    await expect(chioma.locator("img")).toHaveAttribute("src", /^\/media\/[a-f0-9]{32}$/);
    const saved = (await staffViaApi(request, admin, "?q=chioma")).data[0].staff_data;
    expect(saved).toMatchObject({
      phone: "+2348031234567",
      form_teacher: "JSS2",
      teaching: [{ class: "JSS2", subject: "Basic Science" }],
      is_teaching_staff: true,
    });

    await chioma.getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit Staff" })).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("Mrs. Chioma Eze");
    await expect(page.getByLabel("Form teacher of")).toHaveValue("JSS2");
    await expect(field("Subject 1")).toHaveValue("Basic Science");
    await expectAccessible(page);
    await page.getByLabel("Position").fill("Bursar");
    await page.getByLabel("Teaching staff").uncheck();
    await page.getByLabel("Remove photo").check();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page)).toHaveText("Updated successfully");
    await expect(rows(page).filter({ hasText: "Mrs. Chioma Eze" })).toContainText("Bursar (Non-Teaching)");
    await expect(rows(page).filter({ hasText: "Mrs. Chioma Eze" }).locator("img")).toHaveCount(0);
    expect((await staffViaApi(request, admin, "?q=chioma")).data[0].staff_data).toMatchObject({
      is_teaching_staff: false,
      form_teacher: null,
      profile_img: null,
    });

    await page.goto("/admin/dashboard");
    await expect(page.getByTestId("teaching-staff")).toHaveText("1");
    await expect(page.getByTestId("non-teaching-staff")).toHaveText("1");
    expect((await page.goto("/admin/staff/STF-doesnotexist/update"))?.status()).toBe(404);
  });
});

test(
  "no-js smoke: staff list, add with its teaching part, edit, the delete confirm page",
  { tag: "@no-js" },
  async ({ page, request }) => {
    const admin = await signedIn(page, request, "StaffSmoke");
    await addStaff(request, admin, { name: "Mr. Tunde Bakare", position: "Teacher", form_teacher: "JSS1" });

    await page.goto("/admin/staff");
    await page.getByLabel("Search", { exact: true }).fill("tunde");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=tunde/);
    await expect(rows(page)).toHaveCount(1);
    await expectAccessible(page);

    // The add menu is a <details>: it opens without JavaScript.
    await page.getByLabel("Add staff").click();
    await page.getByRole("link", { name: "Add Staff", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/staff\/add$/);
    await expectAccessible(page);
    // The teaching part follows "Teaching staff" by a CSS rule alone.
    const teaching = page.getByLabel("Teaching staff");
    await expect(teaching).toBeChecked();
    await expect(page.getByLabel("Form teacher of")).toBeVisible();
    await teaching.uncheck();
    await expect(page.getByLabel("Form teacher of")).toBeHidden();
    await teaching.check();
    await expect(page.getByLabel("Form teacher of")).toBeVisible();

    const save = page.getByRole("button", { name: "Add Staff" });
    await save.click();
    await expect(page.getByLabel("Name")).toHaveAccessibleDescription("Name is required");
    await expectAccessible(page);
    await page.getByLabel("Name").fill("Mrs. Chioma Eze");
    await page.getByLabel("Email").fill("chioma@e2e.ng");
    await page.getByLabel("Phone", { exact: true }).fill("0803 123 4567");
    await page.getByLabel("Form teacher of").selectOption("JSS1");
    await save.click();
    await expect(page.getByLabel("Form teacher of")).toHaveAccessibleDescription(
      /^Mr\. Tunde Bakare is already the form teacher of JSS1\./,
    );
    await expectAccessible(page);
    await page.getByLabel("Form teacher of").selectOption("JSS2");
    await save.click();
    await expect(page).toHaveURL(/\/admin\/staff$/);
    await expect(toast(page)).toHaveText("Created successfully");
    await expect(rows(page)).toHaveCount(2);

    await rows(page).filter({ hasText: "Mrs. Chioma Eze" }).getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit Staff" })).toBeVisible();
    await expectAccessible(page);

    await page.goto("/admin/staff");
    const row = rows(page).filter({ hasText: "Mrs. Chioma Eze" });
    await row.getByLabel("Actions for Mrs. Chioma Eze").click();
    await row.getByRole("link", { name: "Delete" }).click();
    await expect(page).toHaveURL(/\/admin\/staff\/STF-[^/]+\/delete\?returnTo=/);
    await expect(
      page.getByText("Are you sure you want to delete Mrs. Chioma Eze? This cannot be undone."),
    ).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toHaveText("Deleted successfully");
    await expect(rows(page)).toHaveCount(1);
  },
);
