import { beforeAll, describe, expect, it } from "vitest";
import { ACCESS_MESSAGES } from "../../contract/access";
import { currentSession, currentTerm } from "../../contract/calendar";
import { STAFF_TIMETABLE_MESSAGES as M } from "../../contract/staff-area";
import { termAroundToday } from "../e2e/support/calendar";
import { registerSchool, signedIn, signedInTeacher, type Admin } from "./support/school";

/**
 * The teacher's timetable with JavaScript off: the week's lessons across classes, a card per day in weekday
 * order, the same as a PDF through a plain link; a teacher no timetable names sees the empty state; an admin
 * gets the 403 page there.
 */

let school: Admin;
let teacherId: number;

beforeAll(async () => {
  school = await registerSchool("StaffTimetable");
  const settings = await school.api("POST", "/school-settings", {
    school_settings: {
      sections: ["Junior"],
      classes: [
        { class_name: "JSS1", section: "Junior", subjects: ["Mathematics"] },
        { class_name: "JSS2", section: "Junior", subjects: ["Mathematics", "Physics"] },
      ],
    },
  });
  expect(settings.status).toBe(200);
  const term = termAroundToday();
  expect((await school.api("PUT", term.path, term.body)).status).toBe(200);
});

async function timetableNaming(teacher: number, className: string, periods: [string, string, string][]) {
  const now = new Date();
  const made = await school.api<{ data: { id: number } }>("POST", "/timetables", {
    type: "Regular School Period",
    class: className,
    session: currentSession(now),
    term: currentTerm(now),
    venue: `${className} classroom`,
  });
  expect(made.status).toBe(201);
  for (const [day, start, subject] of periods) {
    const res = await school.api("POST", `/timetables/${made.body.data.id}/schedules`, {
      schedule_day: day,
      schedule_start_time: start,
      schedule_end_time: `${String(Number(start.slice(0, 2)) + 1).padStart(2, "0")}:00`,
      subject,
      venue: "",
      schedule_date: null,
      teacher,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
}

describe("the staff timetable without JavaScript", () => {
  it("shows the teacher's week across classes, a card per day, and the PDF through a plain link", async () => {
    const { browser, id } = await signedInTeacher(school, {
      name: "Mr. Tunde Bakare",
      email: "tunde@timetable.ng",
      form_teacher: "JSS1",
    });
    teacherId = id;
    await timetableNaming(teacherId, "JSS1", [
      ["Wednesday", "10:00", "Mathematics"],
      ["Monday", "08:00", "Mathematics"],
    ]);
    await timetableNaming(teacherId, "JSS2", [
      ["Monday", "09:00", "Physics"],
      ["Friday", "08:00", "Physics"],
    ]);
    const page = await browser.goto("/staff/timetable");
    expect(page.status).toBe(200);
    expect(page.heading()).toBe(M.title);
    expect(page.headings(2)).toEqual(["Monday", "Wednesday", "Friday"]);
    expect(page.listItems("Monday")).toEqual([
      "08:00–09:00 Mathematics · JSS1 JSS1 classroom",
      "09:00–10:00 Physics · JSS2 JSS2 classroom",
    ]);
    expect(page.listItems("Friday")).toEqual(["08:00–09:00 Physics · JSS2 JSS2 classroom"]);
    expect(page.text()).toContain(M.weekOf("", "").slice(0, 7));

    const pdf = await page.follow(M.download);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe('attachment; filename="timetable-mr-tunde-bakare.pdf"');
    expect(pdf.bytes?.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("a teacher no timetable names sees the empty state; an admin gets the 403 page", async () => {
    const { browser } = await signedInTeacher(school, { name: "Mrs. Kemi Ade", email: "kemi@timetable.ng" });
    const page = await browser.goto("/staff/timetable");
    expect(page.status).toBe(200);
    expect(page.text()).toContain(M.noLessons);
    expect((await browser.goto("/staff/timetable/download")).headers.get("content-type")).toBe("application/pdf");

    const admin = await signedIn(school);
    for (const path of ["/staff/timetable", "/staff/timetable/download"]) {
      const refused = await admin.goto(path);
      expect(refused.status, path).toBe(403);
      expect(refused.path).toBe("/staff/timetable");
      expect(refused.text()).toContain(ACCESS_MESSAGES.forbiddenPage);
    }
  });
});
