import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import routes from "../../app/routes";
import { expect, test } from "./support/test";
import { xlsx } from "./support/imports";
import { RECENT_SCHOOL_DAY, termAroundToday } from "./support/calendar";
import { logoPng } from "./support/files";
import { signedIn, type Admin } from "./support/school";

/**
 * Every admin screen at 360 × 740, with and without JavaScript, on a school with a record of each kind: no page
 * is wider than the screen, every visible control can be reached, none under a fixed element (the bottom bar, a
 * floating button, a toast), and no select cuts off its chosen option. The screens come from app/routes.ts, so a
 * new screen must be given its address here (the test fails until it is) rather than go unwalked.
 */

type Seeded = Awaited<ReturnType<typeof seedSchool>>;

async function api<T>(
  page: Page,
  admin: Admin,
  method: "GET" | "POST" | "PUT",
  url: string,
  data?: unknown,
): Promise<T> {
  const options = {
    headers: { Authorization: `Bearer ${admin.token}`, "Idempotency-Key": `layout-${url}-${Math.random()}` },
    ...(data instanceof FormData ? { multipart: data } : { data }),
  };
  const full = `/api/admin/${admin.account.uniqueId}${url}`;
  const response = await page.request.fetch(full, { method, ...options });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()).data as T;
}

/** A school with long names and large sums, as a real one has: each screen shows content, not its empty state. */
async function seedSchool(page: Page, admin: Admin) {
  const post = <T>(url: string, data: unknown) => api<T>(page, admin, "POST", url, data);
  const addStudent = (name: string, selectedClass: string) =>
    post<{ unique_id: string }>("/students", {
      student_data: { name, selectedClass, gender: "Female", phone_number: "0803 123 4567", email: "ada@example.ng" },
    });
  const student = await addStudent("Chimamanda Adaeze Okonkwo-Nwachukwu", "JSS1");
  await addStudent("Oluwaseun Babatunde Adeyemi-Ogunleye", "SS2");
  // A list longer than the screen, so that its last rows end up beside the floating buttons.
  for (let n = 1; n <= 10; n++) await addStudent(`Pupil Number ${n}`, "JSS2");
  const former = await addStudent("Ibrahim Musa Abubakar", "JSS3");
  await post(`/students/${former.unique_id}/backlog`, { reason: "Graduated" });
  const parent = await post<{ unique_id: string }>("/stu-parents", {
    parent_data: {
      name: "Mrs. Ngozi Okonkwo-Nwachukwu",
      email: "ngozi.okonkwo@example.ng",
      phone: "0803 555 0000",
      children: [student.unique_id],
    },
  });
  const staff = await post<{ unique_id: string }>("/staffs", {
    staff_data: {
      name: "Mr. Emeka Chukwuemeka Obi",
      email: "emeka.obi@example.ng",
      phone: "0807 300 1000",
      is_teaching_staff: true,
      form_teacher: "JSS1",
      teaching: [{ class: "JSS1", subject: "Music" }],
    },
  });
  // A term around today, so that the register of a recent school day is there to walk.
  const calendar = termAroundToday();
  await api(page, admin, "PUT", calendar.path, calendar.body);
  // The member signs in to the staff area: its screens are walked as this teacher.
  const teacher = await post<{ email: string; password: string }>(`/staffs/${staff.unique_id}/sign-in`, {});
  const timetable = await post<{ id: number }>("/timetables", {
    type: "Regular School Period",
    class: "JSS1",
    session: "2025/2026",
    term: "1st Term",
    venue: "Main Hall",
  });
  const schedule = await post<{ id: number }>(`/timetables/${timetable.id}/schedules`, {
    schedule_day: "Monday",
    schedule_start_time: "08:00",
    schedule_end_time: "09:00",
    subject: "Mathematics",
    teacher: staff.unique_id,
  });
  const group = await post<{ id: number }>("/inventory/groups", { name: "Uniforms and Sportswear" });
  const item = await post<{ id: number }>("/inventory/items", {
    name: "Long-sleeved school shirt",
    class: "JSS1",
    price: 4500,
    status: "In Stock",
    group_id: group.id,
    quantity: 10,
  });
  await post("/inventory/purchases", { item_id: item.id, student_id: student.unique_id, quantity: 1 });
  const { term, session } = await api<{ term: string; session: string }>(page, admin, "GET", "/fees/overview");
  const fee = await post<{ id: number }>("/fees/fee-settings", {
    name: "Tuition and development levy",
    amount: 1_250_000,
    applies_to: "all",
    term,
    session,
    compulsory: true,
  });
  const payment = await post<{ id: number }>("/fees/payments", {
    student_id: student.unique_id,
    amount: 987_654.32,
    term,
    session,
    paid_on: new Date().toISOString().slice(0, 10),
    method: "Transfer",
    reference: "TRF-2026-000123456",
  });
  const form = await post<{ id: number; public_id: string }>("/create-admission-form", {
    title: "2026/2027 Entrance Examination",
    amount: 2500,
    status: "active",
  });
  const application = new FormData();
  const answers = {
    surname: "Okoro",
    firstName: "Chukwudi",
    dateOfBirth: "2013-05-01",
    gender: "Male",
    homeAddress: "3 Market Road, Aba",
    phoneNumber: "0803 111 2233",
    emailAddress: "okoro@example.ng",
    classApplyingInto: "JSS2",
    parentName: "Mr. Okoro",
    relationshipToApplicant: "Father",
  };
  for (const [name, value] of Object.entries(answers)) application.set(name, value);
  const applied = await page.request.post(`/api/public/admission-forms/${form.public_id}/submissions`, {
    multipart: application,
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const submissions = await api<{ data: { id: number }[] }>(page, admin, "GET", "/submissions");
  const upload = new FormData();
  upload.set("folder_name", "Staff Handbooks");
  const logo = logoPng();
  upload.set("files[]", new Blob([new Uint8Array(logo.buffer)], { type: logo.mimeType }), "school-crest.png");
  const [file] = await post<{ id: number; folder: string }[]>("/files", upload);
  const importFile = new FormData();
  const sheet = xlsx("students.xlsx", [
    ["Name", "Class", "Gender", "Phone Number", "Email"],
    ["Bad Class", "Primary 9", "Male", "0803 123 4567", ""],
  ]);
  importFile.set("file", new Blob([new Uint8Array(sheet.buffer)], { type: sheet.mimeType }), sheet.name);
  const check = await post<{ token: string }>("/imports/students", importFile);
  await post("/cbt/questions", {
    class: "JSS1",
    subject: "Music",
    kind: "objective",
    text: "Which of these numbers is the largest when written out in full on a long line of text?",
    options: ["One hundred and twenty-five thousand", "Ninety-nine", "Seven", "Zero"],
    answer: 0,
  });
  const cbtTest = await post<{ id: number }>("/cbt/tests", {
    title: "First Continuous Assessment in Music for Junior Secondary One",
    class: "JSS1",
    subject: "Music",
    term,
    session,
    duration_minutes: 30,
    question_count: 1,
    opens_at: new Date(Date.now() - 3_600_000).toISOString(),
    closes_at: new Date(Date.now() + 3_600_000).toISOString(),
    results_column: "1st CA",
  });
  await post(`/cbt/tests/${cbtTest.id}/pins`, {});
  // The teacher shares a lesson note and sets an assignment, with their own token.
  const teacherLogin = await page.request.post("/api/admin/login", {
    data: { unique_id: admin.account.uniqueId, email: teacher.email, password: teacher.password },
  });
  const asTeacher = { ...admin, token: ((await teacherLogin.json()) as { data: { token: string } }).data.token };
  const lesson = new FormData();
  for (const [name, value] of Object.entries({ class: "JSS1", subject: "Music", week: "3" })) lesson.set(name, value);
  lesson.set(
    "file",
    new Blob([new Uint8Array(logo.buffer)], { type: logo.mimeType }),
    "Major scale worked example, week three.png",
  );
  const note = await api<{ id: number }>(page, asTeacher, "POST", "/notes", lesson);
  const homework = new FormData();
  const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  for (const [name, value] of Object.entries({
    class: "JSS1",
    subject: "Music",
    title: "Rhythm, pitch and the major scale: exercise 4B",
    instructions: "Answer every question of exercise 4B on page 42 and show your working.",
    due_date: due,
  }))
    homework.set(name, value);
  homework.set(
    "files[]",
    new Blob([new Uint8Array(logo.buffer)], { type: logo.mimeType }),
    "Exercise 4B worked example.png",
  );
  const assignment = await api<{ id: number }>(page, asTeacher, "POST", "/assignments", homework);
  const subAdmin = await post<{ sub_admin: { id: number } }>("/sub-admins", {
    name: "Ngozi Eze",
    email: `ngozi-${Date.now().toString(36)}@school.test`,
    features: ["students"],
  });
  // A message to JSS1's parents from the admin, and one from the teacher (kept "not sent": no channel here).
  const message = await post<{ id: number }>("/messages", {
    audience: "class",
    class: "JSS1",
    channels: ["email", "sms"],
    body: "Inter-house sports hold on Friday; pupils come in their house colours.",
  });
  const teacherMessage = await api<{ id: number }>(page, asTeacher, "POST", "/messages", {
    audience: "class",
    class: "JSS1",
    channels: ["email"],
    body: "Reading week starts on Monday.",
  });
  return {
    message: message.id,
    teacherMessage: teacherMessage.id,
    student: student.unique_id,
    former: former.unique_id,
    parent: parent.unique_id,
    staff: staff.unique_id,
    teacher,
    timetable: timetable.id,
    schedule: schedule.id,
    group: group.id,
    item: item.id,
    fee: fee.id,
    payment: payment.id,
    form: form.id,
    submission: submissions.data[0].id,
    file: file.id,
    folder: file.folder,
    note: note.id,
    assignment: assignment.id,
    importToken: check.token,
    subAdmin: subAdmin.sub_admin.id,
    school: admin.account.uniqueId,
    cbtTest: cbtTest.id,
  };
}

/**
 * The addresses that show each route with content: one or more per route pattern. A route missing here fails
 * the test, so that a new screen is walked too; resource routes (no page: downloads, form targets) are left out
 * by their module having no default export.
 */
function addressesOf(s: Seeded): Record<string, string[]> {
  const inventory = `/admin/inventory/group/items?groupId=${s.group}`;
  return {
    "admin/dashboard": ["/admin/dashboard"],
    "admin/profile": ["/admin/profile"],
    "admin/profile/how-to": ["/admin/profile/how-to"],
    "admin/profile/about-us": ["/admin/profile/about-us"],
    "admin/logout": ["/admin/logout"],
    "admin/students": ["/admin/students"],
    "admin/students/:id/delete": [`/admin/students/${s.student}/delete`],
    "admin/students/promotion": ["/admin/students/promotion"],
    "admin/students/attendance": [`/admin/students/attendance?class=JSS1&date=${RECENT_SCHOOL_DAY}`],
    "admin/students/promotion/confirm": ["/admin/students/promotion/confirm"],
    "admin/students/promotion/undo": ["/admin/students/promotion/undo"],
    "admin/students/promotion/term": ["/admin/students/promotion/term"],
    "admin/students/:id/backlog": [`/admin/students/${s.student}/backlog`],
    "admin/students-backlog": ["/admin/students-backlog"],
    "admin/students-backlog/:id/restore": [`/admin/students-backlog/${s.former}/restore`],
    "admin/student-data/:id/erase": [`/admin/student-data/${s.former}/erase`, `/admin/student-data/${s.student}/erase`],
    "admin/student-data/:id/not-found": [`/admin/student-data/${s.student}/not-found`],
    "admin/add-student": ["/admin/add-student"],
    "admin/update-student/:id": [`/admin/update-student/${s.student}`],
    "admin/parents": ["/admin/parents"],
    "admin/parents/add": ["/admin/parents/add"],
    "admin/parents/:id/update": [`/admin/parents/${s.parent}/update`],
    "admin/parents/:id/delete": [`/admin/parents/${s.parent}/delete`],
    "admin/staff": ["/admin/staff"],
    "admin/staff/add": ["/admin/staff/add"],
    "admin/staff/:id/update": [`/admin/staff/${s.staff}/update`],
    "admin/staff/:id/delete": [`/admin/staff/${s.staff}/delete`],
    "admin/staff-sign-in/:id": [`/admin/staff-sign-in/${s.staff}`],
    "admin/staff-notes": ["/admin/staff-notes"],
    "admin/staff-notes/:id/review": [`/admin/staff-notes/${s.note}/review`],
    "admin/time-table": ["/admin/time-table"],
    "admin/timetable/add": ["/admin/timetable/add", "/admin/timetable/add?type=Regular%20School%20Period"],
    "admin/timetable/:id/edit": [`/admin/timetable/${s.timetable}/edit`],
    "admin/timetable/:id/view": [`/admin/timetable/${s.timetable}/view`],
    "admin/timetable/:id/delete": [`/admin/timetable/${s.timetable}/delete`],
    "admin/timetable/:id/add-schedule": [`/admin/timetable/${s.timetable}/add-schedule`],
    "admin/timetable/:id/edit-schedule/:scheduleId": [`/admin/timetable/${s.timetable}/edit-schedule/${s.schedule}`],
    "admin/timetable/:id/delete-schedule/:scheduleId": [
      `/admin/timetable/${s.timetable}/delete-schedule/${s.schedule}`,
    ],
    "admin/inventory": ["/admin/inventory"],
    "admin/inventory/add-group": ["/admin/inventory/add-group"],
    "admin/inventory/update-group": [`/admin/inventory/update-group?groupId=${s.group}`],
    "admin/inventory/delete-group": [`/admin/inventory/delete-group?groupId=${s.group}`],
    "admin/inventory/group/items": [inventory],
    "admin/inventory/add-product": [`/admin/inventory/add-product?groupId=${s.group}`],
    "admin/inventory/edit-product": [`/admin/inventory/edit-product?itemId=${s.item}`],
    "admin/inventory/delete-product": [`/admin/inventory/delete-product?itemId=${s.item}`],
    "admin/inventory/sell": [
      `/admin/inventory/sell?itemId=${s.item}`,
      `/admin/inventory/sell?itemId=${s.item}&studentId=${s.student}`,
    ],
    "admin/inventory/purchased": ["/admin/inventory/purchased"],
    "admin/add-bank-details": ["/admin/add-bank-details"],
    "admin/files": ["/admin/files"],
    "admin/files/upload/:folder?": ["/admin/files/upload", `/admin/files/upload/${encodeURIComponent(s.folder)}`],
    "admin/files/folder/:folder/delete": [`/admin/files/folder/${encodeURIComponent(s.folder)}/delete`],
    "admin/files/:id/view": [`/admin/files/${s.file}/view`],
    "admin/files/:id/delete": [`/admin/files/${s.file}/delete`],
    "admin/files/:folder": [`/admin/files/${encodeURIComponent(s.folder)}`],
    "admin/settings": ["/admin/settings"],
    "admin/settings/section": ["/admin/settings/section?name=Junior%20Secondary"],
    "admin/settings/report-sheet": ["/admin/settings/report-sheet"],
    "admin/settings/grading": ["/admin/settings/grading"],
    "admin/settings/calendar": ["/admin/settings/calendar"],
    "admin/settings/jobs": ["/admin/settings/jobs"],
    "admin/settings/messages": ["/admin/settings/messages"],
    "admin/messages": ["/admin/messages"],
    "admin/messages/new": ["/admin/messages/new"],
    "admin/messages/:id": [`/admin/messages/${s.message}`],
    "admin/admission-forms": ["/admin/admission-forms", "/admin/admission-forms?tab=submissions"],
    "admin/admission-forms/create": ["/admin/admission-forms/create"],
    "admin/admission-forms/:id/delete": [`/admin/admission-forms/${s.form}/delete`],
    "admin/admission-forms/:id/cbt-test": [`/admin/admission-forms/${s.form}/cbt-test`],
    "admin/school-fees": ["/admin/school-fees", "/admin/school-fees?tab=setup"],
    "admin/school-fees/:id/edit": [`/admin/school-fees/${s.fee}/edit`],
    "admin/school-fees/:id/delete": [`/admin/school-fees/${s.fee}/delete`],
    "admin/school-fees/:id/retire": [`/admin/school-fees/${s.fee}/retire`],
    "admin/school-fees/students/:id": [`/admin/school-fees/students/${s.student}`],
    "admin/school-fees/online-payments": ["/admin/school-fees/online-payments"],
    "admin/school-fees/payments/:id/reverse": [`/admin/school-fees/payments/${s.payment}/reverse`],
    "admin/school-fees/payments/:id/receipt-not-found": [`/admin/school-fees/payments/${s.payment}/receipt-not-found`],
    "admin/add-bulk-students": ["/admin/add-bulk-students"],
    "admin/add-bulk-parents": ["/admin/add-bulk-parents"],
    "admin/add-bulk-staff": ["/admin/add-bulk-staff"],
    "admin/add-bulk-questions": ["/admin/add-bulk-questions"],
    "admin/bulk-import/:kind/:token": [`/admin/bulk-import/students/${s.importToken}`],
    "admin/results": ["/admin/results", "/admin/results?class=JSS1"],
    "admin/results/extras": ["/admin/results/extras", "/admin/results/extras?class=JSS1"],
    "admin/results/broadsheet": ["/admin/results/broadsheet", "/admin/results/broadsheet?class=JSS1"],
    "admin/results/report-cards": ["/admin/results/report-cards", "/admin/results/report-cards?class=JSS1"],
    "admin/assessments": ["/admin/assessments"],
    "admin/assessments/create": ["/admin/assessments/create"],
    "admin/assessments/questions": [
      "/admin/assessments/questions",
      "/admin/assessments/questions?class=JSS1&subject=Music",
    ],
    "admin/assessments/:id": [`/admin/assessments/${s.cbtTest}`],
    "admin/assessments/:id/theory": [`/admin/assessments/${s.cbtTest}/theory`],
    "admin/:area": ["/admin/not-found"],
    "new-whatsapp": ["/new-whatsapp"],
    "submission-review/:uniqueId/:submissionId": [`/submission-review/${s.school}/${s.submission}`],
    "submission-review/:uniqueId/:submissionId/approve": [`/submission-review/${s.school}/${s.submission}/approve`],
    "submission-review/:uniqueId/:submissionId/reject": [`/submission-review/${s.school}/${s.submission}/reject`],
    notifications: ["/notifications"],
    "super-admin/manage-admins": ["/super-admin/manage-admins"],
    "super-admin/manage-admins/add": ["/super-admin/manage-admins/add"],
    "super-admin/manage-admins/:id/edit": [`/super-admin/manage-admins/${s.subAdmin}/edit`],
    "super-admin/manage-admins/:id/reset-password": [`/super-admin/manage-admins/${s.subAdmin}/reset-password`],
    "super-admin/manage-admins/:id/delete": [`/super-admin/manage-admins/${s.subAdmin}/delete`],
    "super-admin/audit-log": ["/super-admin/audit-log"],
    "super-admin/profile": ["/super-admin/profile"],
    "super-admin/results": ["/super-admin/results"],
    "super-admin/results/publish": [`/super-admin/results/publish?class=JSS1`],
    "super-admin/results/unpublish": [`/super-admin/results/unpublish?class=JSS1`],
    "super-admin/admissions": ["/super-admin/admissions", "/super-admin/admissions?status=pending&class=JSS1"],
    "staff/dashboard": ["/staff/dashboard"],
    "staff/account": ["/staff/account"],
    "staff/attendance": [`/staff/attendance?date=${RECENT_SCHOOL_DAY}`],
    "staff/timetable": ["/staff/timetable"],
    "staff/results": ["/staff/results"],
    "staff/ptc": ["/staff/ptc"],
    "staff/ptc/new": ["/staff/ptc/new"],
    "staff/ptc/:id": [`/staff/ptc/${s.teacherMessage}`],
    "staff/cbt-exams": ["/staff/cbt-exams"],
    "staff/cbt-exams/create": ["/staff/cbt-exams/create"],
    "staff/cbt-exams/questions": ["/staff/cbt-exams/questions?class=JSS1&subject=Music"],
    "staff/cbt-exams/:id": [`/staff/cbt-exams/${s.cbtTest}`],
    "staff/cbt-exams/:id/theory": [`/staff/cbt-exams/${s.cbtTest}/theory`],
    "staff/notes": ["/staff/notes"],
    "staff/notes/:id/delete": [`/staff/notes/${s.note}/delete`],
    "staff/assignments": ["/staff/assignments", "/staff/assignments?when=past"],
    "staff/assignments/new": ["/staff/assignments/new"],
    "staff/assignments/:id/edit": [`/staff/assignments/${s.assignment}/edit`],
    "staff/assignments/:id/delete": [`/staff/assignments/${s.assignment}/delete`],
    "staff/:area": ["/staff/not-found"],
  };
}

interface RouteEntry {
  path?: string;
  file: string;
  children?: RouteEntry[];
}

/** The admin screens' route patterns: the pages (modules with a default export) under the admin layout. */
function adminScreenPatterns(): string[] {
  const layout = (routes as RouteEntry[]).find((entry) => entry.file === "routes/admin/layout.tsx");
  return (layout?.children ?? [])
    .filter((entry) =>
      /^export default/m.test(readFileSync(fileURLToPath(new URL(`../../app/${entry.file}`, import.meta.url)), "utf8")),
    )
    .map((entry) => entry.path!);
}

/**
 * What is wrong with the page as it stands: wider than the screen, a visible control whose centre, once
 * scrolled into view, shows something else (a fixed bar, a floating button, a toast) on top of it, or a select
 * too narrow for its chosen option; and the same for the entries of each of its menus, opened in turn.
 */
function layoutProblems(page: Page): Promise<string[]> {
  // The screen's width, not innerWidth: a phone zooms out to show a page wider than the screen, and innerWidth
  // grows with it.
  const screenWidth = page.viewportSize()!.width;
  return page.evaluate((screenWidth) => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > screenWidth) problems.push(`page is ${root.scrollWidth} px wide`);
    const describe = (element: Element) => {
      const name =
        element.getAttribute("aria-label") ||
        (element as HTMLInputElement).labels?.[0]?.textContent ||
        element.textContent ||
        element.getAttribute("name") ||
        "";
      return `<${element.tagName.toLowerCase()}> "${name.replace(/\s+/g, " ").trim().slice(0, 40)}"`;
    };
    // A select's chosen option is drawn beside its arrow, whose room the select's padding does not include.
    const measure = document.createElement("canvas").getContext("2d")!;
    const arrowWidth = 20;
    const CONTROLS = "a[href], button, input, select, textarea, summary";
    const visible = (element: Element) =>
      (element as HTMLElement).checkVisibility({ visibilityProperty: true, opacityProperty: true });
    /** Checks one control where it is, or scrolled to the middle of the screen when `scroll` says so. */
    const check = (control: Element, scroll: boolean) => {
      // Where it is: only a scrolling panel it is hidden in (the phone menu's list) moves to show it.
      control.scrollIntoView(scroll ? { block: "center", inline: "center" } : { block: "nearest", inline: "nearest" });
      // A link that wraps is aimed at on its first line: the middle of its whole box may lie beside it.
      const box = control.getClientRects()[0];
      // Visually hidden controls (a toast's dismiss box, a file input under its label) have no area of their own.
      if (!box || box.width < 2 || box.height < 2) return;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return check(control, true);
      if (control instanceof HTMLSelectElement && control.selectedOptions[0]) {
        const style = getComputedStyle(control);
        measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = control.selectedOptions[0].text;
        const room = control.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrowWidth;
        if (measure.measureText(text).width > room) problems.push(`${describe(control)} cuts off "${text}"`);
      }
      const hit = document.elementFromPoint(x, y);
      if (!hit || control === hit || control.contains(hit)) return;
      const label = hit.closest("label");
      if (label && (label.contains(control) || (label.htmlFor && label.htmlFor === control.id))) return;
      problems.push(`${describe(control)} is under ${describe(hit)}`);
    };
    for (const control of document.querySelectorAll(CONTROLS)) if (visible(control)) check(control, true);
    // Each closed <details> opened in turn, its summary in the middle of the screen: a menu's entries (a row's ⋮,
    // a list's Add) are checked where they open, as they are tapped.
    for (const details of document.querySelectorAll("details:not([open])")) {
      const summary = details.querySelector(":scope > summary");
      if (!summary || !visible(summary)) continue;
      summary.scrollIntoView({ block: "center" });
      (details as HTMLDetailsElement).open = true;
      // A menu pops up over the page; a section that opens in the flow (a record's edit form) is scrolled through.
      const popsUp = [...details.children].some((child) => getComputedStyle(child).position === "absolute");
      for (const control of details.querySelectorAll(CONTROLS))
        if (control !== summary && visible(control)) check(control, !popsUp);
      (details as HTMLDetailsElement).open = false;
    }
    window.scrollTo(0, 0);
    return problems;
  }, screenWidth);
}

async function walkEveryScreen(page: Page) {
  const admin = await signedIn(page, page.request, "Layout");
  const problems: string[] = [];
  const note = (where: string, found: string[]) => problems.push(...found.map((problem) => `${where}: ${problem}`));

  // The menu opened on the first page after login, while its "Welcome back!" toast shows.
  await page.locator("summary", { hasText: "Menu" }).click();
  note("/admin/dashboard with the menu open", await layoutProblems(page));

  const seeded = await seedSchool(page, admin);
  const addresses = addressesOf(seeded);
  const unwalked = adminScreenPatterns().filter((pattern) => !addresses[pattern]);
  expect(unwalked, "screens with no address to walk: add them to addressesOf").toEqual([]);

  const urls = Object.values(addresses).flat();
  // The admin's screens, then the staff area's as the seeded teacher (the admin's answer 403 there).
  const staffArea = (url: string) => url.startsWith("/staff/");
  for (const url of [...urls.filter((u) => !staffArea(u)), ...urls.filter(staffArea)]) {
    if (url === urls.find(staffArea)) {
      const login = await page.request.post("/choose-account", {
        form: { unique_id: admin.account.uniqueId, email: seeded.teacher.email, password: seeded.teacher.password },
        maxRedirects: 0,
      });
      expect(login.headers().location, "a teacher's sign-in lands on the staff dashboard").toBe("/staff/dashboard");
    }
    const response = await page.goto(url);
    const status = response?.status() ?? 0;
    if (status !== (/\/(receipt-)?not-found$/.test(url) ? 404 : 200)) problems.push(`${url}: answered ${status}`);
    note(url, await layoutProblems(page));
  }
  expect(problems.join("\n"), "layout problems at 360 px (page: problem)").toBe("");
}

test.describe("layout at 360 px", () => {
  test("every admin screen fits the screen, every control uncovered, with JavaScript", async ({ page }) => {
    test.slow();
    await walkEveryScreen(page);
  });

  test("every admin screen fits the screen, every control uncovered, without JavaScript @no-js", async ({ page }) => {
    await walkEveryScreen(page);
  });
});
