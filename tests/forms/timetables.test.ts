import { beforeAll, describe, expect, it } from "vitest";
import { currentSession, formatDate, planningTerm, sessionOptions, TERMS } from "../../contract/calendar";
import { schoolToday } from "../../contract/timetables";
import { normalize, type Page } from "./support/browser";
import { registerSchool, signedIn, type Admin } from "./support/school";

/**
 * The timetable screens with JavaScript off: the type picker's links, create and edit, the search as a
 * GET form, schedules with each of the product's messages, the view by day, the PDF as an attachment, and
 * the confirm pages behind Delete. Tests that count cards or change the school's settings register a
 * school of their own; the others share one.
 */

let school: Admin;

beforeAll(async () => {
  school = await registerSchool("TimetableForms");
});

/** A calendar date (YYYY-MM-DD) `days` after today in Lagos. */
function dateFromToday(days: number): string {
  const [y, m, d] = schoolToday(new Date()).split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The first Monday strictly after today. */
function nextMonday(): string {
  for (let days = 1; ; days++) {
    const date = dateFromToday(days);
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 1) return date;
  }
}

async function addTimetable(owner: Admin, data: Record<string, string>) {
  const response = await owner.api<{ data: { id: number } }>("POST", "/timetables", data);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data.id;
}

type TimetableRecord = {
  id: number;
  type: string;
  class: string;
  venue: string | null;
  schedules: Array<Record<string, unknown>>;
};
const listTimetables = async (owner: Admin) =>
  (await owner.api<{ data: { total: number; data: TimetableRecord[] } }>("GET", "/timetables")).body.data;
const getTimetable = async (owner: Admin, id: number) =>
  (await owner.api<{ data: TimetableRecord }>("GET", `/timetables/${id}`)).body.data;

const cards = (page: Page) => page.listItems("Timetables");
/** The text of the card titled `title` ("Test – JSS3"), or null. */
const card = (page: Page, title: string) => {
  const article = page.document.querySelector(`article[aria-label="${title}"]`);
  return article ? page.text(`article[aria-label="${title}"]`) : null;
};
/** The view's days: each heading with its schedules, in order. */
const days = (page: Page) =>
  [...page.document.querySelectorAll('[data-testid="schedule-day"]')].map((day) => ({
    heading: normalize(day.querySelector("h2")?.textContent),
    schedules: page.itemsIn(day),
  }));

describe("timetables without JavaScript", () => {
  it("a new timetable starts on the term and session the school set as current", async () => {
    const own = await registerSchool("TimetableTerm");
    const today = new Date();
    const term = TERMS.find((t) => t !== planningTerm(today))!;
    const session = sessionOptions(today)[0];
    const current = await own.api<{ data: { report_sheet: Record<string, unknown> } }>("GET", "/school-settings");
    const saved = await own.api("POST", "/school-settings", {
      school_settings: {
        report_sheet: { ...current.body.data.report_sheet, current_term: term },
        other_settings: { current_session: session },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const page = await (await signedIn(own)).goto("/admin/timetable/add?type=Test");
    expect(page.field("Term").value).toBe(term);
    expect(page.field("Session").value).toBe(session);
  });

  it("type picker, create with the required-fields message, the same form sent twice makes one, edit, search, delete", async () => {
    const own = await registerSchool("TimetableCreate");
    const browser = await signedIn(own);
    let page = await browser.goto("/admin/time-table");
    expect(page.text()).toContain("No Timetables Yet");

    const picker = page.document.querySelector('nav[aria-label="Timetable type"]');
    expect(picker).not.toBeNull();
    for (const type of ["Regular School Period", "Test", "Exam"])
      expect(page.linksWithin(picker!, type)).toHaveLength(1);
    page = await browser.goto(
      new URL(page.linksWithin(picker!, "Regular School Period")[0].getAttribute("href")!, page.url).toString(),
    );
    expect(page.path).toBe("/admin/timetable/add");
    expect(page.url.searchParams.get("type")).toBe("Regular School Period");
    expect(page.heading()).toBe("Add Timetable");

    const today = new Date();
    expect(page.field("Type").value).toBe("Regular School Period");
    expect(page.field("Class").value).toBe("JSS2");
    expect(page.field("Session").value).toBe(currentSession(today));
    expect(page.field("Term").value).toBe(planningTerm(today));

    page = await page
      .form({ button: "Create Timetable" })
      .select("Class", "")
      .fill("Venue (optional)", "Block A")
      .submit("Create Timetable");
    expect(page.status).toBe(400);
    expect(page.field("Class").description).toBe("All fields are required");
    expect(page.field("Venue (optional)").value).toBe("Block A");
    expect(page.field("Term").value).toBe(planningTerm(today));
    expect((await listTimetables(own)).total).toBe(0);

    // A double tap sends the very same form twice: its hidden key makes the second one create nothing.
    const form = page.form({ button: "Create Timetable" }).select("Class", "JSS2");
    const [first, second] = await Promise.all([form.submit("Create Timetable"), form.submit("Create Timetable")]);
    expect(first.path).toBe("/admin/time-table");
    expect(second.path).toBe("/admin/time-table");
    page = first;
    expect(page.toast()).toBe("Created successfully");
    page = await browser.goto("/admin/time-table");
    expect(cards(page)).toHaveLength(1);
    expect(card(page, "Regular School Period – JSS2")).toContain(
      `JSS2 · ${currentSession(today)} · ${planningTerm(today)}`,
    );
    expect(card(page, "Regular School Period – JSS2")).toContain("Venue: Block A");
    expect((await listTimetables(own)).total).toBe(1);

    // Edit: the same form, filled in.
    page = await page.follow("Edit Regular School Period – JSS2");
    expect(page.path).toMatch(/^\/admin\/timetable\/\d+\/edit$/);
    expect(page.heading()).toBe("Edit Timetable");
    expect(page.field("Venue (optional)").value).toBe("Block A");
    expect(page.field("Class").value).toBe("JSS2");
    const id = Number(page.path.split("/")[3]);
    page = await page
      .form({ button: "Save Changes" })
      .select("Type", "Test")
      .select("Class", "JSS3")
      .fill("Venue (optional)", "Ilé Ẹ̀kọ́ Hall")
      .submit("Save Changes");
    expect(page.path).toBe("/admin/time-table");
    expect(page.toast()).toBe("Updated successfully");
    expect(card(page, "Test – JSS3")).toContain("Venue: Ilé Ẹ̀kọ́ Hall");
    expect(await getTimetable(own, id)).toMatchObject({ type: "Test", class: "JSS3", venue: "Ilé Ẹ̀kọ́ Hall" });

    // Search on the server, by type, class, session, term or venue.
    const otherTerm = TERMS.find((term) => term !== planningTerm(today))!;
    await addTimetable(own, { type: "Exam", class: "SS1", session: "2024/2025", term: otherTerm, venue: "Main Hall" });
    page = await browser.goto("/admin/time-table");
    expect(cards(page)).toHaveLength(2);
    const search = (q: string) => page.form({ button: "Search" }).fill("Search", q).submit("Search");
    for (const [q, title] of [
      ["exam", "Exam – SS1"],
      ["jss3", "Test – JSS3"],
      ["2024/2025", "Exam – SS1"],
      [otherTerm.toLowerCase(), "Exam – SS1"],
      ["hall", null],
    ] as const) {
      page = await search(q);
      expect(page.url.searchParams.get("q")).toBe(q);
      if (title) {
        expect(cards(page), q).toHaveLength(1);
        expect(card(page, title), q).not.toBeNull();
      } else expect(cards(page), q).toHaveLength(2);
    }
    page = await search("biology");
    expect(page.text()).toContain("No timetables found");
    expect(cards(page)).toHaveLength(0);

    // Delete after its confirm page.
    page = await (await browser.goto("/admin/time-table")).follow("Delete Exam – SS1");
    expect(page.path).toMatch(/^\/admin\/timetable\/\d+\/delete$/);
    expect(page.text()).toContain(`Delete the Exam timetable of SS1 · 2024/2025 · ${otherTerm} and all its schedules?`);
    page = await page.press("Delete");
    expect(page.path).toBe("/admin/time-table");
    expect(page.toast()).toBe("Timetable deleted successfully");
    expect(cards(page)).toHaveLength(1);
    expect(card(page, "Exam – SS1")).toBeNull();
    expect((await listTimetables(own)).data.map((t) => t.class)).toEqual(["JSS3"]);
  });

  it("schedules: each message, grouped by day in time order, edit, download, delete", async () => {
    const id = await addTimetable(school, {
      type: "Regular School Period",
      class: "JSS2",
      session: "2025/2026",
      term: "3rd Term",
    });
    const browser = await signedIn(school);
    const viewPath = `/admin/timetable/${id}/view`;
    let page = await browser.goto(viewPath);
    expect(page.heading()).toBe("Regular School Period Timetable");
    expect(page.text()).toContain("Nothing Yet");

    page = await page.follow("Add Schedule");
    expect(page.path).toBe(`/admin/timetable/${id}/add-schedule`);

    // Nothing filled in: the day; the product's sentence once, above the form; "Required" beside each missing field.
    page = await page.press("Add Schedule");
    expect(page.status).toBe(400);
    expect(page.field("Day").description).toBe("Day is required for Regular School Periods");
    expect(page.text("#schedule-error")).toBe("Start time, end time, and subject are required");
    expect(page.text().split("Start time, end time, and subject are required")).toHaveLength(2);
    for (const label of ["Start time", "End time", "Subject"]) expect(page.field(label).description).toBe("Required");
    expect((await getTimetable(school, id)).schedules).toHaveLength(0);

    // Subjects come from the class's settings.
    expect(page.field("Subject").options.filter((option) => option.label === "Mathematics")).toHaveLength(1);
    page = await page
      .form({ button: "Add Schedule" })
      .select("Day", "Monday")
      .fill("Start time", "09:00")
      .fill("End time", "08:00")
      .select("Subject", "Mathematics")
      .fill("Venue (optional)", "Room 4")
      .submit("Add Schedule");
    expect(page.field("End time").description).toBe("End time must be after start time");
    expect(page.field("Day").value).toBe("Monday");
    expect(page.field("Subject").value).toBe("Mathematics");
    expect(page.field("Venue (optional)").value).toBe("Room 4");
    expect((await getTimetable(school, id)).schedules).toHaveLength(0);

    page = await page.form({ button: "Add Schedule" }).fill("End time", "10:00").submit("Add Schedule");
    expect(page.path).toBe(viewPath);
    expect(page.toast()).toBe("Created successfully");

    const addPeriod = async (day: string, start: string, end: string, subject: string) =>
      (await browser.goto(`/admin/timetable/${id}/add-schedule`))
        .form({ button: "Add Schedule" })
        .select("Day", day)
        .fill("Start time", start)
        .fill("End time", end)
        .select("Subject", subject)
        .submit("Add Schedule");
    expect((await addPeriod("Tuesday", "08:00", "09:00", "Basic Science")).toast()).toBe("Created successfully");
    expect((await addPeriod("Monday", "08:00", "09:00", "English Language")).toast()).toBe("Created successfully");

    // Overlap with another period on the same day, named.
    page = await addPeriod("Monday", "09:30", "10:30", "English Language");
    expect(page.field("Start time").description).toBe("Overlaps Mathematics, Monday 09:00–10:00");
    expect(page.field("Start time").value).toBe("09:30");
    expect((await getTimetable(school, id)).schedules).toHaveLength(3);

    // The view: Monday before Tuesday, each day in time order.
    page = await browser.goto(viewPath);
    expect(days(page).map((day) => day.heading)).toEqual(["Monday", "Tuesday"]);
    const monday = days(page)[0].schedules;
    expect(monday).toHaveLength(2);
    expect(monday[0]).toContain("English Language");
    expect(monday[1]).toContain("Mathematics");
    expect(monday[1]).toContain("09:00–10:00 · Room 4");

    // Edit a schedule.
    page = await page.follow("Edit Mathematics, Monday 09:00–10:00");
    expect(page.path).toMatch(new RegExp(`^/admin/timetable/${id}/edit-schedule/\\d+$`));
    expect(page.heading()).toBe("Edit Schedule");
    expect(page.field("Start time").value).toBe("09:00");
    expect(page.field("Venue (optional)").value).toBe("Room 4");
    page = await page
      .form({ button: "Save Schedule" })
      .fill("Start time", "10:00")
      .fill("End time", "11:00")
      .fill("Venue (optional)", "Science Lab")
      .submit("Save Schedule");
    expect(page.path).toBe(viewPath);
    expect(page.toast()).toBe("Updated successfully");
    expect(days(page)[0].schedules[1]).toContain("10:00–11:00 · Science Lab");

    // Download: without JavaScript the link itself answers the PDF as an attachment.
    expect(page.href("Download Timetable")).toBe(`/admin/timetable/${id}/download`);
    const pdf = await page.follow("Download Timetable");
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(
      'attachment; filename="regular-school-period-timetable-jss2-3rd-term.pdf"',
    );
    expect(pdf.bytes?.subarray(0, 5).toString()).toBe("%PDF-");

    // Delete a schedule after its confirm page.
    page = await (await browser.goto(viewPath)).follow("Delete Basic Science, Tuesday 08:00–09:00");
    expect(page.path).toMatch(new RegExp(`^/admin/timetable/${id}/delete-schedule/\\d+$`));
    page = await page.press("Delete");
    expect(page.path).toBe(viewPath);
    expect(page.toast()).toBe("Schedule deleted successfully");
    expect(days(page).map((day) => day.heading)).toEqual(["Monday"]);
    expect((await getTimetable(school, id)).schedules.map((s) => s.subject)).not.toContain("Basic Science");
  });

  it("exam schedules: date required, never in the past, day taken from the date", async () => {
    const id = await addTimetable(school, {
      type: "Exam",
      class: "SS3",
      session: "2025/2026",
      term: "3rd Term",
      venue: "Main Hall",
    });
    const browser = await signedIn(school);
    const addPath = `/admin/timetable/${id}/add-schedule`;
    let page = await browser.goto(addPath);
    expect(page.controls("Day")).toHaveLength(0);
    expect(page.control("Date").getAttribute("min")).toBe(schoolToday(new Date()));

    page = await page
      .form({ button: "Add Schedule" })
      .fill("Start time", "09:00")
      .fill("End time", "11:00")
      .select("Subject", "Physics")
      .submit("Add Schedule");
    expect(page.field("Date").description).toMatch(/^Date is required for Test and Exam schedules/);
    expect(page.field("Start time").value).toBe("09:00");

    // A past date: a browser without a date picker sends it, and the server refuses it.
    const yesterday = dateFromToday(-1);
    page = await page.form({ button: "Add Schedule" }).fill("Date", yesterday).submit("Add Schedule");
    expect(page.field("Date").description).toMatch(/^The date cannot be in the past/);
    expect(page.field("Date").value).toBe(yesterday);
    expect(page.field("Subject").value).toBe("Physics");
    expect((await getTimetable(school, id)).schedules).toHaveLength(0);

    const monday = nextMonday();
    page = await page.form({ button: "Add Schedule" }).fill("Date", monday).submit("Add Schedule");
    expect(page.path).toBe(`/admin/timetable/${id}/view`);
    expect(page.toast()).toBe("Created successfully");
    expect(days(page).map((day) => day.heading)).toEqual([`Monday, ${formatDate(monday)}`]);
    expect(days(page)[0].schedules[0]).toContain("Physics");
    expect((await getTimetable(school, id)).schedules).toMatchObject([
      { schedule_date: monday, schedule_day: "Monday", subject: "Physics" },
    ]);

    // Same date, overlapping time: named with its date.
    page = await (await browser.goto(addPath))
      .form({ button: "Add Schedule" })
      .fill("Date", monday)
      .fill("Start time", "10:00")
      .fill("End time", "12:00")
      .select("Subject", "Chemistry")
      .submit("Add Schedule");
    expect(page.field("Start time").description).toBe(`Overlaps Physics, Monday ${formatDate(monday)} 09:00–11:00`);
  });

  it("a schedule's teacher: chosen from the teaching staff, refused beside the field when booked elsewhere then", async () => {
    const owner = await registerSchool("TimetableTeacher");
    const staff = async (name: string, email: string, phone: string, teaching: boolean) => {
      const response = await owner.api<{ data: { unique_id: string } }>("POST", "/staffs", {
        staff_data: { name, email, phone, is_teaching_staff: teaching },
      });
      expect(response.status).toBe(201);
      return response.body.data.unique_id;
    };
    const teacher = await staff("Mrs. Chioma Eze", "chioma@tt.ng", "0803 444 1111", true);
    await staff("Mr. Okon Bassey", "okon@tt.ng", "0803 444 2222", false);
    const term = { session: "2025/2026", term: "3rd Term" };
    const jss2 = await addTimetable(owner, { type: "Regular School Period", class: "JSS2", ...term });
    const ss1 = await addTimetable(owner, { type: "Regular School Period", class: "SS1", ...term });
    const booked = await owner.api("POST", `/timetables/${jss2}/schedules`, {
      schedule_day: "Monday",
      schedule_start_time: "08:00",
      schedule_end_time: "09:00",
      subject: "Mathematics",
      teacher,
    });
    expect(booked.status).toBe(201);

    const browser = await signedIn(owner);
    let page = await browser.goto(`/admin/timetable/${ss1}/add-schedule`);
    expect(page.field("Teacher").options.map((option) => option.label)).toEqual(["No teacher", "Mrs. Chioma Eze"]);
    page = await page
      .form({ button: "Add Schedule" })
      .select("Day", "Monday")
      .fill("Start time", "08:30")
      .fill("End time", "09:30")
      .select("Subject", "Physics")
      .select("Teacher", teacher)
      .submit("Add Schedule");
    expect(page.status).toBe(422);
    expect(page.field("Teacher").description).toMatch(
      /^Mrs\. Chioma Eze is already teaching JSS2 Mathematics, Monday 08:00–09:00/,
    );
    expect(page.field("Teacher").value).toBe(teacher);
    expect(page.field("Start time").value).toBe("08:30");
    expect((await getTimetable(owner, ss1)).schedules).toHaveLength(0);

    page = await page
      .form({ button: "Add Schedule" })
      .fill("Start time", "09:00")
      .fill("End time", "10:00")
      .submit("Add Schedule");
    expect(page.toast()).toBe("Created successfully");
    expect(days(page)[0].schedules[0]).toContain("Mrs. Chioma Eze");

    // The edit form starts on the teacher; 'No teacher' takes them off.
    page = await page.follow("Edit Physics, Monday 09:00–10:00");
    expect(page.field("Teacher").value).toBe(teacher);
    page = await page.form({ button: "Save Schedule" }).select("Teacher", "").submit("Save Schedule");
    expect(page.toast()).toBe("Updated successfully");
    expect((await getTimetable(owner, ss1)).schedules[0].teacher).toBeNull();
  });

  it("the list comes in pages of 20 that keep the search", async () => {
    const own = await registerSchool("TimetablePages");
    for (let i = 1; i <= 21; i++)
      await addTimetable(own, {
        type: "Test",
        class: "JSS1",
        session: "2025/2026",
        term: "2nd Term",
        venue: `Room ${i}`,
      });
    await addTimetable(own, { type: "Exam", class: "SS2", session: "2025/2026", term: "2nd Term" });
    const browser = await signedIn(own);
    let page = await browser.goto("/admin/time-table?q=test");
    expect(cards(page)).toHaveLength(20);
    expect(page.text()).toContain("Page 1 of 2");
    page = await page.follow(/Next/);
    expect(page.path + page.url.search).toBe("/admin/time-table?q=test&page=2");
    expect(cards(page)).toHaveLength(1);
    expect(card(page, "Test – JSS1")).toContain("Venue: Room 1");
  });

  it("unknown and other schools' timetables are not found; a failed download says so on the list", async () => {
    const browser = await signedIn(school);
    const missing = await browser.goto("/admin/timetable/999999/view");
    expect(missing.status).toBe(404);
    expect(missing.heading()).toBe("Timetable Not Found");
    expect(missing.text()).toContain("It may have been deleted, or the link is wrong.");
    expect(missing.href("Back to timetables")).toBe("/admin/time-table");
    expect(missing.document.querySelector('nav[aria-label="Admin menu"]')).not.toBeNull();
    expect((await browser.goto("/admin/timetable/999999/edit")).status).toBe(404);
    expect((await browser.goto("/admin/timetable/999999/add-schedule")).status).toBe(404);

    const other = await registerSchool("Other");
    const theirs = await addTimetable(other, { type: "Test", class: "JSS1", session: "2025/2026", term: "1st Term" });
    for (const path of ["view", "edit", "add-schedule", "delete"]) {
      const page = await browser.goto(`/admin/timetable/${theirs}/${path}`);
      expect(page.status, path).toBe(404);
      expect(page.heading(), path).toBe("Timetable Not Found");
    }
    // Their PDF is refused with a redirect to the list, which says why.
    const refused = await browser.goto(`/admin/timetable/${theirs}/download`);
    expect(browser.visited.at(-2)).toEqual({ method: "GET", path: `/admin/timetable/${theirs}/download`, status: 302 });
    expect(refused.path).toBe("/admin/time-table");
    expect(refused.toast()).toBe("Failed to download timetable.");

    // The timetable goes away after the list was loaded: the download fails with the product's message.
    const id = await addTimetable(school, { type: "Test", class: "JSS2", session: "2025/2026", term: "2nd Term" });
    const list = await browser.goto("/admin/time-table");
    expect(list.toast()).toBeNull();
    expect((await school.api("DELETE", `/timetables/${id}`)).status).toBe(200);
    const failed = await list.follow("Download PDF of Test – JSS2");
    expect(failed.path).toBe("/admin/time-table");
    expect(failed.toast()).toBe("Failed to download timetable.");
  });
});
