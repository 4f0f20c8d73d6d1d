import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { currentSession, formatDate, planningTerm, sessionOptions, TERMS } from "../../contract/calendar";
import { schoolToday } from "../../contract/timetables";
import { expectAccessible } from "./support/axe";
import { apiToken, logIn, registerSchoolViaApi, type SchoolAccount } from "./support/school";

/**
 * The timetable screens in Chromium. The `js` project drives them with scripts: type picker, create,
 * schedules with each of the product's messages, the view by day, edit, the PDF saved with a toast, and
 * deletes in dialogs; every page visited is checked with axe. The `no-js` project runs the one smoke
 * test tagged `@no-js`, which walks every screen with JavaScript off and checks each state with axe. The
 * JS-off flows themselves, message by message, are form tests over HTTP: tests/forms/timetables.test.ts.
 */

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text });

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

async function api(request: APIRequestContext, school: SchoolAccount) {
  const token = await apiToken(request, school);
  const headers = { Authorization: `Bearer ${token}` };
  return {
    async timetable(data: Record<string, string>) {
      const response = await request.post(`/api/admin/${school.uniqueId}/timetables`, { headers, data });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { data: { id: number } }).data.id;
    },
    async schedule(id: number, data: Record<string, string>) {
      const response = await request.post(`/api/admin/${school.uniqueId}/timetables/${id}/schedules`, {
        headers,
        data,
      });
      expect(response.status(), await response.text()).toBe(201);
    },
    async currentTermAndSession(term: string, session: string) {
      const current = await request.get(`/api/admin/${school.uniqueId}/school-settings`, { headers });
      const { report_sheet } = ((await current.json()) as { data: { report_sheet: Record<string, unknown> } }).data;
      const response = await request.post(`/api/admin/${school.uniqueId}/school-settings`, {
        headers,
        data: {
          school_settings: {
            report_sheet: { ...report_sheet, current_term: term },
            other_settings: { current_session: session },
          },
        },
      });
      expect(response.status(), await response.text()).toBe(200);
    },
    async remove(id: number) {
      expect((await request.delete(`/api/admin/${school.uniqueId}/timetables/${id}`, { headers })).status()).toBe(200);
    },
  };
}

/** Confirms a delete in its dialog, checked with axe. */
async function confirmDelete(page: Page, trigger: ReturnType<Page["getByRole"]>) {
  await trigger.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Delete" }).click();
}

test.describe("timetables", () => {
  let school: SchoolAccount;
  test.beforeEach(async ({ page, request }) => {
    school = await registerSchoolViaApi(request, "Timetable");
    await logIn(page, school);
  });

  test("a new timetable starts on the term and session the school set as current", async ({ page, request }) => {
    const today = new Date();
    const term = TERMS.find((t) => t !== planningTerm(today))!;
    const session = sessionOptions(today)[0];
    await (await api(request, school)).currentTermAndSession(term, session);
    await page.goto("/admin/timetable/add?type=Test");
    await expect(field(page, "Term")).toHaveValue(term);
    await expect(field(page, "Session")).toHaveValue(session);
  });

  test("type picker, create with the required-fields message, a double submit makes one, edit, search, delete", async ({
    page,
    request,
  }) => {
    await page.goto("/admin/time-table");
    await expect(page.getByRole("heading", { name: "No Timetables Yet" })).toBeVisible();
    await expectAccessible(page);

    await page.getByText("Add Timetable", { exact: true }).click();
    const picker = page.getByRole("navigation", { name: "Timetable type" });
    for (const type of ["Regular School Period", "Test", "Exam"])
      await expect(picker.getByRole("link", { name: type })).toBeVisible();
    await expectAccessible(page);
    await picker.getByRole("link", { name: "Regular School Period" }).click();
    await expect(page).toHaveURL(/\/admin\/timetable\/add\?type=Regular(%20|\+)School(%20|\+)Period$/);
    await expect(page.getByRole("heading", { level: 1, name: "Add Timetable" })).toBeVisible();

    const today = new Date();
    await expect(field(page, "Type")).toHaveValue("Regular School Period");
    await expect(field(page, "Class")).toHaveValue("JSS2");
    await expect(field(page, "Session")).toHaveValue(currentSession(today));
    await expect(field(page, "Term")).toHaveValue(planningTerm(today));
    await expectAccessible(page);

    await field(page, "Class").selectOption("");
    await field(page, "Venue (optional)").fill("Block A");
    await page.getByRole("button", { name: "Create Timetable" }).click();
    await expect(field(page, "Class")).toHaveAccessibleDescription("All fields are required");
    await expect(field(page, "Venue (optional)")).toHaveValue("Block A");
    await expect(field(page, "Term")).toHaveValue(planningTerm(today));
    await expectAccessible(page);

    await field(page, "Class").selectOption("JSS2");
    await page.getByRole("button", { name: "Create Timetable" }).dblclick();
    await expect(page).toHaveURL(/\/admin\/time-table$/);
    await expect(toast(page, "Created successfully")).toBeVisible();
    await expect(page.getByTestId("timetable-card")).toHaveCount(1);
    const card = page.getByRole("article", { name: "Regular School Period – JSS2" });
    await expect(card).toContainText(`JSS2 · ${currentSession(today)} · ${planningTerm(today)}`);
    await expect(card).toContainText("Venue: Block A");
    await expectAccessible(page);

    // Edit: the same form, filled in.
    await card.getByRole("link", { name: "Edit Regular School Period – JSS2" }).click();
    await expect(page).toHaveURL(/\/admin\/timetable\/\d+\/edit$/);
    await expect(page.getByRole("heading", { level: 1, name: "Edit Timetable" })).toBeVisible();
    await expect(field(page, "Venue (optional)")).toHaveValue("Block A");
    await expect(field(page, "Class")).toHaveValue("JSS2");
    await expectAccessible(page);
    await field(page, "Type").selectOption("Test");
    await field(page, "Class").selectOption("JSS3");
    await field(page, "Venue (optional)").fill("Ilé Ẹ̀kọ́ Hall");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/admin\/time-table$/);
    await expect(toast(page, "Updated successfully")).toBeVisible();
    await expect(page.getByRole("article", { name: "Test – JSS3" })).toContainText("Venue: Ilé Ẹ̀kọ́ Hall");

    // Search on the server, by type, class, session, term or venue.
    const setup = await api(request, school);
    const otherTerm = TERMS.find((term) => term !== planningTerm(today))!;
    await setup.timetable({ type: "Exam", class: "SS1", session: "2024/2025", term: otherTerm, venue: "Main Hall" });
    await page.goto("/admin/time-table");
    await expect(page.getByTestId("timetable-card")).toHaveCount(2);
    const search = async (q: string) => {
      const form = page.getByRole("search", { name: "Search timetables" });
      await form.getByRole("searchbox", { name: "Search" }).fill(q);
      // The search runs after a pause in typing.
      await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(q).replace(/%20/g, "(\\+|%20)")}`));
    };
    for (const [q, title] of [
      ["exam", "Exam – SS1"],
      ["jss3", "Test – JSS3"],
      ["2024/2025", "Exam – SS1"],
      [otherTerm.toLowerCase(), "Exam – SS1"],
      ["hall", null],
    ] as const) {
      await search(q);
      if (title) {
        await expect(page.getByTestId("timetable-card")).toHaveCount(1);
        await expect(page.getByRole("article", { name: title })).toBeVisible();
      } else await expect(page.getByTestId("timetable-card")).toHaveCount(2);
    }
    await search("biology");
    await expect(page.getByRole("heading", { name: "No timetables found" })).toBeVisible();
    await expectAccessible(page);

    // Delete after confirmation.
    await page.goto("/admin/time-table");
    await confirmDelete(page, page.getByRole("link", { name: "Delete Exam – SS1" }));
    await expect(page).toHaveURL(/\/admin\/time-table$/);
    await expect(toast(page, "Timetable deleted successfully")).toBeVisible();
    await expect(page.getByTestId("timetable-card")).toHaveCount(1);
    await expect(page.getByRole("article", { name: "Exam – SS1" })).toHaveCount(0);
  });

  test("schedules: each message, grouped by day in time order, edit, download, delete", async ({ page, request }) => {
    const setup = await api(request, school);
    const id = await setup.timetable({
      type: "Regular School Period",
      class: "JSS2",
      session: "2025/2026",
      term: "3rd Term",
    });
    await page.goto(`/admin/timetable/${id}/view`);
    await expect(page.getByRole("heading", { level: 1, name: "Regular School Period Timetable" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Nothing Yet" })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Add Schedule" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/timetable/${id}/add-schedule$`));
    await expectAccessible(page);

    // Nothing filled in: the day; the product's sentence once, above the form; "Required" beside each missing field.
    await page.getByRole("button", { name: "Add Schedule" }).click();
    await expect(field(page, "Day")).toHaveAccessibleDescription("Day is required for Regular School Periods");
    await expect(page.getByText("Start time, end time, and subject are required", { exact: true })).toHaveCount(1);
    for (const label of ["Start time", "End time", "Subject"])
      await expect(field(page, label)).toHaveAccessibleDescription("Required");
    await expectAccessible(page);

    // Subjects come from the class's settings.
    await expect(field(page, "Subject").locator("option", { hasText: "Mathematics" })).toHaveCount(1);
    await field(page, "Day").selectOption("Monday");
    await field(page, "Start time").fill("09:00");
    await field(page, "End time").fill("08:00");
    await field(page, "Subject").selectOption("Mathematics");
    await field(page, "Venue (optional)").fill("Room 4");
    await page.getByRole("button", { name: "Add Schedule" }).click();
    await expect(field(page, "End time")).toHaveAccessibleDescription("End time must be after start time");
    await expect(field(page, "Day")).toHaveValue("Monday");
    await expect(field(page, "Subject")).toHaveValue("Mathematics");
    await expect(field(page, "Venue (optional)")).toHaveValue("Room 4");

    await field(page, "End time").fill("10:00");
    await page.getByRole("button", { name: "Add Schedule" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/timetable/${id}/view$`));
    await expect(toast(page, "Created successfully")).toBeVisible();

    const addPeriod = async (day: string, start: string, end: string, subject: string) => {
      await page.goto(`/admin/timetable/${id}/add-schedule`);
      await field(page, "Day").selectOption(day);
      await field(page, "Start time").fill(start);
      await field(page, "End time").fill(end);
      await field(page, "Subject").selectOption(subject);
      await page.getByRole("button", { name: "Add Schedule" }).click();
    };
    await addPeriod("Tuesday", "08:00", "09:00", "Basic Science");
    await expect(toast(page, "Created successfully")).toBeVisible();
    await addPeriod("Monday", "08:00", "09:00", "English Language");
    await expect(toast(page, "Created successfully")).toBeVisible();

    // Overlap with another period on the same day, named.
    await addPeriod("Monday", "09:30", "10:30", "English Language");
    await expect(field(page, "Start time")).toHaveAccessibleDescription("Overlaps Mathematics, Monday 09:00–10:00");
    await expect(field(page, "Start time")).toHaveValue("09:30");
    await expectAccessible(page);

    // The view: Monday before Tuesday, each day in time order.
    await page.goto(`/admin/timetable/${id}/view`);
    const days = page.getByTestId("schedule-day");
    await expect(days.getByRole("heading", { level: 2 })).toHaveText(["Monday", "Tuesday"]);
    await expect(days.nth(0).getByTestId("schedule")).toHaveCount(2);
    await expect(days.nth(0).getByTestId("schedule").nth(0)).toContainText("English Language");
    await expect(days.nth(0).getByTestId("schedule").nth(1)).toContainText("Mathematics");
    await expect(days.nth(0).getByTestId("schedule").nth(1)).toContainText("09:00–10:00 · Room 4");
    await expectAccessible(page);

    // Edit a schedule.
    await page.getByRole("link", { name: "Edit Mathematics, Monday 09:00–10:00" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/timetable/${id}/edit-schedule/\\d+$`));
    await expect(page.getByRole("heading", { level: 1, name: "Edit Schedule" })).toBeVisible();
    await expect(field(page, "Start time")).toHaveValue("09:00");
    await expect(field(page, "Venue (optional)")).toHaveValue("Room 4");
    await expectAccessible(page);
    await field(page, "Start time").fill("10:00");
    await field(page, "End time").fill("11:00");
    await field(page, "Venue (optional)").fill("Science Lab");
    await page.getByRole("button", { name: "Save Schedule" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/timetable/${id}/view$`));
    await expect(toast(page, "Updated successfully")).toBeVisible();
    await expect(page.getByTestId("schedule-day").nth(0).getByTestId("schedule").nth(1)).toContainText(
      "10:00–11:00 · Science Lab",
    );

    // Download: a PDF, saved with a toast.
    const link = page.getByRole("link", { name: "Download Timetable" });
    await expect(link).toHaveAttribute("href", `/admin/timetable/${id}/download`);
    const pdf = await page.request.get(`/admin/timetable/${id}/download`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(pdf.headers()["content-disposition"]).toMatch(/^attachment; filename=".+\.pdf"$/);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    const [response, download] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/admin/timetable/${id}/download`)),
      page.waitForEvent("download"),
      link.click(),
    ]);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(download.suggestedFilename()).toBe("regular-school-period-timetable-jss2-3rd-term.pdf");
    await expect(toast(page, "Timetable downloaded successfully")).toBeVisible();

    // Delete a schedule after confirmation.
    await page.goto(`/admin/timetable/${id}/view`);
    await confirmDelete(page, page.getByRole("link", { name: "Delete Basic Science, Tuesday 08:00–09:00" }));
    await expect(page).toHaveURL(new RegExp(`/admin/timetable/${id}/view$`));
    await expect(toast(page, "Schedule deleted successfully")).toBeVisible();
    await expect(page.getByTestId("schedule-day").getByRole("heading", { level: 2 })).toHaveText(["Monday"]);
  });

  test("exam schedules: date required, never in the past, day taken from the date", async ({ page, request }) => {
    const setup = await api(request, school);
    const id = await setup.timetable({
      type: "Exam",
      class: "SS3",
      session: "2025/2026",
      term: "3rd Term",
      venue: "Main Hall",
    });
    const addPath = `/admin/timetable/${id}/add-schedule`;
    await page.goto(addPath);
    await expect(field(page, "Day")).toHaveCount(0);
    await expect(field(page, "Date")).toHaveAttribute("min", schoolToday(new Date()));

    await field(page, "Start time").fill("09:00");
    await field(page, "End time").fill("11:00");
    await field(page, "Subject").selectOption("Physics");
    await page.getByRole("button", { name: "Add Schedule" }).click();
    await expect(field(page, "Date")).toHaveAccessibleDescription(/^Date is required for Test and Exam schedules/);
    await expect(field(page, "Start time")).toHaveValue("09:00");
    await expectAccessible(page);

    // A past date: the browser's picker refuses it (min); the check runs again on the server.
    const yesterday = dateFromToday(-1);
    await field(page, "Date").fill(yesterday);
    await page.getByRole("button", { name: "Add Schedule" }).click();
    await expect(field(page, "Date")).toHaveAccessibleDescription(/^The date cannot be in the past/);
    const sent = await page.request.post(addPath, {
      form: { schedule_date: yesterday, schedule_start_time: "09:00", schedule_end_time: "11:00", subject: "Physics" },
    });
    expect(await sent.text()).toContain("The date cannot be in the past");

    const monday = nextMonday();
    await field(page, "Date").fill(monday);
    await expect(page.getByText("Day: Monday")).toBeVisible();
    await page.getByRole("button", { name: "Add Schedule" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/timetable/${id}/view$`));
    await expect(toast(page, "Created successfully")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: `Monday, ${formatDate(monday)}` })).toBeVisible();
    await expect(page.getByTestId("schedule")).toContainText("Physics");
    await expectAccessible(page);

    // Same date, overlapping time: named with its date.
    await page.goto(addPath);
    await field(page, "Date").fill(monday);
    await field(page, "Start time").fill("10:00");
    await field(page, "End time").fill("12:00");
    await field(page, "Subject").selectOption("Chemistry");
    await page.getByRole("button", { name: "Add Schedule" }).click();
    await expect(field(page, "Start time")).toHaveAccessibleDescription(
      `Overlaps Physics, Monday ${formatDate(monday)} 09:00–11:00`,
    );
  });

  test("the list comes in pages of 20 that keep the search", async ({ page, request }) => {
    const setup = await api(request, school);
    for (let i = 1; i <= 21; i++)
      await setup.timetable({
        type: "Test",
        class: "JSS1",
        session: "2025/2026",
        term: "2nd Term",
        venue: `Room ${i}`,
      });
    await setup.timetable({ type: "Exam", class: "SS2", session: "2025/2026", term: "2nd Term" });
    await page.goto("/admin/time-table?q=test");
    await expect(page.getByTestId("timetable-card")).toHaveCount(20);
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    await page.getByRole("link", { name: /Next/ }).click();
    await expect(page).toHaveURL(/\/admin\/time-table\?q=test&page=2$/);
    await expect(page.getByTestId("timetable-card")).toHaveCount(1);
    await expect(page.getByRole("article", { name: "Test – JSS1" })).toContainText("Venue: Room 1");
    await expectAccessible(page);
  });

  test("unknown and other schools' timetables are not found; a failed download says so", async ({ page, request }) => {
    const missing = await page.goto("/admin/timetable/999999/view");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Timetable Not Found" })).toBeVisible();
    await expectAccessible(page);
    expect((await page.goto("/admin/timetable/999999/edit"))?.status()).toBe(404);
    expect((await page.goto("/admin/timetable/999999/add-schedule"))?.status()).toBe(404);

    const otherSchool = await registerSchoolViaApi(request, "Other");
    const theirs = await (
      await api(request, otherSchool)
    ).timetable({ type: "Test", class: "JSS1", session: "2025/2026", term: "1st Term" });
    for (const path of ["view", "edit", "add-schedule", "delete"]) {
      const response = await page.goto(`/admin/timetable/${theirs}/${path}`);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Timetable Not Found" })).toBeVisible();
    }
    const download = await page.request.get(`/admin/timetable/${theirs}/download`, { maxRedirects: 0 });
    expect(download.status()).toBe(302);
    // That answer lands on the list, which says why.
    await page.goto(download.headers().location);
    await expect(toast(page, "Failed to download timetable.")).toBeVisible();

    // The timetable goes away after the list was loaded: the download fails with the product's message.
    const setup = await api(request, school);
    const id = await setup.timetable({ type: "Test", class: "JSS2", session: "2025/2026", term: "2nd Term" });
    await page.goto("/admin/time-table");
    await expect(page.getByTestId("toast")).toHaveCount(0);
    await setup.remove(id);
    await page.getByRole("link", { name: "Download PDF of Test – JSS2" }).click();
    await expect(toast(page, "Failed to download timetable.")).toBeVisible();
  });

  test(
    "no-js smoke: list, type picker, timetable and schedule forms, views, download, pages, confirm pages, not found",
    { tag: "@no-js" },
    async ({ page, request }) => {
      await page.goto("/admin/time-table");
      await expect(page.getByRole("heading", { name: "No Timetables Yet" })).toBeVisible();
      await expectAccessible(page);

      // The type picker is a <details> menu: it opens without scripts.
      await page.getByText("Add Timetable", { exact: true }).click();
      const picker = page.getByRole("navigation", { name: "Timetable type" });
      await expect(picker.getByRole("link", { name: "Exam" })).toBeVisible();
      await expectAccessible(page);
      await picker.getByRole("link", { name: "Regular School Period" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Add Timetable" })).toBeVisible();
      await expectAccessible(page);

      await field(page, "Class").selectOption("");
      await page.getByRole("button", { name: "Create Timetable" }).click();
      await expect(field(page, "Class")).toHaveAccessibleDescription("All fields are required");
      await expectAccessible(page);
      await field(page, "Class").selectOption("JSS2");
      await page.getByRole("button", { name: "Create Timetable" }).click();
      await expect(page).toHaveURL(/\/admin\/time-table$/);
      await expect(toast(page, "Created successfully")).toBeVisible();
      await expect(page.getByTestId("timetable-card")).toHaveCount(1);
      await expectAccessible(page);

      await page.getByRole("link", { name: "Edit Regular School Period – JSS2" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Edit Timetable" })).toBeVisible();
      await expectAccessible(page);

      await page.goto("/admin/time-table");
      await page.getByRole("searchbox", { name: "Search" }).fill("biology");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page.getByRole("heading", { name: "No timetables found" })).toBeVisible();
      await expectAccessible(page);

      const setup = await api(request, school);
      const id = await setup.timetable({
        type: "Regular School Period",
        class: "JSS2",
        session: "2025/2026",
        term: "3rd Term",
      });
      await page.goto(`/admin/timetable/${id}/view`);
      await expect(page.getByRole("heading", { name: "Nothing Yet" })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole("link", { name: "Add Schedule" }).click();
      await expectAccessible(page);
      await page.getByRole("button", { name: "Add Schedule" }).click();
      await expect(field(page, "Day")).toHaveAccessibleDescription("Day is required for Regular School Periods");
      await expectAccessible(page);
      await field(page, "Day").selectOption("Monday");
      await field(page, "Start time").fill("09:00");
      await field(page, "End time").fill("10:00");
      await field(page, "Subject").selectOption("Mathematics");
      await page.getByRole("button", { name: "Add Schedule" }).click();
      await expect(toast(page, "Created successfully")).toBeVisible();
      await expect(page.getByTestId("schedule-day").getByRole("heading", { level: 2 })).toHaveText(["Monday"]);
      await expectAccessible(page);

      await page.goto(`/admin/timetable/${id}/add-schedule`);
      await field(page, "Day").selectOption("Monday");
      await field(page, "Start time").fill("09:30");
      await field(page, "End time").fill("10:30");
      await field(page, "Subject").selectOption("English Language");
      await page.getByRole("button", { name: "Add Schedule" }).click();
      await expect(field(page, "Start time")).toHaveAccessibleDescription("Overlaps Mathematics, Monday 09:00–10:00");
      await expectAccessible(page);

      await page.goto(`/admin/timetable/${id}/view`);
      await page.getByRole("link", { name: "Edit Mathematics, Monday 09:00–10:00" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Edit Schedule" })).toBeVisible();
      await expectAccessible(page);

      // Without scripts the link itself downloads: the PDF comes as an attachment.
      await page.goto(`/admin/timetable/${id}/view`);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Download Timetable" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("regular-school-period-timetable-jss2-3rd-term.pdf");

      await page.getByRole("link", { name: "Delete Mathematics, Monday 09:00–10:00" }).click();
      await expect(page).toHaveURL(/\/delete-schedule\/\d+$/);
      await expectAccessible(page);
      await page.getByRole("main").getByRole("button", { name: "Delete" }).click();
      await expect(toast(page, "Schedule deleted successfully")).toBeVisible();

      const exam = await setup.timetable({ type: "Exam", class: "SS3", session: "2025/2026", term: "3rd Term" });
      await page.goto(`/admin/timetable/${exam}/add-schedule`);
      await field(page, "Start time").fill("09:00");
      await field(page, "End time").fill("11:00");
      await field(page, "Subject").selectOption("Physics");
      await page.getByRole("button", { name: "Add Schedule" }).click();
      await expect(field(page, "Date")).toHaveAccessibleDescription(/^Date is required for Test and Exam schedules/);
      await expectAccessible(page);
      const monday = nextMonday();
      await field(page, "Date").fill(monday);
      await page.getByRole("button", { name: "Add Schedule" }).click();
      await expect(page.getByRole("heading", { level: 2, name: `Monday, ${formatDate(monday)}` })).toBeVisible();
      await expectAccessible(page);

      // A second page of the list, and the confirm page behind a timetable's Delete.
      for (let i = 1; i <= 18; i++)
        await setup.timetable({
          type: "Test",
          class: "JSS1",
          session: "2025/2026",
          term: "2nd Term",
          venue: `Room ${i}`,
        });
      await page.goto("/admin/time-table");
      await page.getByRole("link", { name: /Next/ }).click();
      await expect(page.getByText("Page 2 of 2")).toBeVisible();
      await expectAccessible(page);
      await page.getByRole("link", { name: "Delete Regular School Period – JSS2" }).first().click();
      await expect(page).toHaveURL(/\/admin\/timetable\/\d+\/delete$/);
      await expectAccessible(page);
      await page.getByRole("main").getByRole("button", { name: "Delete" }).click();
      await expect(toast(page, "Timetable deleted successfully")).toBeVisible();

      expect((await page.goto("/admin/timetable/999999/view"))?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Timetable Not Found" })).toBeVisible();
      await expectAccessible(page);
    },
  );
});
