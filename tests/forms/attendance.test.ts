import { beforeAll, describe, expect, it } from "vitest";
import { ACCESS_MESSAGES } from "../../contract/access";
import { formatDate } from "../../contract/calendar";
import { ATTENDANCE_MESSAGES as M, type AttendanceRegister } from "../../contract/attendance";
import {
  RECENT_SCHOOL_DAY,
  shiftDay,
  termAroundToday,
  TODAY,
  weekdayFrom,
  weekdayNumber,
} from "../e2e/support/calendar";
import type { Browser, Page } from "./support/browser";
import { emailLogin, registerSchool, signedIn, signedInTeacher, type Admin } from "./support/school";

/**
 * The attendance register with JavaScript off: the form teacher's /staff/attendance (their form class and today
 * by default), a group per student saved in one request, saved again to change it, a past day corrected; a day
 * with no register says why in the API's words with the picker kept; another class is refused; the admins' copy
 * under the students list.
 */

const DAY = RECENT_SCHOOL_DAY;
const PREVIOUS = weekdayFrom(shiftDay(DAY, -1), -1);
const CLOSED = weekdayFrom(shiftDay(PREVIOUS, -1), -1);
const NEXT = weekdayFrom(shiftDay(TODAY, 1), 1);
let SATURDAY = TODAY;
while (weekdayNumber(SATURDAY) !== 6) SATURDAY = shiftDay(SATURDAY, -1);

let school: Admin;
let teacher: Browser;
const ids: Record<string, number> = {};

const registerOf = async (className: string, date: string) =>
  (
    await school.api<{ data: AttendanceRegister }>(
      "GET",
      `/attendance?${new URLSearchParams({ class: className, date })}`,
    )
  ).body.data;
const statusOf = (page: Page, name: string) =>
  page.group(name).querySelector<HTMLInputElement>("input[type=radio][checked]")?.getAttribute("value");

beforeAll(async () => {
  school = await registerSchool("RegisterForms");
  const settings = await school.api("POST", "/school-settings", {
    school_settings: {
      sections: ["Junior"],
      classes: [
        { class_name: "JSS1", section: "Junior", subjects: ["Mathematics"] },
        { class_name: "JSS2", section: "Junior", subjects: ["Mathematics"] },
      ],
    },
  });
  expect(settings.status).toBe(200);
  const term = termAroundToday([{ date: CLOSED, name: "Staff Training" }]);
  const calendar = await school.api("PUT", term.path, term.body);
  expect(calendar.status, JSON.stringify(calendar.body)).toBe(200);
  for (const [name, className] of [
    ["Ada Obi", "JSS1"],
    ["Bola Ade", "JSS1"],
    ["Dayo Sule", "JSS2"],
  ]) {
    const res = await school.api<{ data: { id: number } }>("POST", "/students", {
      student_data: { name, selectedClass: className, gender: "Female", phone_number: "0803 123 4567" },
    });
    expect(res.status).toBe(201);
    ids[name] = Number(res.body.data.id);
  }
  teacher = (
    await signedInTeacher(school, { name: "Mrs. Funke Bello", email: "funke@register.ng", form_teacher: "JSS1" })
  ).browser;
});

describe("the attendance register without JavaScript", () => {
  it("opens on the form class and today; a day with no register says why, the picker kept", async () => {
    const page = await teacher.goto("/staff/attendance");
    expect(page.heading()).toBe(M.title);
    expect(page.field(M.dateLabel).value).toBe(TODAY);
    if (DAY === TODAY) {
      expect(page.status).toBe(200);
      expect(page.headings(2)).toContain(`JSS1 · ${formatDate(TODAY)}`);
    } else expect(page.status).toBe(422);

    let closed = await teacher.goto(`/staff/attendance?date=${SATURDAY}`);
    expect(closed.status).toBe(422);
    expect(closed.text('[role="alert"]')).toBe(M.weekend(formatDate(SATURDAY), "Saturday"));
    expect(closed.buttons(M.save)).toHaveLength(0);
    closed = await teacher.goto(`/staff/attendance?date=${CLOSED}`);
    expect(closed.status).toBe(422);
    expect(closed.text('[role="alert"]')).toBe(M.closed(formatDate(CLOSED), "Staff Training"));
    const outside = await teacher.goto(`/staff/attendance?date=${shiftDay(TODAY, -200)}`);
    expect(outside.text('[role="alert"]')).toBe(M.notInTerm(formatDate(shiftDay(TODAY, -200))));
    // The picker still works from the refusal.
    const picked = await closed.form({ button: M.show }).fill(M.dateLabel, DAY).submit(M.show);
    expect(picked.status).toBe(200);
    expect(picked.url.searchParams.get("date")).toBe(DAY);
    expect(picked.headings(2)).toContain(`JSS1 · ${formatDate(DAY)}`);
    expect(picked.byTestId("register-status")?.textContent).toContain(M.notTaken);
    expect(statusOf(picked, "Ada Obi")).toBe("present");
    expect(statusOf(picked, "Bola Ade")).toBe("present");
    expect(picked.document.querySelector("legend")?.textContent).toBeTruthy();
    expect(picked.text()).not.toContain("Dayo Sule");
  });

  it("saves the register in one request and saves again to change it", async () => {
    let page = await teacher.goto(`/staff/attendance?date=${DAY}`);
    page = await page
      .form({ button: M.save })
      .check("Absent", { within: "Ada Obi" })
      .fill(M.noteLabel, "Malaria", { within: "Ada Obi" })
      .check("Late", { within: "Bola Ade" })
      .submit(M.save);
    expect(page.path + page.url.search).toBe(`/staff/attendance?class=JSS1&date=${DAY}`);
    expect(page.toast()).toBe(M.saved);
    expect(statusOf(page, "Ada Obi")).toBe("absent");
    expect(page.field(M.noteLabel, page.group("Ada Obi")).value).toBe("Malaria");
    expect(page.byTestId("register-status")?.textContent).toContain(M.takenBy("Mrs. Funke Bello"));
    let saved = await registerOf("JSS1", DAY);
    expect(saved.marks.map((m) => [m.name, m.status, m.note])).toEqual([
      ["Ada Obi", "absent", "Malaria"],
      ["Bola Ade", "late", null],
    ]);

    page = await page.form({ button: M.save }).check("Present", { within: "Bola Ade" }).submit(M.save);
    expect(page.toast()).toBe(M.saved);
    saved = await registerOf("JSS1", DAY);
    expect(saved.marks.map((m) => m.status)).toEqual(["absent", "present"]);
  });

  it("corrects a past day; a day to come is shown, not saved", async () => {
    let page = await teacher.goto(`/staff/attendance?date=${PREVIOUS}`);
    page = await page.form({ button: M.save }).check("Absent", { within: "Bola Ade" }).submit(M.save);
    expect(page.toast()).toBe(M.saved);
    expect((await registerOf("JSS1", PREVIOUS)).marks.map((m) => m.status)).toEqual(["present", "absent"]);

    const ahead = await teacher.goto(`/staff/attendance?date=${NEXT}`);
    expect(ahead.status).toBe(200);
    expect(ahead.text('[role="status"]')).toContain(M.future(formatDate(NEXT)));
    expect(ahead.buttons(M.save)).toHaveLength(0);
    expect(ahead.document.querySelector("form[method=post] fieldset[disabled]")).not.toBeNull();
  });

  it("refuses a bad mark beside the student, keeping what was sent and writing nothing", async () => {
    const before = await registerOf("JSS1", DAY);
    const body = new URLSearchParams({
      [`m${ids["Ada Obi"]}_status`]: "holiday",
      [`m${ids["Ada Obi"]}_note`]: "Gone",
      [`m${ids["Bola Ade"]}_status`]: "late",
    });
    const page = await teacher.request("POST", `/staff/attendance?class=JSS1&date=${DAY}`, body);
    expect(page.status).toBe(422);
    expect(page.groupDescription("Ada Obi")).toContain(M.statusUnknown);
    expect(page.field(M.noteLabel, page.group("Ada Obi")).value).toBe("Gone");
    expect(statusOf(page, "Bola Ade")).toBe("late");
    expect(await registerOf("JSS1", DAY)).toEqual(before);
  });

  it("is the form teacher's: another class is refused in the API's words", async () => {
    const page = await teacher.goto("/staff/attendance?class=JSS2");
    expect(page.status).toBe(403);
    expect(page.text('[role="alert"]')).toBe(M.notFormTeacher);
    expect(page.text()).not.toContain("Dayo Sule");
    const posted = await teacher.request(
      "POST",
      `/staff/attendance?class=JSS2&date=${DAY}`,
      new URLSearchParams({ [`m${ids["Dayo Sule"]}_status`]: "absent" }),
    );
    expect(posted.status).toBe(422);
    expect(posted.text()).toContain(M.notFormTeacher);
    expect((await registerOf("JSS2", DAY)).taken).toBe(false);
  });

  it("the admin opens the same register from the class's students list", async () => {
    const admin = await signedIn(school);
    const list = await admin.goto("/admin/students?class=JSS2");
    let page = await list.follow(M.registerLink);
    expect(page.path + page.url.search).toBe("/admin/students/attendance?class=JSS2");
    expect(page.heading()).toBe(M.title);
    if (DAY !== TODAY) expect(page.status).toBe(422);
    page = await page.form({ button: M.show }).select(M.classLabel, "JSS1").fill(M.dateLabel, DAY).submit(M.show);
    expect(statusOf(page, "Ada Obi")).toBe("absent");
    expect(page.byTestId("register-status")?.textContent).toContain(M.takenBy("Mrs. Funke Bello"));
    page = await page.form({ button: M.save }).check("Late", { within: "Ada Obi" }).submit(M.save);
    expect(page.path + page.url.search).toBe(`/admin/students/attendance?class=JSS1&date=${DAY}`);
    expect(page.toast()).toBe(M.saved);
    expect((await registerOf("JSS1", DAY)).marks[0]).toMatchObject({ status: "late", note: "Malaria" });
    expect((await registerOf("JSS1", DAY)).taken_by).toBe("Main admin");

    const empty = await admin.goto("/admin/students/attendance");
    expect(empty.status).toBe(200);
    expect(empty.text()).toContain(M.chooseClassFirst);
    // The staff area is the teachers': an admin gets the 403 page there.
    const staffPage = await admin.goto("/staff/attendance");
    expect(staffPage.status).toBe(403);
    expect(staffPage.text()).toContain(ACCESS_MESSAGES.forbiddenPage);
  });

  it("a sub-admin with the students key takes the register; one without it gets the 403 page", async () => {
    const subAdmin = async (features: string[]) => {
      const added = await school.api<{ data: { email: string; password: string } }>("POST", "/sub-admins", {
        name: `Sub ${features.join(" ")}`,
        email: `sub-${features.join("-")}-${Date.now().toString(36)}@register.ng`,
        features,
      });
      expect(added.status).toBe(201);
      return (await emailLogin(school, added.body.data.email, added.body.data.password)).browser;
    };
    const clerk = await subAdmin(["students"]);
    let page = await clerk.goto(`/admin/students/attendance?class=JSS2&date=${DAY}`);
    expect(page.status).toBe(200);
    page = await page.form({ button: M.save }).check("Absent", { within: "Dayo Sule" }).submit(M.save);
    expect(page.toast()).toBe(M.saved);
    expect((await registerOf("JSS2", DAY)).marks[0].status).toBe("absent");
    const other = await subAdmin(["results"]);
    expect((await other.goto(`/admin/students/attendance?class=JSS2&date=${DAY}`)).status).toBe(403);
  });
});
