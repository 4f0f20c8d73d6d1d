import { describe, expect, it } from "vitest";
import { ACCESS_MESSAGES } from "../../contract/access";
import { allows, requireFeature, requireMainAdmin } from "../../api/lib/access";
import { ApiError } from "../../api/lib/errors";
import { allowsPage, homeFor, pageAccess, visibleItems } from "../../app/lib/access";
import { ADMIN_MENU, BOTTOM_BAR } from "../../app/lib/navigation";

const main = { schoolId: 1, uniqueId: "SCH-AAAAAAA" };
const sub = { ...main, subAdmin: { id: 7, name: "Bisi", features: new Set(["students", "files"] as const) } };

describe("the API's guards", () => {
  it("requireMainAdmin refuses every sub-admin with the given message, and lets the main admin through", () => {
    expect(() => requireMainAdmin(main)).not.toThrow();
    const error = (() => {
      try {
        requireMainAdmin(sub, ACCESS_MESSAGES.submissionReviewMainOnly);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: ACCESS_MESSAGES.submissionReviewMainOnly });
  });

  it("allows a key, a list of keys, signed-in and main as the table says", () => {
    expect(allows(sub, "students")).toBe(true);
    expect(allows(sub, "staff")).toBe(false);
    expect(allows(sub, ["staff", "files"])).toBe(true);
    expect(allows(sub, "signed-in")).toBe(true);
    expect(allows(sub, "main")).toBe(false);
    expect(allows(sub, undefined)).toBe(false);
    expect(allows(main, "main")).toBe(true);
    expect(allows(main, undefined)).toBe(true);
    expect(() => requireFeature(sub, "settings")).toThrow(ACCESS_MESSAGES.forbidden);
  });
});

describe("the pages a sub-admin may open", () => {
  it.each([
    ["/admin/students", "students"],
    ["/admin/add-student", "students"],
    ["/admin/update-student/STU-1", "students"],
    ["/admin/students-backlog/STU-1/restore", "students"],
    ["/admin/timetable/4/view", "time-table"],
    ["/admin/time-table", "time-table"],
    ["/admin/files/Reports", "files"],
    ["/admin/admission-forms/create", "admission"],
    ["/admin/school-fees", "school_fees"],
    ["/notifications", "notifications"],
    ["/new-whatsapp", "profile"],
    ["/admin/logout", "signed-in"],
    ["/admin/add-bank-details", "main"],
    ["/admin/settings/report-sheet", "settings"],
    ["/admin/settings/jobs", "main"],
    ["/admin/students/promotion/confirm", "main"],
    ["/admin/students/promotion/term", "main"],
    ["/super-admin/manage-admins", "main"],
    ["/staff/dashboard", "main"],
    ["/admin/staff-notes", "staff"],
    ["/admin/staff-notes/4/review", "staff"],
    ["/admin/somewhere-new", "main"],
    ["/Admin/Students/", "students"],
  ])("%s needs %s", (path, access) => {
    expect(pageAccess(path)).toBe(access);
  });

  it("shows a sub-admin only their keys' entries and lands them on the first", () => {
    expect(visibleItems(ADMIN_MENU, ["files", "students"]).map((i) => i.to)).toEqual([
      "/admin/students",
      "/admin/files",
    ]);
    expect(visibleItems(BOTTOM_BAR, ["settings"]).map((i) => i.to)).toEqual(["/admin/settings"]);
    expect(visibleItems(ADMIN_MENU, null)).toEqual(ADMIN_MENU);
    expect(homeFor(["files", "students"])).toBe("/admin/students");
    expect(homeFor(null)).toBe("/admin/dashboard");
    expect(allowsPage(["students"], "main")).toBe(false);
    expect(allowsPage(null, "main")).toBe(true);
  });
});
