import { beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE } from "../../contract/limits";
import type { Page } from "./support/browser";
import { registerSchool, signedIn, type Admin } from "./support/school";

/**
 * Students and the former-students backlog with JavaScript off: GET forms for search, filter and pages,
 * confirm pages for Delete, Add to Backlog and Add to students, "Show subjects" for the class's subjects.
 * One school for the file; each test adds the students it needs under names of its own.
 */

let admin: Admin;
let phoneSerial = 0;

async function addStudent(school: Admin, data: Record<string, unknown>) {
  const phone = `0803 111 ${String(1000 + (phoneSerial++ % 9000))}`;
  const response = await school.api<{ data: { unique_id: string } }>("POST", "/students", {
    student_data: { selectedClass: "JSS1", gender: "Male", phone_number: phone, ...data },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data;
}

type StudentList = { total: number; data: Array<{ unique_id: string; student_data: Record<string, unknown> }> };
const listStudents = async (school: Admin, query = "") =>
  (await school.api<{ data: StudentList }>("GET", `/students${query}`)).body.data;

const rows = (page: Page) => page.listItems("Students");

beforeAll(async () => {
  admin = await registerSchool("StudentsForms");
});

describe("students list without JavaScript", () => {
  it("searches, filters by class and pages on the server", async () => {
    const school = await registerSchool("List");
    for (let i = 1; i <= PAGE_SIZE + 2; i++)
      await addStudent(school, {
        name: `Pupil ${String(i).padStart(2, "0")}`,
        selectedClass: i <= 3 ? "JSS2" : "JSS1",
      });
    await addStudent(school, {
      name: "Ngozi Okafor",
      gender: "Female",
      selectedClass: "SS3",
      admission: "ADM/77",
      email: "ngozi@school.test",
      phone_number: "0805 987 6543",
    });
    const browser = await signedIn(school);

    let page = await browser.goto("/admin/students");
    expect(page.heading()).toBe("Students");
    expect(rows(page)).toHaveLength(PAGE_SIZE);
    expect(rows(page)[0]).toContain("Ngozi Okafor");
    expect(rows(page)[0]).toContain("SS3 · Female");
    expect(page.href(/Ngozi Okafor/, { first: true })).toMatch(/^\/admin\/update-student\/STU-/);
    expect(page.text()).toContain(`Page 1 of 2 · ${PAGE_SIZE + 3} in all`);

    page = await page.follow("Next ›");
    expect(page.url.search).toContain("page=2");
    expect(rows(page)).toHaveLength(3);
    expect(rows(page).at(-1)).toContain("Pupil 22");
    page = await page.follow("‹ Previous");
    expect(rows(page)).toHaveLength(PAGE_SIZE);

    for (const text of ["ngozi", "ADM/77", "ngozi@school", "0805 987 6543"]) {
      page = await page.form({ button: "Search" }).fill("Search", text).submit("Search");
      expect(page.url.searchParams.get("q")).toBe(text);
      expect(rows(page)).toHaveLength(1);
      expect(rows(page)[0]).toContain("Ngozi Okafor");
    }
    page = await page.form({ button: "Search" }).fill("Search", "nobody at all").submit("Search");
    expect(page.text()).toContain("No students match your search");

    page = await page.form({ button: "Search" }).fill("Search", "").select("Class", "JSS2").submit("Search");
    expect(page.url.searchParams.get("class")).toBe("JSS2");
    expect(rows(page)).toHaveLength(3);
    expect(page.field("Class").value).toBe("JSS2");

    page = await page.form({ button: "Search" }).select("Class", "").submit("Search");
    expect(rows(page)).toHaveLength(PAGE_SIZE);
  });

  it("the menu leads to Add Student and Add Bulk Students; the floating button to the backlog", async () => {
    const school = await registerSchool("Menu");
    const browser = await signedIn(school);
    const list = await browser.goto("/admin/students");
    expect(list.text()).toContain("No students yet");
    expect(list.href("Add Bulk Students")).toBe("/admin/add-bulk-students");
    expect((await list.follow("Add Bulk Students")).heading()).toBe("Add Bulk Students");
    expect((await list.follow("Add Student", { first: true })).path).toBe("/admin/add-student");
    const backlog = await list.follow("Students Backlog");
    expect(backlog.path).toBe("/admin/students-backlog");
    expect(backlog.heading()).toBe("Students Backlog");
    expect(backlog.text()).toContain("No former students yet");
  });
});

describe("add and update without JavaScript", () => {
  it("add: messages beside fields, a bad phone then a good one, subjects of the chosen class", async () => {
    const school = await registerSchool("Add");
    const browser = await signedIn(school);
    let page = await browser.goto("/admin/add-student");
    expect(page.heading()).toBe("Add Student");

    page = await page.press("Add Student");
    expect(page.status).toBe(400);
    expect(page.field("Name").description).toBe("Name is required");
    expect(page.field("Class").description).toBe("Class is required");
    expect(page.field("Gender").description).toBe("Gender is required");
    expect(page.field("Phone Number").description).toMatch(/^Phone number is required/);

    page = await page
      .form({ button: "Add Student" })
      .fill("Name", "Amaka Obi")
      .check("Takes Lesson")
      .submit("Show subjects");
    expect(page.text()).toContain("Select a class first");
    expect(page.field("Name").value).toBe("Amaka Obi");

    page = await page.form({ button: "Add Student" }).select("Class", "JSS2").submit("Show subjects");
    expect(page.controls("Mathematics", page.group("Subjects"))).toHaveLength(1);
    page = await page
      .form({ button: "Add Student" })
      .check("Mathematics", { within: "Subjects" })
      .check("English Language", { within: "Subjects" })
      .select("Gender", "Female")
      .fill("Phone Number", "0800 000")
      .fill("Email", "amaka@example.test")
      .fill("Address", "12 Allen Avenue, Ikeja")
      .fill("Admission Number", "ADM/2025/001")
      .submit("Add Student");

    expect(page.field("Phone Number").description).toMatch(/^Enter a valid phone number\./);
    expect(page.field("Name").value).toBe("Amaka Obi");
    expect(page.field("Class").value).toBe("JSS2");
    expect(page.field("Admission Number").value).toBe("ADM/2025/001");
    expect(page.field("Mathematics", page.group("Subjects")).checked).toBe(true);
    expect((await listStudents(school)).total).toBe(0);

    page = await page.form({ button: "Add Student" }).fill("Phone Number", "0803 123 4567").submit("Add Student");
    expect(page.path).toBe("/admin/students");
    expect(page.toast()).toBe("Created successfully");
    expect(rows(page)).toHaveLength(1);
    expect(rows(page)[0]).toContain("JSS2 · Female");

    const [saved] = (await listStudents(school)).data;
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

  it("add: a duplicate admission number is refused beside the field; the same form sent twice adds one student", async () => {
    const school = await registerSchool("Twice");
    await addStudent(school, { name: "First Holder", admission: "ADM-1" });
    const browser = await signedIn(school);
    let page = await browser.goto("/admin/add-student");
    page = await page
      .form({ button: "Add Student" })
      .fill("Name", "Second Holder")
      .select("Class", "JSS1")
      .select("Gender", "Male")
      .fill("Phone Number", "0803 123 4567")
      .fill("Admission Number", "ADM-1")
      .submit("Add Student");
    expect(page.field("Admission Number").description).toBe(
      "Another student in this school already has this admission number.",
    );
    expect(page.field("Name").value).toBe("Second Holder");

    // A double tap sends the very same form twice: its hidden key makes the second one add nothing.
    const form = page.form({ button: "Add Student" }).fill("Admission Number", "ADM-2");
    const [first, second] = await Promise.all([form.submit("Add Student"), form.submit("Add Student")]);
    expect(first.path).toBe("/admin/students");
    expect(second.path).toBe("/admin/students");
    expect(rows(await browser.goto("/admin/students"))).toHaveLength(2);
    expect((await listStudents(school)).total).toBe(2);
  });

  it("add: 'No subjects available for this class' when the class has none", async () => {
    const school = await registerSchool("NoSubjects");
    const saved = await school.api("POST", "/school-settings", {
      school_settings: {
        sections: ["Nursery"],
        classes: [{ class_name: "Creche", section: "Nursery", subjects: [] }],
        subjects_by_section: { Nursery: [] },
      },
    });
    expect(saved.status).toBe(200);
    const browser = await signedIn(school);
    const page = await (await browser.goto("/admin/add-student"))
      .form({ button: "Add Student" })
      .check("Takes Lesson")
      .select("Class", "Creche")
      .submit("Show subjects");
    expect(page.text()).toContain("No subjects available for this class");
  });

  it("update: prefilled, required fields, saved, back on the list; unknown and foreign ids are 404", async () => {
    const school = await registerSchool("Update");
    await addStudent(school, {
      name: "Tunde Bello",
      selectedClass: "SS1",
      email: "tunde@example.test",
      takes_lesson: true,
      subjects: "Physics",
    });
    const browser = await signedIn(school);
    let page = await (await browser.goto("/admin/students")).follow(/^Tunde Bello/, { first: true });
    expect(page.path).toMatch(/^\/admin\/update-student\/STU-/);
    expect(page.heading()).toBe("Update Student");
    expect(page.field("Name").value).toBe("Tunde Bello");
    expect(page.field("Class").value).toBe("SS1");
    expect(page.field("Gender").value).toBe("Male");
    expect(page.field("Email").value).toBe("tunde@example.test");
    expect(page.field("Takes Lesson").checked).toBe(true);
    expect(page.field("Physics", page.group("Subjects")).checked).toBe(true);

    page = await page
      .form({ button: "Update Student" })
      .fill("Name", "")
      .fill("Phone Number", "")
      .submit("Update Student");
    expect(page.field("Name").description).toBe("Name is required");
    expect(page.field("Phone Number").description).toMatch(/^Phone number is required/);
    expect(page.field("Email").value).toBe("tunde@example.test");

    page = await page
      .form({ button: "Update Student" })
      .fill("Name", "Tunde Bello-Adeyemi")
      .fill("Phone Number", "0805 987 6543")
      .select("Class", "SS2")
      .submit("Show subjects");
    page = await page
      .form({ button: "Update Student" })
      .uncheck("Physics", { within: "Subjects" })
      .check("Chemistry", { within: "Subjects" })
      .submit("Update Student");
    expect(page.path).toBe("/admin/students");
    expect(page.toast()).toBe("Updated successfully");
    expect(rows(page)[0]).toContain("Tunde Bello-Adeyemi");
    expect(rows(page)[0]).toContain("SS2 · Male");
    const [saved] = (await listStudents(school)).data;
    expect(saved.student_data).toMatchObject({ phone_number: "+2348059876543", subjects: "Chemistry" });

    const missing = await browser.goto("/admin/update-student/STU-doesnotexist");
    expect(missing.status).toBe(404);
    expect(missing.heading()).toBe("Page not found");
    expect(missing.text()).toContain("The page you asked for does not exist.");
    // The admin keeps the shell and its menu around the 404.
    expect(missing.document.querySelector('nav[aria-label="Admin menu"]')).not.toBeNull();
    expect(missing.links("Students").length).toBeGreaterThan(0);

    const other = await registerSchool("Other");
    const foreign = await other.api<{ data: { unique_id: string } }>("POST", "/students", {
      student_data: { name: "Not Yours", selectedClass: "JSS1", gender: "Male", phone_number: "08031234567" },
    });
    expect((await browser.goto(`/admin/update-student/${foreign.body.data.unique_id}`)).status).toBe(404);
    expect((await browser.goto(`/admin/students/${foreign.body.data.unique_id}/delete`)).status).toBe(404);
  });
});

describe("backlog, restore and delete without JavaScript", () => {
  it("add to backlog with a reason on its confirm page, filter by reason, add back to students", async () => {
    const school = await registerSchool("Backlog");
    await addStudent(school, { name: "Kemi Adebayo", gender: "Female", selectedClass: "SS3" });
    await addStudent(school, { name: "Musa Ibrahim" });
    const browser = await signedIn(school);
    const list = await browser.goto("/admin/students");

    let page = await list.follow("Add to Backlog", { first: true });
    expect(page.path).toMatch(/^\/admin\/students\/STU-[^/]+\/backlog$/);
    expect(page.url.searchParams.get("returnTo")).toBeTruthy();
    expect(page.text()).toContain("Why is Kemi Adebayo leaving the students list?");
    page = await page.press("Add to Backlog");
    expect(page.field("Reason").description).toBe("Choose a reason: Expelled, Switched School or Graduated");
    page = await page.form({ button: "Add to Backlog" }).select("Reason", "Graduated").submit("Add to Backlog");

    expect(page.path).toBe("/admin/students");
    expect(page.toast()).toBe("Student added to backlog successfully!");
    expect(rows(page)).toHaveLength(1);
    expect(rows(page)[0]).toContain("Musa Ibrahim");

    page = await page.follow("Students Backlog");
    const former = () => page.listItems("Former students");
    expect(former()).toHaveLength(1);
    expect(former()[0]).toContain("Kemi Adebayo");
    expect(former()[0]).toContain("SS3 · Graduated");
    expect(former()[0]).toContain("KA");

    page = await page.form({ button: "Filter" }).select("Reason", "Expelled").submit("Filter");
    expect(page.url.searchParams.get("reason")).toBe("Expelled");
    expect(page.text()).toContain("No former students for this reason");
    page = await page.form({ button: "Filter" }).select("Reason", "Graduated").submit("Filter");
    expect(former()).toHaveLength(1);
    page = await page.form({ button: "Filter" }).select("Reason", "").submit("Filter");
    expect(former()).toHaveLength(1);

    page = await page.follow("Add to students");
    expect(page.text()).toContain("Add Kemi Adebayo back to the students list?");
    page = await page.press("Add to students");
    expect(page.toast()).toBe("Student added back to students successfully!");
    expect(page.path).toBe("/admin/students-backlog");
    expect(page.text()).toContain("No former students yet");

    page = await page.follow("Switch to Students");
    expect(page.path).toBe("/admin/students");
    expect(rows(page)).toHaveLength(2);
  });

  it("delete after its confirm page: back on the same page of the list, the row gone", async () => {
    await addStudent(admin, { name: "Gone Soon" });
    await addStudent(admin, { name: "Staying Here" });
    const browser = await signedIn(admin);
    const list = await browser.goto("/admin/students?q=soon");
    expect(rows(list)).toHaveLength(1);
    let page = await list.follow("Delete", { first: true });
    expect(page.text()).toContain("Are you sure you want to delete Gone Soon? This cannot be undone.");
    page = await page.press("Delete");
    expect(page.path + page.url.search).toBe("/admin/students?q=soon");
    expect(page.toast()).toBe("Deleted successfully");
    expect(rows(page)).toHaveLength(0);
    expect((await listStudents(admin, "?q=Staying")).total).toBe(1);
    expect((await listStudents(admin, "?q=Gone")).total).toBe(0);
  });

  it("Cancel on a confirm page changes nothing", async () => {
    const { unique_id } = await addStudent(admin, { name: "Still Here" });
    const browser = await signedIn(admin);
    const confirm = await browser.goto(
      `/admin/students/${unique_id}/delete?returnTo=${encodeURIComponent("/admin/students?q=still")}`,
    );
    const back = await confirm.follow("Cancel");
    expect(back.path).toBe("/admin/students");
    expect(rows(back)).toHaveLength(1);
    expect((await listStudents(admin, "?q=Still")).total).toBe(1);
  });
});
