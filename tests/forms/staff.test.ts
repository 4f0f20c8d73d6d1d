import Database from "better-sqlite3";
import { describe, expect, inject, it } from "vitest";
import { PAGE_SIZE } from "../../contract/limits";
import { logoPng, tooLargePng } from "../e2e/support/files";
import { normalize, type Page } from "./support/browser";
import { registerSchool, signedIn, type Admin } from "./support/school";

/**
 * Staff with JavaScript off: the list's chips (links), GET search form and pages, the Delete confirm
 * page, and the add and edit forms (the teaching part, a form-class clash naming the teacher, the photo
 * chosen again after each refusal, as a browser clears a file input on every page). The dashboard's
 * counts follow. Each test registers its own school: they count the staff they add.
 */

let serial = 0;
async function addStaff(school: Admin, data: Record<string, unknown>) {
  serial += 1;
  const response = await school.api<{ data: { unique_id: string } }>("POST", "/staffs", {
    staff_data: {
      email: `staff${serial}@forms.ng`,
      phone: `0807 300 ${String(1000 + serial)}`,
      is_teaching_staff: true,
      ...data,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data;
}
type StaffList = { total: number; data: Array<{ staff_data: Record<string, unknown> }> };
const listStaff = async (school: Admin, query = "") =>
  (await school.api<{ data: StaffList }>("GET", `/staffs${query}`)).body.data;

const rows = (page: Page) => page.listItems("Staff");
const row = (page: Page, name: string) =>
  [...page.document.querySelectorAll('ul[aria-label="Staff"] > li')].find((item) =>
    normalize(item.textContent).includes(name),
  )!;
/** Follows the chip (a link of the "Kind of staff" navigation) named `name`. */
const chip = (page: Page, name: string) =>
  page.browser.goto(
    new URL(page.linksWithin(page.region("Kind of staff"), name)[0].getAttribute("href")!, page.url).toString(),
  );
const chosenChip = (page: Page) =>
  page
    .linksWithin(page.region("Kind of staff"), /.*/)
    .filter((link) => link.getAttribute("aria-current") === "page")
    .map((link) => normalize(link.textContent));
const count = (page: Page, testId: string) => normalize(page.byTestId(testId)?.textContent);

describe("staff list without JavaScript", () => {
  it("chips, search, class filter and pages; delete after its confirm page; the dashboard follows", async () => {
    const school = await registerSchool("StaffList");
    for (let i = 1; i <= PAGE_SIZE; i++)
      await addStaff(school, { name: `Teacher ${String(i).padStart(2, "0")}`, position: "Teacher" });
    await addStaff(school, { name: "Mrs. Amina Yusuf", position: "Vice Principal", form_teacher: "SS1" });
    await addStaff(school, {
      name: "Mr. Okon Bassey",
      position: "Bursar",
      email: "okon@forms.ng",
      is_teaching_staff: false,
    });
    const browser = await signedIn(school);

    let page = await browser.goto("/admin/staff");
    expect(page.heading()).toBe("Staff");
    expect(rows(page)).toHaveLength(PAGE_SIZE);
    expect(rows(page)[0]).toContain("Mrs. Amina Yusuf");
    expect(rows(page)[0]).toContain("Vice Principal (Teaching) Form teacher, SS1");
    expect(rows(page)[1]).toContain("Mr. Okon Bassey");
    expect(rows(page)[1]).toContain("Bursar (Non-Teaching)");
    expect(page.href(/^Mr\. Okon Bassey/)).toMatch(/^\/admin\/staff\/STF-[^/]+\/update$/);
    expect(page.text()).toContain(`Page 1 of 2 · ${PAGE_SIZE + 2} in all`);
    expect(chosenChip(page)).toEqual(["All"]);

    page = await chip(page, "Non-Teaching");
    expect(page.url.searchParams.get("type")).toBe("non-teaching");
    expect(rows(page)).toHaveLength(1);
    expect(chosenChip(page)).toEqual(["Non-Teaching"]);
    page = await chip(page, "Teaching");
    expect(page.text()).toContain(`Page 1 of 2 · ${PAGE_SIZE + 1} in all`);

    // A search keeps the chip; a chip keeps the search.
    expect(page.control("Search").getAttribute("placeholder")).toBe("Search staff...");
    page = await page.form({ button: "Search" }).fill("Search", "vice principal").submit("Search");
    expect(page.url.searchParams.get("type")).toBe("teaching");
    expect(page.url.searchParams.get("q")).toBe("vice principal");
    expect(rows(page)).toHaveLength(1);
    page = await chip(page, "Non-Teaching");
    expect(page.text()).toContain("No staff match your search");
    page = await chip(page, "All");
    expect(rows(page)).toHaveLength(1);
    expect(page.field("Search").value).toBe("vice principal");

    page = await page.form({ button: "Search" }).fill("Search", "").select("Class", "SS1").submit("Search");
    expect(page.url.searchParams.get("class")).toBe("SS1");
    expect(rows(page)).toHaveLength(1);
    expect(rows(page)[0]).toContain("Mrs. Amina Yusuf");

    expect(page.href("Add Bulk Staff")).toBe("/admin/add-bulk-staff");
    expect(page.href("Add Staff")).toBe("/admin/staff/add");

    page = await page.follow("Delete");
    expect(page.path).toMatch(/^\/admin\/staff\/STF-[^/]+\/delete$/);
    expect(page.text()).toContain("Are you sure you want to delete Mrs. Amina Yusuf? This cannot be undone.");
    page = await page.press("Delete");
    expect(page.toast()).toBe("Deleted successfully");
    expect(page.path + page.url.search).toBe("/admin/staff?q=&class=SS1");
    expect(page.text()).toContain("No staff match your search");

    const dashboard = await browser.goto("/admin/dashboard");
    expect(count(dashboard, "teaching-staff")).toBe(String(PAGE_SIZE));
    expect(count(dashboard, "non-teaching-staff")).toBe("1");
  });
});

describe("add and edit staff without JavaScript", () => {
  it("messages beside fields, the teaching part, a form-class clash naming the teacher; saved, edited, counted", async () => {
    const school = await registerSchool("StaffForm");
    await addStaff(school, { name: "Mr. Tunde Bakare", form_teacher: "JSS1" });
    const browser = await signedIn(school);

    let page = await browser.goto("/admin/staff/add");
    expect(page.heading()).toBe("Add Staff");
    expect(page.field("Teaching staff").checked).toBe(true);
    expect(page.controls("Form teacher of")).toHaveLength(1);

    page = await page.press("Add Staff");
    expect(page.status).toBe(400);
    expect(page.field("Name").description).toBe("Name is required");
    expect(page.field("Email").description).toBe("Email is required");
    expect(page.field("Phone").description).toMatch(/^Phone number is required/);

    page = await page
      .form({ button: "Add Staff" })
      .fill("Name", "Mrs. Chioma Eze")
      .fill("Email", "chioma@forms.ng")
      .fill("Phone", "0803 123 4567")
      .fill("Position", "Head of Sciences")
      .select("Form teacher of", "JSS1")
      .select("Class 1", "JSS2")
      .select("Subject 1", "Basic Science")
      .attach("Photo", tooLargePng())
      .submit("Add Staff");
    expect(page.field("Photo").description).toMatch(/File size must be less than 2MB\./);
    page = await page.form({ button: "Add Staff" }).attach("Photo", logoPng("chioma.png")).submit("Add Staff");
    expect(page.field("Form teacher of").description).toMatch(
      /^Mr\. Tunde Bakare is already the form teacher of JSS1\./,
    );
    expect(page.field("Position").value).toBe("Head of Sciences");
    expect(page.field("Class 1").value).toBe("JSS2");
    expect(page.field("Subject 1").value).toBe("Basic Science");
    expect((await listStaff(school)).total).toBe(1);

    page = await page
      .form({ button: "Add Staff" })
      .select("Form teacher of", "JSS2")
      .attach("Photo", logoPng("chioma.png"))
      .submit("Add Staff");
    expect(page.path).toBe("/admin/staff");
    expect(page.toast()).toBe("Created successfully");
    expect(normalize(row(page, "Mrs. Chioma Eze").textContent)).toContain(
      "Head of Sciences (Teaching) Form teacher, JSS2",
    );
    expect(row(page, "Mrs. Chioma Eze").querySelector("img")?.getAttribute("src")).toMatch(/^\/media\/[a-f0-9]{32}$/);
    const saved = (await listStaff(school, "?q=chioma")).data[0].staff_data;
    expect(saved).toMatchObject({
      phone: "+2348031234567",
      form_teacher: "JSS2",
      teaching: [{ class: "JSS2", subject: "Basic Science" }],
      is_teaching_staff: true,
    });

    page = await page.follow(/^Mrs\. Chioma Eze/);
    expect(page.heading()).toBe("Edit Staff");
    expect(page.field("Name").value).toBe("Mrs. Chioma Eze");
    expect(page.field("Form teacher of").value).toBe("JSS2");
    expect(page.field("Class 1").value).toBe("JSS2");
    expect(page.field("Subject 1").value).toBe("Basic Science");
    expect(page.controls("Class 4")).toHaveLength(1);
    page = await page
      .form({ button: "Save Changes" })
      .fill("Position", "Bursar")
      .uncheck("Teaching staff")
      .check("Remove photo")
      .submit("Save Changes");
    expect(page.toast()).toBe("Updated successfully");
    expect(normalize(row(page, "Mrs. Chioma Eze").textContent)).toContain("Bursar (Non-Teaching)");
    expect(row(page, "Mrs. Chioma Eze").querySelector("img")).toBeNull();
    expect((await listStaff(school, "?q=chioma")).data[0].staff_data).toMatchObject({
      is_teaching_staff: false,
      form_teacher: null,
      profile_img: null,
    });

    const dashboard = await browser.goto("/admin/dashboard");
    expect(count(dashboard, "teaching-staff")).toBe("1");
    expect(count(dashboard, "non-teaching-staff")).toBe("1");
    expect((await browser.goto("/admin/staff/STF-doesnotexist/update")).status).toBe(404);
  });
});

describe("classes and subjects taught without JavaScript", () => {
  it("'Add more rows' keeps everything typed and saves nothing; messages beside their row; the pairs saved", async () => {
    const school = await registerSchool("StaffRows");
    const browser = await signedIn(school);
    let page = await browser.goto("/admin/staff/add");
    expect(page.controls("Class 3")).toHaveLength(1);
    expect(page.controls("Class 4")).toHaveLength(0);

    page = await page
      .form({ button: "Add Staff" })
      .fill("Name", "Mr. Sani Garba")
      .fill("Email", "sani@forms.ng")
      .fill("Phone", "0803 222 4444")
      .select("Class 1", "JSS1")
      .select("Subject 1", "Mathematics")
      .select("Class 2", "JSS1")
      .select("Subject 2", "French")
      .select("Class 3", "SS1")
      .select("Subject 3", "Physics")
      .submit("Add more rows");
    expect(page.status).toBe(200);
    expect(page.controls("Class 6")).toHaveLength(1);
    expect(page.field("Name").value).toBe("Mr. Sani Garba");
    expect(page.field("Class 3").value).toBe("SS1");
    expect(page.field("Subject 3").value).toBe("Physics");
    expect(page.field("Subject 2").description).toBe("");
    expect((await listStaff(school)).total).toBe(0);

    // A half row and a pair twice: the app's own check, beside their rows.
    page = await page
      .form({ button: "Add Staff" })
      .select("Class 4", "SS1")
      .select("Class 5", "JSS1")
      .select("Subject 5", "Physics")
      .select("Class 6", "JSS1")
      .select("Subject 6", "Mathematics")
      .submit("Add Staff");
    expect(page.status).toBe(400);
    expect(page.field("Subject 4").description).toBe("Choose a subject");
    expect(page.field("Class 4").value).toBe("SS1");
    expect(page.field("Subject 6").description).toBe("This class and subject are already listed");
    expect(page.field("Subject 1").description).toBe("");
    expect(page.field("Subject 5").value).toBe("Physics");

    // Blank rows are skipped; the school's rule (Physics is no JSS1 subject) comes back beside row 5.
    page = await page
      .form({ button: "Add Staff" })
      .select("Class 4", "")
      .select("Class 6", "")
      .select("Subject 6", "")
      .submit("Add Staff");
    expect(page.status).toBe(422);
    expect(page.field("Subject 5").description).toBe("Choose one of the subjects of JSS1");
    expect(page.field("Subject 5").invalid).toBe(true);
    expect(page.field("Subject 3").description).toBe("");
    expect((await listStaff(school)).total).toBe(0);

    page = await page.form({ button: "Add Staff" }).select("Subject 5", "Basic Science").submit("Add Staff");
    expect(page.toast()).toBe("Created successfully");
    expect((await listStaff(school)).data[0].staff_data.teaching).toEqual([
      { class: "JSS1", subject: "Basic Science" },
      { class: "JSS1", subject: "French" },
      { class: "JSS1", subject: "Mathematics" },
      { class: "SS1", subject: "Physics" },
    ]);

    // Clearing a row removes its pair on edit.
    page = await page.follow(/^Mr\. Sani Garba/);
    expect(page.field("Class 4").value).toBe("SS1");
    page = await page
      .form({ button: "Save Changes" })
      .select("Class 4", "")
      .select("Subject 4", "")
      .submit("Save Changes");
    expect(page.toast()).toBe("Updated successfully");
    expect((await listStaff(school)).data[0].staff_data.teaching).toHaveLength(3);
  });

  it("rows left in the hidden teaching part of non-teaching staff are not checked", async () => {
    const school = await registerSchool("StaffRowsHidden");
    const browser = await signedIn(school);
    const page = await (await browser.goto("/admin/staff/add"))
      .form({ button: "Add Staff" })
      .fill("Name", "Mr. Okon Bassey")
      .fill("Email", "okon@forms.ng")
      .fill("Phone", "0803 222 5555")
      .select("Class 1", "JSS1")
      .uncheck("Teaching staff")
      .submit("Add Staff");
    expect(page.toast()).toBe("Created successfully");
    expect((await listStaff(school)).data[0].staff_data).toMatchObject({ is_teaching_staff: false, teaching: [] });
  });

  it("a member whose old lists could not be paired is flagged on the list and the form until saved", async () => {
    const school = await registerSchool("StaffReview");
    const member = await addStaff(school, { name: "Mrs. Ngozi Obi" });
    // As the migration to pairs leaves a member with two classes and two subjects: no call makes one.
    const db = new Database(inject("databaseFile"));
    try {
      db.pragma("busy_timeout = 5000");
      db.prepare("update staff set teaching_review = ? where unique_id = ?").run(
        JSON.stringify({ class: ["JSS1", "SS1"], subjects: ["Mathematics", "Physics"] }),
        member.unique_id,
      );
    } finally {
      db.close();
    }
    const browser = await signedIn(school);
    let page = await browser.goto("/admin/staff");
    expect(normalize(row(page, "Mrs. Ngozi Obi").textContent)).toContain(
      "Check the classes and subjects this staff member teaches",
    );
    page = await page.follow(/^Mrs\. Ngozi Obi/);
    expect(page.text()).toContain("Check the classes and subjects this staff member teaches.");
    expect(page.text()).toContain(
      "Before, this record listed the classes JSS1, SS1 and the subjects Mathematics, Physics",
    );
    page = await page
      .form({ button: "Save Changes" })
      .select("Class 1", "JSS1")
      .select("Subject 1", "Mathematics")
      .select("Class 2", "SS1")
      .select("Subject 2", "Physics")
      .submit("Save Changes");
    expect(page.toast()).toBe("Updated successfully");
    expect(normalize(row(page, "Mrs. Ngozi Obi").textContent)).not.toContain("Check the classes");
    expect((await listStaff(school)).data[0].staff_data).toMatchObject({
      teaching_review: null,
      teaching: [
        { class: "JSS1", subject: "Mathematics" },
        { class: "SS1", subject: "Physics" },
      ],
    });
  });
});
