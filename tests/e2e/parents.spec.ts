import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { PAGE_SIZE } from "../../contract/limits";
import { expectAccessible } from "./support/axe";
import { logoPng, textFile } from "./support/files";
import { apiToken, registerSchoolViaApi, signedIn, type Admin } from "./support/school";

/**
 * Parents in Chromium: the list (search, class filter, pages, delete), the add form (children offered by
 * phone and found by search, photo) and the parent's page (contact, children, fees, edit). The `js`
 * project drives what scripts add (instant filters, dialogs, the phone offered as it is left); the
 * `no-js` project runs the one smoke test tagged `@no-js`, which walks every screen with JavaScript off
 * and checks each state with axe. The JS-off flows themselves are form tests: tests/forms/parents.test.ts.
 */

async function viaApi(request: APIRequestContext, admin: Admin, path: string, data: unknown) {
  const response = await request.post(`/api/admin/${admin.account.uniqueId}${path}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data as { unique_id: string; id: number };
}
const addStudent = (request: APIRequestContext, admin: Admin, data: Record<string, unknown>) =>
  viaApi(request, admin, "/students", {
    student_data: { selectedClass: "JSS1", gender: "Female", phone_number: "0803 111 0000", ...data },
  });
let serial = 0;
const addParent = (request: APIRequestContext, admin: Admin, data: Record<string, unknown>) => {
  serial += 1;
  return viaApi(request, admin, "/stu-parents", {
    parent_data: { email: `parent${serial}@e2e.ng`, phone: `0805 200 ${String(1000 + serial)}`, ...data },
  });
};
async function parentsViaApi(request: APIRequestContext, admin: Admin, query = "") {
  const response = await request.get(`/api/admin/${admin.account.uniqueId}/stu-parents${query}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  return (await response.json()).data as {
    total: number;
    data: Array<{
      unique_id: string;
      parent_data: Record<string, unknown>;
      children: Array<{ student_data: { name: string } }>;
    }>;
  };
}

const rows = (page: Page) => page.getByRole("list", { name: "Parents" }).getByRole("listitem");
const toast = (page: Page) => page.getByTestId("toast");

test.describe("parents list", () => {
  test("searches, filters by a child's class, pages, leads to the add screens, deletes after confirmation", async ({
    page,
    request,
  }) => {
    const admin = await signedIn(page, request, "ParentsList");
    const ada = await addStudent(request, admin, { name: "Ada Okafor", selectedClass: "JSS1" });
    const obi = await addStudent(request, admin, { name: "Obi Okafor", selectedClass: "SS3" });
    for (let i = 1; i <= PAGE_SIZE; i++)
      await addParent(request, admin, { name: `Parent ${String(i).padStart(2, "0")}` });
    await addParent(request, admin, {
      name: "Mrs. Ngozi Okafor",
      email: "ngozi.okafor@e2e.ng",
      phone: "0809 555 1234",
      children: [ada.unique_id, obi.unique_id],
    });

    await page.goto("/admin/parents");
    await expect(page.getByRole("heading", { level: 1, name: "Parents" })).toBeVisible();
    await expect(rows(page)).toHaveCount(PAGE_SIZE);
    const first = rows(page).first();
    await expect(first).toContainText("Mrs. Ngozi Okafor");
    await expect(first).toContainText("2 children");
    await expect(first).toContainText("NO");
    await expect(first.getByRole("link")).toHaveAttribute("href", /^\/admin\/parents\/PAR-[^/]+\/update$/);
    await expect(rows(page).nth(1)).toContainText("No children");
    await expect(page.getByText(`Page 1 of 2 · ${PAGE_SIZE + 1} in all`)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Next ›" }).click();
    await expect(rows(page)).toHaveCount(1);

    const search = (text: string) => page.getByLabel("Search", { exact: true }).fill(text);
    await expect(page.getByLabel("Search", { exact: true })).toHaveAttribute("placeholder", "Search parents...");
    for (const text of ["ngozi", "okafor@e2e", "0809 555 1234"]) {
      await search(text);
      await expect(page).toHaveURL(/q=/);
      await expect(rows(page)).toHaveCount(1);
      await expect(rows(page).first()).toContainText("Mrs. Ngozi Okafor");
    }
    await search("nobody");
    await expect(page.getByText("No parents match your search")).toBeVisible();
    await search("");
    await page.getByLabel("Class").selectOption("SS3");
    await expect(page).toHaveURL(/class=SS3/);
    await expect(rows(page)).toHaveCount(1);
    await expectAccessible(page);

    await page.getByLabel("Add parents").click();
    await expect(page.getByRole("link", { name: "Add Bulk Parents" })).toHaveAttribute(
      "href",
      "/admin/add-bulk-parents",
    );
    await expect(page.getByRole("link", { name: "Add Parent", exact: true })).toHaveAttribute(
      "href",
      "/admin/parents/add",
    );
    await page.getByLabel("Add parents").click();

    const row = rows(page).filter({ hasText: "Mrs. Ngozi Okafor" });
    await row.getByLabel("Actions for Mrs. Ngozi Okafor").click();
    await row.getByRole("link", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete parent" });
    await expect(
      confirm.getByText("Are you sure you want to delete Mrs. Ngozi Okafor? This cannot be undone."),
    ).toBeVisible();
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(/\/admin\/parents\?q=&class=SS3$/);
    await expect(toast(page)).toHaveText("Deleted successfully");
    await expect(page.getByText("No parents match your search")).toBeVisible();
    expect((await parentsViaApi(request, admin)).total).toBe(PAGE_SIZE);
    // The children stay students.
    const students = await request.get(`/api/admin/${admin.account.uniqueId}/students`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    expect((await students.json()).data.total).toBe(2);
  });
});

test.describe("add parent", () => {
  test("messages beside fields; children offered by the phone and found by search; photo checked; saved once", async ({
    page,
    request,
  }) => {
    const admin = await signedIn(page, request, "ParentsAdd");
    await addStudent(request, admin, { name: "Kemi Bello", selectedClass: "JSS2", phone_number: "0803 444 5555" });
    await addStudent(request, admin, { name: "Tayo Bello", selectedClass: "SS1", phone_number: "0803 999 0000" });
    await addStudent(request, admin, { name: "Someone Else", phone_number: "0803 777 0000" });

    await page.goto("/admin/parents/add");
    await expect(page.getByRole("heading", { level: 1, name: "Add Parent" })).toBeVisible();
    await expectAccessible(page);
    const save = page.getByRole("button", { name: "Add Parent" });
    await save.click();
    await expect(page.getByLabel("Name")).toHaveAccessibleDescription("Name is required");
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Email is required");
    await expect(page.getByLabel("Phone", { exact: true })).toHaveAccessibleDescription(/^Phone number is required/);
    await expectAccessible(page);

    await page.getByLabel("Name").fill("Alhaja Funke Bello");
    await page.getByLabel("Email").fill("funke@e2e.ng");
    await page.getByLabel("Phone", { exact: true }).fill("0803 444 5555");
    await page.getByLabel("Address").fill("3 Awolowo Road, Ikoyi");
    await page.getByLabel("Photo").setInputFiles(textFile());
    const children = page.getByRole("group", { name: "Children" });
    const kemi = children.getByLabel("Kemi Bello · JSS2 · same phone number");
    // Leaving the phone field already offers the students who share it.
    await expect(kemi).not.toBeChecked();
    await save.click();
    await expect(page.getByLabel("Photo")).toHaveAccessibleDescription(/Only image files are allowed\./);
    await expect(page.getByLabel("Name")).toHaveValue("Alhaja Funke Bello");
    await expect(page.getByLabel("Address")).toHaveValue("3 Awolowo Road, Ikoyi");
    await expect(kemi).not.toBeChecked();
    await expectAccessible(page);
    expect((await parentsViaApi(request, admin)).total).toBe(0);

    await kemi.check();
    await page.getByLabel("Find a student").fill("tayo");
    await page.getByRole("button", { name: "Find" }).click();
    await expect(children.getByLabel("Tayo Bello · SS1")).toBeVisible();
    await expect(kemi).toBeChecked();
    await expect(children.getByText("Someone Else")).toHaveCount(0);
    await children.getByLabel("Tayo Bello · SS1").check();
    await page.getByLabel("Photo").setInputFiles(logoPng("funke.png"));
    await save.click();

    await expect(page).toHaveURL(/\/admin\/parents$/);
    await expect(toast(page)).toHaveText("Created successfully");
    await expect(rows(page).first()).toContainText("2 children");
    const photo = rows(page).first().locator("img");
    await expect(photo).toHaveAttribute("src", /^\/media\/[a-f0-9]{32}$/);
    // Drawn: the browser's session cookie opened it.
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const [saved] = (await parentsViaApi(request, admin)).data;
    expect(saved.parent_data).toMatchObject({
      name: "Alhaja Funke Bello",
      email: "funke@e2e.ng",
      phone: "+2348034445555",
      address: "3 Awolowo Road, Ikoyi",
    });
    expect(saved.children.map((c) => c.student_data.name)).toEqual(["Kemi Bello", "Tayo Bello"]);

    // A valid new parent whose phone students share, none ticked: offered as soon as the phone is left,
    // then saved as it is.
    await page.goto("/admin/parents/add");
    await page.getByLabel("Name").fill("Mr. Yusuf Else");
    await page.getByLabel("Email").fill("yusuf@e2e.ng");
    await page.getByLabel("Phone", { exact: true }).fill("0803 777 0000");
    await page.getByLabel("Address").fill("Kano");
    const offered = children.getByLabel("Someone Else · JSS1 · same phone number");
    await expect(offered).toBeVisible();
    await save.click();
    await expect(page).toHaveURL(/\/admin\/parents$/);
    expect((await parentsViaApi(request, admin, "?q=yusuf")).data[0].children).toEqual([]);

    // The same form sent twice (a retried request): its hidden key makes the second one add nothing.
    await page.goto("/admin/parents/add");
    const key = await page.locator('input[name="idempotency_key"]').inputValue();
    const form = {
      idempotency_key: key,
      offered_phone: "0803 111 1111",
      name: "Sent Twice",
      email: "twice@e2e.ng",
      phone: "0803 111 1111",
    };
    for (let i = 0; i < 2; i++) {
      const response = await page.request.post("/admin/parents/add", { multipart: form, maxRedirects: 0 });
      expect(response.status()).toBe(302);
    }
    expect((await parentsViaApi(request, admin)).total).toBe(3);
  });
});

test.describe("parent's page", () => {
  test("contact, children opening their student, the fees block, and the edit form; unknown and foreign ids are 404", async ({
    page,
    request,
  }) => {
    const admin = await signedIn(page, request, "ParentsDetail");
    const child = await addStudent(request, admin, { name: "Chidi Eze", selectedClass: "SS2" });
    const parent = await addParent(request, admin, {
      name: "Mr. Emeka Eze",
      email: "emeka@e2e.ng",
      phone: "0806 123 4567",
      address: "7 Ogui Road, Enugu",
      children: [child.unique_id],
    });

    await page.goto("/admin/parents");
    await rows(page).first().getByRole("link").click();
    await expect(page).toHaveURL(`/admin/parents/${parent.unique_id}/update`);
    await expect(page.getByRole("heading", { level: 1, name: "Mr. Emeka Eze" })).toBeVisible();
    const contact = page.getByRole("region", { name: "Contact information" });
    await expect(contact.getByRole("link", { name: "emeka@e2e.ng" })).toHaveAttribute("href", "mailto:emeka@e2e.ng");
    await expect(contact.getByRole("link", { name: "+2348061234567" })).toHaveAttribute("href", "tel:+2348061234567");
    await expect(contact).toContainText("7 Ogui Road, Enugu");
    const children = page.getByRole("list", { name: "Children" });
    await expect(children.getByRole("link")).toHaveAttribute("href", `/admin/update-student/${child.unique_id}`);
    await expect(children).toContainText("Chidi Eze");
    await expect(children).toContainText("SS2");
    await expect(page.getByRole("region", { name: "Fees" })).toContainText("No fee data available.");
    await expectAccessible(page);

    // The product's {id}: the parent's numeric id opens the same page.
    await page.goto(`/admin/parents/${parent.id}/update`);
    await expect(page.getByRole("heading", { level: 1, name: "Mr. Emeka Eze" })).toBeVisible();

    // Edit Parent in the header opens the edit section and brings it into view, not under the bottom bar.
    await page.getByRole("link", { name: "Edit Parent" }).click();
    await expect(page).toHaveURL(`/admin/parents/${parent.id}/update?edit#edit-parent`);
    await expect(page.getByLabel("Name")).toBeInViewport();
    await expect(page.getByLabel("Name")).toHaveValue("Mr. Emeka Eze");
    await expect(page.getByRole("group", { name: "Children" }).getByLabel("Chidi Eze · SS2")).toBeChecked();
    await expectAccessible(page);
    await page.getByLabel("Email").fill("not an email");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Enter a valid email address.");
    await expect(page.getByLabel("Name")).toBeVisible();
    await page.getByLabel("Email").fill("emeka.eze@e2e.ng");
    await page.getByLabel("Name").fill("Chief Emeka Eze");
    await page.getByRole("group", { name: "Children" }).getByLabel("Chidi Eze · SS2").uncheck();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/admin\/parents$/);
    await expect(toast(page)).toHaveText("Updated successfully");
    await expect(rows(page).first()).toContainText("Chief Emeka Eze");
    await expect(rows(page).first()).toContainText("No children");

    expect((await page.goto("/admin/parents/PAR-doesnotexist/update"))?.status()).toBe(404);
    const other = await registerSchoolViaApi(request, "OtherParents");
    const foreign = await addParent(
      request,
      { account: other, token: await apiToken(request, other) },
      { name: "Not Yours" },
    );
    expect((await page.goto(`/admin/parents/${foreign.unique_id}/update`))?.status()).toBe(404);
    expect((await page.goto(`/admin/parents/${foreign.unique_id}/delete`))?.status()).toBe(404);
  });
});

test(
  "no-js smoke: parents list, add, the parent's page and its edit form, the delete confirm page",
  { tag: "@no-js" },
  async ({ page, request }) => {
    const admin = await signedIn(page, request, "ParentsSmoke");
    const child = await addStudent(request, admin, {
      name: "Kemi Bello",
      selectedClass: "JSS2",
      phone_number: "0803 444 5555",
    });
    await addParent(request, admin, { name: "Mr. Emeka Eze", children: [child.unique_id] });

    await page.goto("/admin/parents");
    await page.getByLabel("Search", { exact: true }).fill("emeka");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=emeka/);
    await expect(rows(page)).toHaveCount(1);
    await expectAccessible(page);

    // The add menu is a <details>: it opens without JavaScript.
    await page.getByLabel("Add parents").click();
    await page.getByRole("link", { name: "Add Parent", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/parents\/add$/);
    await expectAccessible(page);
    const save = page.getByRole("button", { name: "Add Parent" });
    await save.click();
    await expect(page.getByLabel("Name")).toHaveAccessibleDescription("Name is required");
    await expectAccessible(page);
    await page.getByLabel("Name").fill("Alhaja Funke Bello");
    await page.getByLabel("Email").fill("funke@e2e.ng");
    await page.getByLabel("Phone", { exact: true }).fill("0803 444 5555");
    await save.click();
    await expect(
      page.getByRole("status").filter({ hasText: "Students with this phone number are listed under Children" }),
    ).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Photo").setInputFiles(textFile());
    await save.click();
    await expect(page.getByLabel("Photo")).toHaveAccessibleDescription(/Only image files are allowed\./);
    await expectAccessible(page);
    await page.getByRole("group", { name: "Children" }).getByLabel("Kemi Bello · JSS2 · same phone number").check();
    await save.click();
    await expect(page).toHaveURL(/\/admin\/parents$/);
    await expect(toast(page)).toHaveText("Created successfully");
    await expect(rows(page)).toHaveCount(2);

    await rows(page).filter({ hasText: "Mr. Emeka Eze" }).getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Mr. Emeka Eze" })).toBeVisible();
    await expectAccessible(page);
    // The edit form is a <details> too; Edit Parent in the header opens it and leads to it.
    await expect(page.getByLabel("Name")).toBeHidden();
    await page.getByRole("link", { name: "Edit Parent" }).click();
    await expect(page.getByLabel("Name")).toBeInViewport();
    await expect(page.getByLabel("Name")).toHaveValue("Mr. Emeka Eze");
    await expectAccessible(page);

    await page.goto("/admin/parents");
    const row = rows(page).filter({ hasText: "Mr. Emeka Eze" });
    await row.getByLabel("Actions for Mr. Emeka Eze").click();
    await row.getByRole("link", { name: "Delete" }).click();
    await expect(page).toHaveURL(/\/admin\/parents\/PAR-[^/]+\/delete\?returnTo=/);
    await expect(page.getByText("Are you sure you want to delete Mr. Emeka Eze? This cannot be undone.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toHaveText("Deleted successfully");
    await expect(rows(page)).toHaveCount(1);
  },
);
