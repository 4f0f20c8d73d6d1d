import { beforeAll, describe, expect, it } from "vitest";
import { sessionOptions } from "../../contract/calendar";
import { maximaResetMessage } from "../../contract/grading-settings";
import { SETTINGS_MESSAGES as M, type SchoolSettings } from "../../contract/settings";
import { normalize, type Browser, type Page } from "./support/browser";
import { registerSchool, signedIn, type Admin } from "./support/school";

/**
 * The settings screens with JavaScript off: sections added and removed on the main view (a confirm page
 * when classes go with them), a section's classes and subjects, and the report sheet. Their lists are
 * edited by Add and Remove buttons that post the whole form and get it back redrawn, saving nothing
 * until "Save & Back to Settings"; and the grading (each section's maxima and grades, the tie rule). Tests that
 * change the settings register a school of their own.
 */

const SAVED = "Settings updated successfully!";
const UNSAVED = "Changes are not saved yet.";
const SECTION_PATH = "/admin/settings/section";

let school: Admin;

beforeAll(async () => {
  school = await registerSchool("SettingsForms");
});

const settingsOf = async (owner: Admin) =>
  (await owner.api<{ data: SchoolSettings }>("GET", "/school-settings")).body.data;

async function settingsPage(owner: Admin): Promise<{ browser: Browser; page: Page }> {
  const browser = await signedIn(owner);
  const page = await browser.goto("/admin/settings");
  expect(page.heading()).toBe("Settings");
  return { browser, page };
}

function expectSaved(page: Page) {
  expect(page.path + page.url.search).toBe("/admin/settings");
  expect(page.toast()).toBe(SAVED);
}

const sectionChips = (page: Page) => page.itemsIn(page.byTestId("sections")!);
const classNames = (page: Page) => page.controls(/^Class \d+ name$/).map((control) => control.getAttribute("value"));
/** The entries of a report sheet list, as its chips show them. */
const listEntries = (page: Page, legend: string) =>
  [...page.group(legend).querySelectorAll("li > span")].map((chip) => normalize(chip.textContent));

describe("settings main view without JavaScript", () => {
  it("shows the default sections, adds one and removes sections", async () => {
    const own = await registerSchool("Sections");
    const { browser, page: settings } = await settingsPage(own);
    let page = settings;
    expect(page.href("‹ Back")).toBe("/admin/dashboard");
    const defaults = ["Early Childhood", "Primary", "Junior Secondary", "Senior Secondary"];
    expect(sectionChips(page)).toEqual(defaults.map((section) => expect.stringMatching(new RegExp(`^${section}`))));
    for (const section of defaults) expect(page.links(`${section} Subjects`)).toHaveLength(1);
    expect(page.links("Report Sheet Columns")).toHaveLength(1);
    expect(page.links("Grading")).toHaveLength(1);

    page = await page.press("Add");
    expect(page.status).toBe(400);
    expect(page.field("New section").description).toBe("Section name is required");
    page = await page.form({ button: "Add" }).fill("New section", " primary ").submit("Add");
    expect(page.status).toBe(400);
    expect(page.field("New section").description).toBe("Section names must be unique");
    expect(page.field("New section").value).toBe(" primary ");
    expect((await settingsOf(own)).sections).toEqual(defaults);

    page = await page.form({ button: "Add" }).fill("New section", "Vocational").submit("Add");
    expectSaved(page);
    expect(page.links("Vocational Subjects")).toHaveLength(1);
    page = await browser.goto("/admin/settings");
    expect(sectionChips(page)).toHaveLength(5);
    expect(sectionChips(page).at(-1)).toMatch(/^Vocational/);
    expect((await settingsOf(own)).sections).toEqual([...defaults, "Vocational"]);

    // A section without classes goes at once.
    page = await page.press("Remove Vocational");
    expectSaved(page);
    page = await browser.goto("/admin/settings");
    expect(sectionChips(page)).toHaveLength(4);
    expect(page.links("Vocational Subjects")).toHaveLength(0);

    // A section with classes asks first, on a confirm page, since its classes go with it.
    page = await page.follow("Remove Early Childhood");
    expect(page.path).toBe("/admin/settings");
    expect(page.url.searchParams.get("remove")).toBe("Early Childhood");
    expect(page.text()).toMatch(/Remove Early Childhood\? Its classes \(.+\) and its subjects are removed too\./);
    page = await page.press("Remove");
    expectSaved(page);
    page = await browser.goto("/admin/settings");
    expect(sectionChips(page)).toEqual([
      expect.stringMatching(/^Primary/),
      expect.stringMatching(/^Junior Secondary/),
      expect.stringMatching(/^Senior Secondary/),
    ]);
    expect(page.links("Early Childhood Subjects")).toHaveLength(0);
    const saved = await settingsOf(own);
    expect(saved.sections).toEqual(["Primary", "Junior Secondary", "Senior Secondary"]);
    expect(saved.classes.filter((c) => c.section === "Early Childhood")).toEqual([]);
  });

  it("Cancel on the removal's confirm page keeps the section", async () => {
    const { page: settings } = await settingsPage(school);
    const confirm = await settings.follow("Remove Primary");
    expect(confirm.url.searchParams.get("remove")).toBe("Primary");
    const back = await confirm.follow("Cancel");
    expect(back.path + back.url.search).toBe("/admin/settings");
    expect(sectionChips(back)).toHaveLength(4);
    expect((await settingsOf(school)).sections).toContain("Primary");
  });
});

describe("section view without JavaScript", () => {
  it("edits a section's classes and subjects: each Add and Remove redraws the form, only Save writes", async () => {
    const own = await registerSchool("Section");
    const { browser, page: settings } = await settingsPage(own);
    const before = await settingsOf(own);
    let page = await settings.follow("Junior Secondary Subjects");
    expect(page.path + page.url.search).toBe(`${SECTION_PATH}?name=Junior%20Secondary`);
    const sectionPath = page.path + page.url.search;
    expect(page.heading()).toBe("Junior Secondary Subjects");
    expect(page.href("‹ Back")).toBe("/admin/settings");
    expect(classNames(page)).toEqual(["JSS1", "JSS2", "JSS3"]);
    expect(page.field("Basic Technology").checked).toBe(true);
    expect(page.field("Further Mathematics").checked).toBe(false);
    const edits = browser.visited.length;

    const form = () => page.form({ button: "Save & Back to Settings" });
    page = await form().submit("Add class");
    expect(page.field("New class").description).toBe("Class name is required");
    page = await form().fill("New class", "ss1").submit("Add class");
    expect(page.field("New class").description).toBe("Class names must be unique");
    expect(page.field("New class").value).toBe("ss1");

    page = await form().fill("New class", "JSS4").submit("Add class");
    expect(classNames(page)).toEqual(["JSS1", "JSS2", "JSS3", "JSS4"]);
    expect(page.field("New class").value).toBe("");

    // Enter in the new-class box presses the form's first button, a hidden Add: the class is added, nothing saved.
    page = await form().fill("New class", "JSS5").submit();
    expect(page.path + page.url.search).toBe(sectionPath);
    expect(classNames(page)).toEqual(["JSS1", "JSS2", "JSS3", "JSS4", "JSS5"]);

    page = await form().fill("Class 3 name", "JSS 3").submit("Remove JSS5");
    expect(classNames(page)).toEqual(["JSS1", "JSS2", "JSS 3", "JSS4"]);
    page = await form().submit("Remove JSS1");
    expect(classNames(page)).toEqual(["JSS2", "JSS 3", "JSS4"]);
    expect(page.field("Class 2 name").value).toBe("JSS 3");

    page = await form()
      .uncheck("French")
      .check("Further Mathematics")
      .fill("New subject", "mathematics")
      .submit("Add subject");
    expect(page.field("New subject").description).toBe("Subjects must be unique");
    page = await form().fill("New subject", "Robotics").submit("Add subject");
    expect(page.field("Robotics").checked).toBe(true);
    expect(page.field("French").checked).toBe(false);
    expect(page.field("Further Mathematics").checked).toBe(true);

    // A blank class name is refused beside it, with the rest kept.
    page = await form().fill("Class 1 name", " ").submit("Save & Back to Settings");
    expect(page.field("Class 1 name").description).toBe("Class name is required");
    expect(page.field("Class 2 name").value).toBe("JSS 3");
    expect(page.field("Robotics").checked).toBe(true);

    // Every Add, Remove and the refused save answered the form itself; none of them wrote anything. An Add or
    // Remove only edits the list (200); the refused save answers 400.
    const posts = browser.visited.slice(edits);
    expect(posts).toHaveLength(9);
    expect(posts.every((post) => post.method === "POST" && post.path === sectionPath)).toBe(true);
    expect(posts.map((post) => post.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 400]);
    expect(await settingsOf(own)).toEqual(before);

    page = await form().fill("Class 1 name", "JSS2").submit("Save & Back to Settings");
    expectSaved(page);

    page = await (await browser.goto("/admin/settings")).follow("Junior Secondary Subjects");
    expect(classNames(page)).toEqual(["JSS2", "JSS 3", "JSS4"]);
    expect(page.field("Robotics").checked).toBe(true);
    expect(page.field("Further Mathematics").checked).toBe(true);
    expect(page.field("French").checked).toBe(false);
    const saved = await settingsOf(own);
    expect(saved.classes_by_section["Junior Secondary"]).toEqual(["JSS2", "JSS 3", "JSS4"]);
    expect(saved.subjects_by_section["Junior Secondary"]).toEqual(
      expect.arrayContaining(["Robotics", "Further Mathematics"]),
    );
    expect(saved.subjects_by_section["Junior Secondary"]).not.toContain("French");
  });

  it("a renamed class keeps its students, and a removed row's name is not taken for a rename", async () => {
    const own = await registerSchool("Rename");
    for (const [name, selectedClass, gender] of [
      ["Pupil 1", "JSS1", "Female"],
      ["Obi in JSS2", "JSS2", "Male"],
      ["Eze in JSS3", "JSS3", "Male"],
    ]) {
      const response = await own.api("POST", "/students", {
        student_data: { name, selectedClass, gender, phone_number: "08031234567" },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
    }
    const { browser, page: settings } = await settingsPage(own);
    let page = await settings.follow("Junior Secondary Subjects");
    // Remove JSS2, then type a new name over JSS3's row and over JSS1's: only those two are renames.
    page = await page.form({ button: "Save & Back to Settings" }).submit("Remove JSS2");
    expect(classNames(page)).toEqual(["JSS1", "JSS3"]);
    page = await page
      .form({ button: "Save & Back to Settings" })
      .fill("Class 1 name", "Year 7")
      .fill("Class 2 name", "Year 9")
      .submit("Save & Back to Settings");
    expectSaved(page);

    const students = (list: Page) => list.listItems("Students");
    page = await browser.goto("/admin/students?class=Year%207");
    expect(students(page)).toHaveLength(1);
    expect(students(page)[0]).toContain("Pupil 1");
    expect(students(page)[0]).toContain("Year 7");
    expect(page.field("Class").value).toBe("Year 7");
    page = await browser.goto("/admin/students?class=Year%209");
    expect(students(page)).toHaveLength(1);
    expect(students(page)[0]).toContain("Eze in JSS3");
    // JSS2 was removed, not renamed: its student keeps the old class.
    page = await browser.goto("/admin/students?q=Obi%20in");
    expect(students(page)).toHaveLength(1);
    expect(students(page)[0]).toContain("JSS2");
  });

  it("gives classes a level: empty is the class's own, Add and Remove keep each row's, a long one is refused beside it", async () => {
    const own = await registerSchool("Levels");
    const { browser, page: settings } = await settingsPage(own);
    let page = await settings.follow("Junior Secondary Subjects");
    const form = () => page.form({ button: "Save & Back to Settings" });
    expect(page.field("Level of class 1").value).toBe("");
    expect(page.field("Level of class 1").description).toMatch(/^Arms of one class \(JSS1A, JSS1B\) can share a level/);

    // JSS1 becomes two arms of the JSS1 level.
    page = await form().fill("Class 1 name", "JSS1A").fill("New class", "JSS1B").submit("Add class");
    expect(classNames(page)).toEqual(["JSS1A", "JSS2", "JSS3", "JSS1B"]);
    expect(page.field("Level of class 4").value).toBe("");
    page = await form().fill("Level of class 1", "JSS1").fill("Level of class 4", " JSS1 ").submit("Remove JSS2");
    expect(classNames(page)).toEqual(["JSS1A", "JSS3", "JSS1B"]);
    expect(page.field("Level of class 1").value).toBe("JSS1");
    expect(page.field("Level of class 2").value).toBe("");
    expect(page.field("Level of class 3").value).toBe(" JSS1 ");

    const before = await settingsOf(own);
    page = await form().fill("Level of class 2", "x".repeat(81)).submit("Save & Back to Settings");
    expect(page.status).toBe(400);
    expect(page.field("Level of class 2").description).toBe("Keep names to 80 characters or fewer");
    expect(page.field("Level of class 2").invalid).toBe(true);
    expect(page.field("Level of class 1").value).toBe("JSS1");
    expect(page.field("Class 3 name").value).toBe("JSS1B");
    expect(await settingsOf(own)).toEqual(before);

    page = await form().fill("Level of class 2", "").submit("Save & Back to Settings");
    expectSaved(page);
    const levels = async (section: string) =>
      (await settingsOf(own)).classes.filter((c) => c.section === section).map((c) => [c.class_name, c.level]);
    expect(await levels("Junior Secondary")).toEqual([
      ["JSS1A", "JSS1"],
      ["JSS3", "JSS3"],
      ["JSS1B", "JSS1"],
    ]);
    // A section without arms: every class is its own level.
    expect(await levels("Senior Secondary")).toEqual([
      ["SS1", "SS1"],
      ["SS2", "SS2"],
      ["SS3", "SS3"],
    ]);

    // Saving another section keeps these levels; the section shows them again.
    page = await (await browser.goto("/admin/settings")).follow("Senior Secondary Subjects");
    expectSaved(await page.form({ button: "Save & Back to Settings" }).submit("Save & Back to Settings"));
    page = await (await browser.goto("/admin/settings")).follow("Junior Secondary Subjects");
    expect(page.field("Level of class 1").value).toBe("JSS1");
    expect(page.field("Level of class 2").value).toBe("");
    expect(page.field("Level of class 3").value).toBe("JSS1");
  });

  it("says changes are not saved yet, at the top and beside Save, from an Add or Remove until the save", async () => {
    const own = await registerSchool("Unsaved");
    const { browser, page: settings } = await settingsPage(own);
    let page = await settings.follow("Senior Secondary Subjects");
    const form = () => page.form({ button: "Save & Back to Settings" });
    const notices = (shown: Page) => shown.text().split(UNSAVED).length - 1;
    const saveBar = (shown: Page) => normalize(shown.byTestId("save-bar")?.textContent);
    expect(notices(page)).toBe(0);
    expect(saveBar(page)).toBe("Save & Back to Settings");

    // A refused Add changed nothing: nothing to lose yet.
    page = await form().submit("Add class");
    expect(page.field("New class").description).toBe("Class name is required");
    expect(notices(page)).toBe(0);

    page = await form().fill("New class", "SS4").submit("Add class");
    expect(classNames(page)).toEqual(["SS1", "SS2", "SS3", "SS4"]);
    expect(notices(page)).toBe(2);
    // The first one opens the page, above the form.
    expect(page.text("main").indexOf(UNSAVED)).toBeLessThan(page.text("main").indexOf("Classes"));
    expect(saveBar(page)).toBe(`${UNSAVED}Save & Back to Settings`);
    // Removing the class again leaves the section as saved.
    page = await form().submit("Remove SS4");
    expect(notices(page)).toBe(0);
    // A tick sent along with a Remove is a change too.
    page = await form().uncheck("Music").submit("Remove SS3");
    expect(notices(page)).toBe(2);
    // Leaving by ‹ Back without saving keeps nothing, as the notice said.
    expect(page.href("‹ Back")).toBe("/admin/settings");
    expect((await settingsOf(own)).classes_by_section["Senior Secondary"]).toEqual(["SS1", "SS2", "SS3"]);

    page = await form().submit("Save & Back to Settings");
    expectSaved(page);
    expect(notices(page)).toBe(0);
    page = await (await browser.goto("/admin/settings")).follow("Senior Secondary Subjects");
    expect(classNames(page)).toEqual(["SS1", "SS2"]);
    expect(page.field("Music").checked).toBe(false);
    expect(notices(page)).toBe(0);
  });

  it("lists the section's subjects first and folds the rest of the offer, every one of them sent", async () => {
    const browser = await signedIn(school);
    const page = await browser.goto(`${SECTION_PATH}?name=Early%20Childhood`);
    const boxes = (testId: string) =>
      [...page.byTestId(testId)!.querySelectorAll("input[type=checkbox]")].map((box) => box.getAttribute("value"));
    expect(boxes("subjects")).toHaveLength(11);
    expect(boxes("subjects")).toContain("Phonics");
    expect(page.text()).toContain("Taught in Early Childhood (11)");
    const folded = page.byTestId("other-subjects")!.closest("details")!;
    expect(folded.hasAttribute("open")).toBe(false);
    expect(normalize(folded.querySelector("summary")?.textContent)).toBe("Other subjects (38)");
    expect(boxes("other-subjects")).toContain("Physics");
    expect(page.field("Physics").checked).toBe(false);
  });

  it("an unknown section is not found", async () => {
    const browser = await signedIn(school);
    const page = await browser.goto(`${SECTION_PATH}?name=Nowhere`);
    expect(page.status).toBe(404);
    expect(page.heading()).toBe("Section not found");
    expect(page.href("Back to settings")).toBe("/admin/settings");
  });
});

describe("report sheet view without JavaScript", () => {
  it("edits every report sheet field: lists by Add and Remove, choices kept across them, saved once", async () => {
    const own = await registerSchool("ReportSheet");
    const { browser, page: settings } = await settingsPage(own);
    const before = await settingsOf(own);
    let page = await settings.follow("Report Sheet Columns");
    expect(page.path).toBe("/admin/settings/report-sheet");
    expect(page.heading()).toBe("Report Sheet Columns");
    expect(page.href("‹ Back")).toBe("/admin/settings");
    const choice = (legend: string, label: string) => page.field(label, page.group(legend)).checked;
    expect(choice("Add position", "Yes")).toBe(true);
    expect(choice("Enable extra inputs", "No")).toBe(true);
    expect(listEntries(page, "Mid-term columns")).toEqual(["1st CA", "2nd CA"]);

    // Lists: add, refuse a repeat, remove.
    const form = () => page.form({ button: "Save & Back to Settings" });
    page = await form().fill("New mid-term column", "1st ca").submit("Add mid-term column");
    expect(page.field("New mid-term column").description).toBe("Column names must be unique");
    expect(page.field("New mid-term column").value).toBe("1st ca");
    page = await form().fill("New mid-term column", "Project").submit("Add mid-term column");
    expect(listEntries(page, "Mid-term columns")).toEqual(["1st CA", "2nd CA", "Project"]);
    expect(page.byTestId("save-bar")?.textContent).toContain(UNSAVED);
    page = await form().submitIn("Mid-term columns", "Remove 2nd CA");
    expect(listEntries(page, "Mid-term columns")).toEqual(["1st CA", "Project"]);
    expect(listEntries(page, "Exam columns")).toEqual(["1st CA", "2nd CA", "Exam"]);

    page = await form().submit("Add extra input");
    expect(page.field("New extra input").description).toBe("Input name is required");
    // Enter in the box presses the form's first button, a hidden Add.
    page = await form().fill("New extra input", "Class Teacher's Remark").submit();
    expect(listEntries(page, "Extra inputs")).toEqual(["Class Teacher's Remark"]);

    page = await form().submitIn("Exam columns", "Remove Exam");
    expect(listEntries(page, "Exam columns")).toEqual(["1st CA", "2nd CA"]);
    page = await form().fill("New exam column", "Examination").submit("Add exam column");
    expect(listEntries(page, "Exam columns")).toEqual(["1st CA", "2nd CA", "Examination"]);
    page = await form().fill("New child development input", "Honesty").submit("Add child development input");
    expect(listEntries(page, "Child development inputs")).toHaveLength(6);
    page = await form().submitIn("Child development inputs", "Remove Neatness");
    expect(listEntries(page, "Child development inputs")).toEqual([
      "Punctuality",
      "Politeness",
      "Attentiveness",
      "Relationship with Others",
      "Honesty",
    ]);
    expect(await settingsOf(own)).toEqual(before);

    const session = sessionOptions(new Date())[0];
    page = await form()
      .check("No", { within: "Add position" })
      .check("No", { within: "Include attendance" })
      .check("Yes", { within: "Enable extra inputs" })
      .check("No", { within: "Enable child development" })
      .check("No", { within: "School signature" })
      .check("2nd Term", { within: "Current term" })
      .select("Current session", session)
      .submit("Save & Back to Settings");
    expectSaved(page);

    page = await (await browser.goto("/admin/settings")).follow("Report Sheet Columns");
    expect(choice("Add position", "No")).toBe(true);
    expect(choice("Include attendance", "No")).toBe(true);
    expect(choice("Enable extra inputs", "Yes")).toBe(true);
    expect(choice("Enable child development", "No")).toBe(true);
    expect(choice("School signature", "No")).toBe(true);
    expect(choice("Current term", "2nd Term")).toBe(true);
    expect(page.field("Current session").value).toBe(session);
    expect(listEntries(page, "Mid-term columns")).toEqual(["1st CA", "Project"]);
    expect(listEntries(page, "Exam columns")).toEqual(["1st CA", "2nd CA", "Examination"]);
    expect(listEntries(page, "Extra inputs")).toEqual(["Class Teacher's Remark"]);
    expect(listEntries(page, "Child development inputs")).toEqual([
      "Punctuality",
      "Politeness",
      "Attentiveness",
      "Relationship with Others",
      "Honesty",
    ]);
    const saved = await settingsOf(own);
    expect(saved.report_sheet).toMatchObject({
      add_position: false,
      include_attendance: false,
      enable_extra_inputs: true,
      enable_child_development: false,
      school_signature: false,
      current_term: "2nd Term",
      mid_term_columns: ["1st CA", "Project"],
      exam_columns: ["1st CA", "2nd CA", "Examination"],
      extra_inputs: ["Class Teacher's Remark"],
    });
    expect(saved.other_settings.current_session).toBe(session);

    // The dashboard shows the school's own term and session.
    const dashboard = await browser.goto("/admin/dashboard");
    expect(dashboard.text('[data-testid="term"]')).toBe("2nd Term");
    expect(dashboard.text('[data-testid="session"]')).toBe(session);
  });
});

describe("grading view without JavaScript", () => {
  it("sets a section's maxima and grades and the tie rule: a wrong total or an overlap is named beside its field, the rest kept", async () => {
    const own = await registerSchool("ReportGrades");
    const { page: settings } = await settingsPage(own);
    const before = await settingsOf(own);
    let page = await settings.follow("Grading");
    expect(page.path).toBe("/admin/settings/grading");
    expect(page.heading()).toBe("Grading");
    expect(page.href("‹ Back")).toBe("/admin/settings");
    expect(page.href("Report Sheet Columns")).toBe("/admin/settings/report-sheet");
    const maximum = (section: string, column: string) => page.field(column, page.group(`${section} score maxima`));
    const form = () => page.form({ button: "Save & Back to Settings" });
    expect(maximum("Primary", "Exam").value).toBe("60");
    expect(page.field("Primary grade 1").value).toBe("A1");
    expect(page.field("Primary grade 9 from").value).toBe("0");
    expect(page.field("Primary grade 10").value).toBe("");
    expect(page.field("Standard (1, 1, 3)", page.group("Tied positions")).checked).toBe(true);

    page = await form()
      .fill("1st CA", "10", { within: "Primary score maxima" })
      .fill("Primary grade 2 to", "75")
      .fill("Junior Secondary grade 9 remark", "Poor")
      .check("Dense (1, 1, 2)", { within: "Tied positions" })
      .submit("Save & Back to Settings");
    expect(page.status).toBe(400);
    expect(page.path).toBe("/admin/settings/grading");
    expect(page.groupDescription("Primary score maxima")).toBe(M.examMaximaTotal(90));
    expect(maximum("Primary", "1st CA")).toMatchObject({
      value: "10",
      invalid: true,
      description: M.examMaximaTotal(90),
    });
    expect(page.field("Primary grade 2 to")).toMatchObject({ value: "75", description: M.gradeOverlap("A1") });
    expect(page.field("Junior Secondary grade 9 remark").value).toBe("Poor");
    expect(page.field("Dense (1, 1, 2)", page.group("Tied positions")).checked).toBe(true);
    expect(page.text()).toContain(UNSAVED);
    expect(await settingsOf(own)).toEqual(before);

    // A 30/10/60 split, the overlap mended, and the nursery's own words in three rows, the other rows blank.
    let fixed = form()
      .fill("1st CA", "30", { within: "Primary score maxima" })
      .fill("2nd CA", "10", { within: "Primary score maxima" })
      .fill("Primary grade 2 to", "74");
    const words = [
      ["Excellent", "80", "100", "Excellent work"],
      ["Very Good", "60", "79", "Very good work"],
      ["Good", "0", "59", "Good effort"],
    ];
    for (let row = 1; row <= 9; row++) {
      const [grade, from, to, remark] = words[row - 1] ?? ["", "", "", ""];
      const name = `Early Childhood grade ${row}`;
      fixed = fixed.fill(name, grade).fill(`${name} from`, from).fill(`${name} to`, to).fill(`${name} remark`, remark);
    }
    page = await fixed.submit("Save & Back to Settings");
    expectSaved(page);

    const saved = (await settingsOf(own)).report_sheet;
    expect(saved.score_maxima.Primary).toEqual({ "1st CA": 30, "2nd CA": 10, Exam: 60 });
    expect(saved.score_maxima["Junior Secondary"]).toEqual({ "1st CA": 20, "2nd CA": 20, Exam: 60 });
    expect(saved.grade_scales["Early Childhood"]).toEqual(
      words.map(([grade, min, max, remark]) => ({ grade, min: Number(min), max: Number(max), remark })),
    );
    expect(saved.grade_scales.Primary).toEqual(before.report_sheet.grade_scales.Primary);
    expect(saved.grade_scales["Junior Secondary"].at(-1)).toEqual({ grade: "F9", min: 0, max: 39, remark: "Poor" });
    // Only the grading changed: the report sheet's own fields are as they were.
    expect(saved).toEqual({
      ...before.report_sheet,
      score_maxima: saved.score_maxima,
      grade_scales: saved.grade_scales,
      position_ties: "dense",
    });

    page = await (await settingsPage(own)).page.follow("Grading");
    expect(maximum("Primary", "1st CA").value).toBe("30");
    expect(page.field("Early Childhood grade 3").value).toBe("Good");
    expect(page.field("Early Childhood grade 4").value).toBe("");
    expect(page.field("Dense (1, 1, 2)", page.group("Tied positions")).checked).toBe(true);
  });

  it("a report sheet save keeps the grading, and sends to it when a new exam column leaves the saved maxima over 100", async () => {
    const own = await registerSchool("GradingColumns");
    const browser = await signedIn(own);
    let page = await browser.goto("/admin/settings/grading");
    page = await page
      .form({ button: "Save & Back to Settings" })
      .fill("1st CA", "30", { within: "Primary score maxima" })
      .fill("2nd CA", "10", { within: "Primary score maxima" })
      .check("Dense (1, 1, 2)", { within: "Tied positions" })
      .submit("Save & Back to Settings");
    expectSaved(page);
    const graded = (await settingsOf(own)).report_sheet;

    page = await browser.goto("/admin/settings/report-sheet");
    expect(page.href("Grading")).toBe("/admin/settings/grading");
    const form = () => page.form({ button: "Save & Back to Settings" });
    expectSaved(await form().check("No", { within: "School signature" }).submit("Save & Back to Settings"));
    expect((await settingsOf(own)).report_sheet).toEqual({ ...graded, school_signature: false });

    page = await form().fill("New exam column", "Project").submit("Add exam column");
    page = await form().submit("Save & Back to Settings");
    expect(page.path).toBe("/admin/settings/grading");
    const sections = ["Early Childhood", "Primary", "Junior Secondary", "Senior Secondary"];
    expect(page.toast()).toBe(maximaResetMessage(sections));
    const saved = (await settingsOf(own)).report_sheet;
    expect(saved.exam_columns).toEqual(["1st CA", "2nd CA", "Exam", "Project"]);
    expect(saved.score_maxima.Primary).toEqual({ "1st CA": 14, "2nd CA": 13, Exam: 60, Project: 13 });
    expect(saved).toMatchObject({ position_ties: "dense", grade_scales: graded.grade_scales });
    expect(page.field("Project", page.group("Primary score maxima")).value).toBe("13");
  });
});
