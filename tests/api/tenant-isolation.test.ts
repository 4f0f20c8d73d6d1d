import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import { nubanFor } from "../../api/lib/nuban";
import { localStorage } from "../../api/storage/local";
import { xlsxFile } from "./spreadsheets";
import {
  bearer,
  DATABASE,
  ownTables,
  pngFile,
  registerSchool,
  sql,
  startApi,
  TEST_PUBLIC_URL,
  type RegisteredSchool,
  type TestApi,
} from "./harness";

/**
 * Tenant isolation over the whole route table: school B's token on any of school A's paths answers 404
 * and changes nothing, and no token answers 401. Every route with a :uniqueId parameter must have a
 * case below: a route added without one fails "every tenant route has a case".
 */

/** School A's own records, which B aims at. */
interface Owned {
  school: RegisteredSchool;
  studentId: string;
  backloggedId: string;
  timetableId: string;
  scheduleId: string;
  groupId: string;
  itemId: string;
  fileId: string;
  folder: string;
  parent: { id: string; unique_id: string };
  staff: { id: string; unique_id: string };
  feeId: string;
  discountId: string;
  paymentId: string;
  importToken: string;
  subAdminId?: string;
  /** One of the main admin's sessions (/sessions). */
  sessionId?: string;
  messageId?: string;
  commentId: string;
  /** A computer-based test of A's, opened for JSS1 (its papers drawn). */
  cbtTestId: string;
  /** A lesson note and an assignment (with its attachment) of A's teacher. */
  noteId: string;
  assignmentId: string;
  attachmentId: string;
}

interface IsolationCase {
  /** Path parameters besides :uniqueId, naming A's records. */
  params?: (a: Owned) => Record<string, string>;
  /** A valid body for the call, as A would send it: JSON, or a multipart form. */
  body?: (a: Owned) => unknown;
  /** The path parameters name nothing of A's (an account number and a bank): B's own path is B's business. */
  paramsNameNoRecord?: true;
  /** The query the call needs to answer A itself (a results sheet names its class and subject). */
  query?: string;
}

const timetable = {
  type: "Regular School Period",
  class: "JSS2",
  session: "2025/2026",
  term: "3rd Term",
  venue: "Block A",
};
const schedule = {
  schedule_day: "Monday",
  schedule_start_time: "08:00",
  schedule_end_time: "09:00",
  subject: "Mathematics",
  venue: "",
  schedule_date: null,
};
const student = { name: "Chidi Okonkwo", selectedClass: "JSS1", gender: "Male", phone_number: "0803 123 4567" };
const studentId = (a: Owned) => ({ id: a.studentId });
const timetableId = (a: Owned) => ({ id: a.timetableId });
const scheduleIds = (a: Owned) => ({ id: a.timetableId, scheduleId: a.scheduleId });
const groupId = (a: Owned) => ({ id: a.groupId });
const itemId = (a: Owned) => ({ id: a.itemId });
const item = (a: Owned) => ({
  name: "Blazer",
  class: "JSS1",
  price: 9500,
  status: "In Stock",
  group_id: Number(a.groupId),
  quantity: 4,
});
const account = nubanFor("058", "012345678");
const bankAccount = {
  account_bank: "058",
  account_number: account,
  account_name: `SANDBOX ACCOUNT ${account.slice(-4)}`,
};
const fileId = (a: Owned) => ({ id: a.fileId });
const fee = {
  name: "Tuition",
  amount: 45000,
  applies_to: "all",
  term: "2nd Term",
  session: "2025/2026",
  compulsory: true,
};
const feeId = (a: Owned) => ({ id: a.feeId });
const paymentId = (a: Owned) => ({ id: a.paymentId });
const payment = (a: Owned) => ({
  student_id: a.studentId,
  amount: 100,
  paid_on: "2025-01-10",
  method: "Cash",
  term: fee.term,
  session: fee.session,
});
const folder = (a: Owned) => ({ folder: a.folder });
function uploadForm(folderName: string) {
  const form = new FormData();
  form.set("folder_name", folderName);
  form.append(
    "files[]",
    new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "report.pdf", { type: "application/pdf" }),
  );
  return form;
}
/** School A's admission form and a submission made through its public link. */
const admission = { formId: "", submissionId: "", notificationId: "" };
async function applyTo(api: TestApi, publicId: string) {
  const form = new FormData();
  const answers = {
    surname: "Eze",
    firstName: "Ada",
    dateOfBirth: "2014-01-02",
    gender: "Female",
    homeAddress: "1 Marina, Lagos",
    phoneNumber: "0803 555 4545",
    emailAddress: "eze@owner.ng",
    classApplyingInto: "JSS1",
    parentName: "Mr. Eze",
    relationshipToApplicant: "Father",
  };
  for (const [k, v] of Object.entries(answers)) form.set(k, v);
  form.set(
    "birthCertificate",
    new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "birth.pdf", { type: "application/pdf" }),
  );
  const res = await api.fetch(`/api/public/admission-forms/${publicId}/submissions`, {
    method: "POST",
    body: form,
    headers: { "X-Client-Address": "203.0.113.9" },
  });
  if (res.status !== 201) throw new Error(`applying: ${res.status} ${await res.text()}`);
}
const parent = { name: "Mrs. Kemi Ade", email: "kemi@owner.ng", phone: "0803 555 1212" };
const member = {
  name: "Mr. Obi Eze",
  email: "obi@owner.ng",
  phone: "0803 555 3434",
  is_teaching_staff: true,
  form_teacher: "JSS1",
};
/** A multipart update carrying a photo: B's attempt must not even store the file. */
const withPhoto = (field: string, data: unknown) => () => {
  const form = new FormData();
  form.set(field, JSON.stringify(data));
  form.set("profile_img", pngFile("face.png"));
  return form;
};

/** A teacher's lesson note and assignment, as A's teacher sends them (JSS1 Mathematics is theirs). */
const teachingPdf = () =>
  new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "lesson.pdf", { type: "application/pdf" });
function noteForm() {
  const form = new FormData();
  for (const [name, value] of Object.entries({ class: "JSS1", subject: "Mathematics", week: "1" }))
    form.set(name, value);
  form.set("file", teachingPdf());
  return form;
}
const assignmentFields = {
  class: "JSS1",
  subject: "Mathematics",
  title: "Planted homework",
  instructions: "Planted",
  due_date: "2099-01-05",
};
function assignmentForm() {
  const form = new FormData();
  for (const [name, value] of Object.entries(assignmentFields)) form.set(name, value);
  form.append("files[]", teachingPdf());
  return form;
}
const noteId = (a: Owned) => ({ id: a.noteId });
const assignmentId = (a: Owned) => ({ id: a.assignmentId });

const importToken = (a: Owned) => ({ kind: "students", token: a.importToken });
function importForm() {
  const form = new FormData();
  form.set(
    "file",
    xlsxFile([
      ["Name", "Class", "Gender", "Phone Number"],
      ["Planted Import", "JSS1", "Male", "0803 123 4567"],
    ]),
  );
  return form;
}
const subAdminId = (a: Owned) => ({ id: a.subAdminId! });
/** School A's published result of JSS1, with Mathematics reopened for a correction. */
const classResult = { class: "JSS1", term: "1st Term", session: "2025/2026", result: "terminal" };
const classQuery = "class=JSS1&term=1st%20Term&year=2025%2F2026";
const sheetQuery = "class=JSS1&subject=Mathematics&term=1st%20Term&year=2025%2F2026";
const extrasQuery = "class=JSS1&term=1st%20Term&year=2025%2F2026";
/** A school day of School A's term calendar (a Monday of its 1st Term). */
const registerQuery = "class=JSS1&date=2025-10-06";

const cbtTestId = (a: Owned) => ({ id: a.cbtTestId });
const cbtQuestion = {
  class: "JSS1",
  subject: "Mathematics",
  kind: "objective",
  text: "Planted question?",
  options: ["One", "Two"],
  answer: 0,
};
const cbtTest = {
  title: "Planted test",
  class: "JSS1",
  subject: "Mathematics",
  term: "1st Term",
  session: "2025/2026",
  duration_minutes: 20,
  question_count: 1,
  opens_at: "2025-10-06T08:00:00.000Z",
  closes_at: "2030-10-06T09:00:00.000Z",
  results_column: "1st CA",
};

/** Keyed by "METHOD path" exactly as Hono's route table lists it. */
const CASES: Record<string, IsolationCase> = {
  "POST /api/admin/:uniqueId/logout": {},
  "GET /api/admin/:uniqueId/adminData": {},
  "POST /api/admin/:uniqueId/update/adminData": {
    body: () => {
      const form = new FormData();
      form.set("school_name", "Hijacked Academy");
      form.set("logo", pngFile());
      return form;
    },
  },
  "POST /api/admin/:uniqueId/change-password": {
    body: (a) => ({ current_password: a.school.password, new_password: "hijacked-password" }),
  },
  "GET /api/admin/:uniqueId/dashboard": {},
  "GET /api/admin/:uniqueId/sessions": {},
  "POST /api/admin/:uniqueId/sessions/end-others": {},
  "DELETE /api/admin/:uniqueId/sessions/:id": { params: (a) => ({ id: a.sessionId! }) },

  "GET /api/admin/:uniqueId/timetables": {},
  "POST /api/admin/:uniqueId/timetables": { body: () => timetable },
  "GET /api/admin/:uniqueId/timetables/:id": { params: timetableId },
  "PUT /api/admin/:uniqueId/timetables/:id": { params: timetableId, body: () => ({ ...timetable, class: "SS3" }) },
  "DELETE /api/admin/:uniqueId/timetables/:id": { params: timetableId },
  "POST /api/admin/:uniqueId/timetables/:id/schedules": {
    params: timetableId,
    body: () => ({ ...schedule, schedule_day: "Tuesday" }),
  },
  "PUT /api/admin/:uniqueId/timetables/:id/schedules/:scheduleId": {
    params: scheduleIds,
    body: () => ({ ...schedule, subject: "French" }),
  },
  "DELETE /api/admin/:uniqueId/timetables/:id/schedules/:scheduleId": { params: scheduleIds },
  "GET /api/admin/:uniqueId/timetable/:id/download-pdf": { params: timetableId },

  "GET /api/admin/:uniqueId/students": {},
  "GET /api/admin/:uniqueId/students/backlog": {},
  "POST /api/admin/:uniqueId/students": { body: () => ({ student_data: { ...student, name: "Planted Student" } }) },
  "POST /api/admin/:uniqueId/students/:id": {
    params: studentId,
    body: () => ({ student_data: { ...student, name: "Renamed Student" } }),
  },
  "DELETE /api/admin/:uniqueId/students/:id": { params: studentId },
  "POST /api/admin/:uniqueId/students/:id/backlog": { params: studentId, body: () => ({ reason: "Expelled" }) },
  "POST /api/admin/:uniqueId/students/:id/restore": { params: (a) => ({ id: a.backloggedId }) },
  "GET /api/admin/:uniqueId/students/:id/classes": { params: studentId },
  "GET /api/admin/:uniqueId/students/:id/data-export": { params: studentId },
  "POST /api/admin/:uniqueId/students/:id/erase": { params: (a) => ({ id: a.backloggedId }) },
  "GET /api/students/:uniqueId/studentInfo/:id": { params: studentId },

  "GET /api/admin/:uniqueId/stu-parents": {},
  "POST /api/admin/:uniqueId/stu-parents": {
    body: (a) => ({
      parent_data: { ...parent, email: "planted@b.ng", phone: "0803 555 9999", children: [a.studentId] },
    }),
  },
  "GET /api/admin/:uniqueId/stu-parents/:id": { params: (a) => ({ id: a.parent.id }) },
  "PUT /api/admin/:uniqueId/stu-parents/:id": {
    params: (a) => ({ id: a.parent.id }),
    body: withPhoto("parent_data", { ...parent, name: "Renamed Parent" }),
  },
  "DELETE /api/admin/:uniqueId/stu-parents/:id": { params: (a) => ({ id: a.parent.unique_id }) },

  "GET /api/admin/:uniqueId/staffs": {},
  "POST /api/admin/:uniqueId/staffs": {
    body: () => ({ staff_data: { ...member, email: "planted@b.ng", phone: "0803 555 8888", form_teacher: "SS1" } }),
  },
  "GET /api/admin/:uniqueId/staffs/:id": { params: (a) => ({ id: a.staff.id }) },
  "PUT /api/admin/:uniqueId/staffs/:id": {
    params: (a) => ({ id: a.staff.id }),
    body: withPhoto("staff_data", { ...member, name: "Renamed Member" }),
  },
  "DELETE /api/admin/:uniqueId/staffs/:id": { params: (a) => ({ id: a.staff.unique_id }) },
  "POST /api/admin/:uniqueId/staffs/:id/sign-in": { params: (a) => ({ id: a.staff.id }) },
  "DELETE /api/admin/:uniqueId/staffs/:id/sign-in": { params: (a) => ({ id: a.staff.unique_id }) },
  "GET /api/admin/:uniqueId/staff-area/dashboard": {},
  "GET /api/admin/:uniqueId/staff-area/timetable": {},
  "GET /api/admin/:uniqueId/staff-area/timetable/download-pdf": {},
  "GET /api/admin/:uniqueId/attendance": { query: registerQuery },
  "PUT /api/admin/:uniqueId/attendance": {
    query: registerQuery,
    body: (a) => ({ marks: [{ student_id: a.studentId, status: "absent" }] }),
  },

  "GET /api/admin/:uniqueId/school-settings": {},
  "GET /api/admin/:uniqueId/calendar": {},
  "PUT /api/admin/:uniqueId/calendar": {
    body: () => ({ terms: [{ term: "1st Term", starts_on: "2026-09-14", ends_on: "2026-12-18" }] }),
  },
  "POST /api/admin/:uniqueId/school-settings": {
    body: () => ({ school_settings: { sections: ["Hijacked"], classes: [] } }),
  },
  "GET /api/admin/:uniqueId/getAdminSettingsData": {},

  "GET /api/admin/:uniqueId/inventory/groups": {},
  "GET /api/admin/:uniqueId/inventory/groups/:id": { params: groupId },
  "POST /api/admin/:uniqueId/inventory/groups": { body: () => ({ name: "Planted Group" }) },
  "DELETE /api/admin/:uniqueId/inventory/groups/:id": { params: groupId },
  "GET /api/admin/:uniqueId/inventory/items": {},
  "GET /api/admin/:uniqueId/inventory/items/:id": { params: itemId },
  "POST /api/admin/:uniqueId/inventory/items": { body: (a) => ({ ...item(a), name: "Planted Item" }) },
  "DELETE /api/admin/:uniqueId/inventory/items/:id": { params: itemId },
  "GET /api/admin/:uniqueId/inventory/stats": {},
  "GET /api/admin/:uniqueId/inventory/purchases": {},
  "POST /api/admin/:uniqueId/inventory/purchases": {
    body: (a) => ({ item_id: Number(a.itemId), student_id: a.studentId, quantity: 1 }),
  },
  "GET /api/admin/:uniqueId/banks": {},
  "GET /api/admin/:uniqueId/verify-account/:accountNumber/:bank": {
    params: () => ({ accountNumber: account, bank: "058" }),
    paramsNameNoRecord: true,
  },
  "GET /api/admin/:uniqueId/payment-account": {},
  "POST /api/admin/:uniqueId/payment-account": { body: () => bankAccount },
  "GET /api/admin/:uniqueId/files/folders": {},
  "GET /api/admin/:uniqueId/files/folderStats": {},
  "GET /api/admin/:uniqueId/files/storage-quota": {},
  "GET /api/admin/:uniqueId/files/folder/:folder": { params: folder },
  "DELETE /api/admin/:uniqueId/files/folder/:folder": { params: folder },
  "POST /api/admin/:uniqueId/files": { body: () => uploadForm("Planted") },
  "GET /api/admin/:uniqueId/files/:id": { params: fileId },
  "DELETE /api/admin/:uniqueId/files/:id": { params: fileId },
  "POST /api/admin/:uniqueId/files/:id/share": { params: fileId, body: () => ({ disposition: "attachment" }) },
  "DELETE /api/admin/:uniqueId/files/:id/share": { params: fileId },

  "GET /api/admin/:uniqueId/admission-forms": {},
  "POST /api/admin/:uniqueId/create-admission-form": {
    body: () => ({ title: "Planted Form", amount: 100, status: "active" }),
  },
  "GET /api/admin/:uniqueId/admission-forms/:id": { params: () => ({ id: admission.formId }) },
  "PUT /api/admin/:uniqueId/admission-forms/:id/toggle-status": {
    params: () => ({ id: admission.formId }),
    body: () => ({ status: "inactive" }),
  },
  "PUT /api/admin/:uniqueId/admission-forms/:id/cbt-test": {
    params: () => ({ id: admission.formId }),
    body: () => ({ test_id: null }),
  },
  "DELETE /api/admin/:uniqueId/admission-forms/:id": { params: () => ({ id: admission.formId }) },
  "GET /api/admin/:uniqueId/submissions": {},
  "GET /api/admin/:uniqueId/submissions/:id/details": { params: () => ({ id: admission.submissionId }) },
  "GET /api/admin/:uniqueId/submissions/:id/documents/:field": {
    params: () => ({ id: admission.submissionId, field: "birthCertificate" }),
  },
  "PUT /api/admin/:uniqueId/submissions/:id/approve": { params: () => ({ id: admission.submissionId }) },
  "PUT /api/admin/:uniqueId/submissions/:id/reject": { params: () => ({ id: admission.submissionId }) },
  "POST /api/admin/:uniqueId/submissions/decisions": {
    body: () => ({ ids: [Number(admission.submissionId)], decision: "reject" }),
  },
  "GET /api/admin/:uniqueId/notifications": {},
  "GET /api/admin/:uniqueId/notifications/unread": {},
  "POST /api/admin/:uniqueId/notifications/read-all": {},
  "POST /api/admin/:uniqueId/notifications/:id/read": { params: () => ({ id: admission.notificationId }) },
  "GET /api/admin/:uniqueId/fees/fee-settings": {},
  "POST /api/admin/:uniqueId/fees/fee-settings": { body: () => ({ ...fee, name: "Planted fee" }) },
  "GET /api/admin/:uniqueId/fees/fee-settings/:id": { params: feeId },
  "PUT /api/admin/:uniqueId/fees/fee-settings/:id": { params: feeId, body: () => ({ ...fee, amount: 1 }) },
  "POST /api/admin/:uniqueId/fees/fee-settings/:id/retire": { params: feeId, body: () => ({ retired: true }) },
  "DELETE /api/admin/:uniqueId/fees/fee-settings/:id": { params: feeId },
  "POST /api/admin/:uniqueId/fees/fee-settings/:id/students": {
    params: feeId,
    body: (a) => ({ student_id: a.studentId, assigned: false }),
  },
  "GET /api/admin/:uniqueId/fees/students/:id/bill": { params: studentId },
  "POST /api/admin/:uniqueId/fees/discounts": {
    body: (a) => ({ student_id: a.studentId, term: fee.term, session: fee.session, amount: 1, reason: "Planted" }),
  },
  "DELETE /api/admin/:uniqueId/fees/discounts/:id": { params: (a) => ({ id: a.discountId }) },
  "GET /api/admin/:uniqueId/fees/parents/:id": { params: (a) => ({ id: a.parent.id }) },
  "POST /api/admin/:uniqueId/fees/payments": { body: (a) => payment(a) },
  "GET /api/admin/:uniqueId/fees/payments/:id": { params: paymentId },
  "POST /api/admin/:uniqueId/fees/payments/:id/reverse": { params: paymentId, body: () => ({ reason: "Planted" }) },
  "GET /api/admin/:uniqueId/fees/payments/:id/receipt": { params: paymentId },
  "GET /api/admin/:uniqueId/fees/overview": {},
  "POST /api/admin/:uniqueId/students/bulkRegister": {
    body: () => ({ students: [{ ...student, name: "Planted Bulk" }] }),
  },
  "POST /api/admin/:uniqueId/stu-parents/bulkRegister": {
    body: () => ({ parents: [{ ...parent, email: "bulk@b.ng", phone: "0803 555 7777" }] }),
  },
  "POST /api/admin/:uniqueId/staffs/bulkRegister": {
    body: () => ({ staff: [{ ...member, email: "bulk@b.ng", phone: "0803 555 6666", form_teacher: "" }] }),
  },
  "GET /api/admin/:uniqueId/imports/:kind/template": { params: () => ({ kind: "students" }), paramsNameNoRecord: true },
  "POST /api/admin/:uniqueId/imports/:kind": {
    params: () => ({ kind: "students" }),
    paramsNameNoRecord: true,
    body: () => importForm(),
  },
  "GET /api/admin/:uniqueId/imports/:kind/:token": { params: importToken },
  "GET /api/admin/:uniqueId/imports/:kind/:token/problems": { params: importToken },
  "POST /api/admin/:uniqueId/imports/:kind/:token/mapping": { params: importToken, body: () => ({ mapping: {} }) },
  "POST /api/admin/:uniqueId/imports/:kind/:token/commit": { params: importToken },
  "GET /api/admin/:uniqueId/sub-admins": {},
  "POST /api/admin/:uniqueId/sub-admins": {
    body: () => ({ name: "Planted Admin", email: "planted@b.ng", features: ["students"] }),
  },
  "GET /api/admin/:uniqueId/sub-admins/:id": { params: subAdminId },
  "PUT /api/admin/:uniqueId/sub-admins/:id": {
    params: subAdminId,
    body: () => ({ name: "Hijacked Admin", email: "hijacked@b.ng", features: ["students"] }),
  },
  "PUT /api/admin/:uniqueId/sub-admins/:id/status": { params: subAdminId, body: () => ({ disabled: true }) },
  "POST /api/admin/:uniqueId/sub-admins/:id/reset-password": { params: subAdminId },
  "DELETE /api/admin/:uniqueId/sub-admins/:id": { params: subAdminId },
  "GET /api/admin/:uniqueId/access": {},
  "GET /api/admin/:uniqueId/audit-log": {},
  "GET /api/admin/:uniqueId/jobs": {},

  "GET /api/admin/:uniqueId/results/sheet": { query: sheetQuery },
  "PUT /api/admin/:uniqueId/results/sheet": {
    query: sheetQuery,
    body: (a) => ({ rows: [{ student_id: a.studentId, scores: { Exam: 1 } }] }),
  },
  "GET /api/admin/:uniqueId/results/sheet/template": { query: sheetQuery },
  "POST /api/admin/:uniqueId/results/sheet/upload": {
    query: sheetQuery,
    body: () => {
      const form = new FormData();
      form.set(
        "file",
        xlsxFile([
          ["Admission No.", "1st CA (20)", "2nd CA (20)", "Exam (60)"],
          ["ADM/1", 1, 1, 1],
        ]),
      );
      return form;
    },
  },
  "GET /api/admin/:uniqueId/results/completeness": {},
  "GET /api/admin/:uniqueId/results/report-card/:studentId": {
    params: (a) => ({ studentId: a.studentId }),
    query: sheetQuery,
  },
  "GET /api/admin/:uniqueId/results/report-cards": { query: sheetQuery },
  "GET /api/admin/:uniqueId/results/broadsheet": { query: classQuery },
  "GET /api/admin/:uniqueId/results/broadsheet.xlsx": { query: classQuery },
  "POST /api/admin/:uniqueId/results/publication": { body: () => ({ ...classResult, published: false }) },
  "POST /api/admin/:uniqueId/results/corrections": {
    body: () => ({ ...classResult, subject: "English Language", reason: "Planted" }),
  },
  "GET /api/admin/:uniqueId/results/extras": { query: extrasQuery },
  "PUT /api/admin/:uniqueId/results/extras": {
    query: extrasQuery,
    body: (a) => ({ rows: [{ student_id: a.studentId, teacher_remark: "Planted" }] }),
  },
  "GET /api/admin/:uniqueId/results/comments": {},
  "POST /api/admin/:uniqueId/results/comments": { body: () => ({ remark: "Planted remark" }) },
  "DELETE /api/admin/:uniqueId/results/comments/:id": { params: (a) => ({ id: a.commentId }) },
  "GET /api/admin/:uniqueId/promotion/preview": {},
  "POST /api/admin/:uniqueId/promotion/rules": { body: () => ({ next_classes: { JSS1: "" }, lower_mark: 10 }) },
  "POST /api/admin/:uniqueId/promotion": { body: () => ({ ending_session: "2025/2026", held_back: [], moved_up: [] }) },
  "POST /api/admin/:uniqueId/promotion/undo": {},
  "POST /api/admin/:uniqueId/term-rollover": { body: () => ({ ending_term: "1st Term", ending_session: "2025/2026" }) },
  "GET /api/admin/:uniqueId/online-payments": {},
  "POST /api/admin/:uniqueId/online-payments/check": {},
  "GET /api/admin/:uniqueId/fees/students/:id/online": { params: studentId },
  "POST /api/admin/:uniqueId/fees/students/:id/pay-links": {
    params: studentId,
    body: () => ({ term: fee.term, session: fee.session, amount: 100 }),
  },
  "GET /api/admin/:uniqueId/messages": {},
  "GET /api/admin/:uniqueId/messages/audience": { query: "class=JSS1" },
  "POST /api/admin/:uniqueId/messages": {
    body: () => ({ audience: "class", class: "JSS1", channels: ["email"], body: "Planted message" }),
  },
  "GET /api/admin/:uniqueId/messages/:id": { params: (a) => ({ id: a.messageId! }) },
  "GET /api/admin/:uniqueId/message-settings": {},
  "PUT /api/admin/:uniqueId/message-settings": { body: () => ({ daily_sms_cap: 1 }) },
  "POST /api/admin/:uniqueId/cbt/questions": { body: () => cbtQuestion },
  "GET /api/admin/:uniqueId/cbt/questions": { query: "class=JSS1&subject=Mathematics" },
  "GET /api/admin/:uniqueId/cbt/tests": {},
  "POST /api/admin/:uniqueId/cbt/tests": { body: () => cbtTest },
  "GET /api/admin/:uniqueId/cbt/tests/:id": { params: cbtTestId },
  "POST /api/admin/:uniqueId/cbt/tests/:id/pins": { params: cbtTestId },
  "GET /api/admin/:uniqueId/cbt/tests/:id/pins": { params: cbtTestId },
  "GET /api/admin/:uniqueId/cbt/tests/:id/slips": { params: cbtTestId },
  "GET /api/admin/:uniqueId/cbt/tests/:id/scores": { params: cbtTestId },
  "GET /api/admin/:uniqueId/cbt/tests/:id/theory": { params: cbtTestId },
  "PUT /api/admin/:uniqueId/cbt/tests/:id/theory": { params: cbtTestId, body: () => ({ marks: [] }) },
  "POST /api/admin/:uniqueId/cbt/tests/:id/send-to-results": { params: cbtTestId },
  "GET /api/admin/:uniqueId/notes": {},
  "POST /api/admin/:uniqueId/notes": { body: () => noteForm() },
  "GET /api/admin/:uniqueId/notes/:id": { params: noteId },
  "GET /api/admin/:uniqueId/notes/:id/download": { params: noteId },
  "DELETE /api/admin/:uniqueId/notes/:id": { params: noteId },
  "POST /api/admin/:uniqueId/notes/:id/review": { params: noteId, body: () => ({ comment: "Planted" }) },
  "GET /api/admin/:uniqueId/assignments": {},
  "POST /api/admin/:uniqueId/assignments": { body: () => assignmentForm() },
  "GET /api/admin/:uniqueId/assignments/:id": { params: assignmentId },
  "PUT /api/admin/:uniqueId/assignments/:id": { params: assignmentId, body: () => assignmentForm() },
  "DELETE /api/admin/:uniqueId/assignments/:id": { params: assignmentId },
  "GET /api/admin/:uniqueId/assignments/:id/attachments/:attachmentId": {
    params: (a) => ({ id: a.assignmentId, attachmentId: a.attachmentId }),
  },
};

describe(`tenant isolation on ${DATABASE}`, { timeout: 90_000 }, () => {
  let api: TestApi;
  let a: Owned;
  let b: RegisteredSchool;

  const tenantRoutes = () => {
    const app = createApi({
      db: api.db,
      dialect: DATABASE,
      storage: localStorage(os.tmpdir()),
      now: () => new Date(),
      publicUrl: TEST_PUBLIC_URL,
    });
    return app.routes
      .filter((r) => r.method !== "ALL" && r.path.includes("/:uniqueId"))
      .map((r) => `${r.method} ${r.path}`);
  };

  async function send(method: string, path: string, headers: Record<string, string>, body?: unknown) {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)["Content-Type"] = "application/json";
    }
    return api.fetch(path, init);
  }

  async function asOwner(method: string, path: string, body?: unknown) {
    const res = await send(method, `/api/admin/${a.school.uniqueId}${path}`, a.school.auth, body);
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path} as the owner: ${res.status} ${text}`);
    return JSON.parse(text) as { data: Record<string, unknown> };
  }

  /** Every row of every table of this database, in a stable order. */
  async function snapshot(): Promise<Record<string, string[]>> {
    const tables = await ownTables(api.db, DATABASE);
    const dump: Record<string, string[]> = {};
    for (const t of tables) {
      const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(t.name)}`.execute(api.db)).rows;
      dump[t.name] = rows.map((r) => JSON.stringify(r)).sort();
    }
    return dump;
  }

  const pathFor = (route: string, uniqueId: string) => {
    const [, pattern] = route.split(" ");
    const params = CASES[route].params?.(a) ?? {};
    const query = CASES[route].query;
    const path = pattern.replace(/:(\w+)/g, (_, name: string) => {
      if (name === "uniqueId") return uniqueId;
      if (params[name] === undefined) throw new Error(`the case for ${route} gives no value for :${name}`);
      return params[name];
    });
    return query ? `${path}?${query}` : path;
  };

  beforeAll(async () => {
    api = await startApi();
    const school = await registerSchool(api, { school_name: "School A" });
    b = await registerSchool(api, { school_name: "School B" });
    a = {
      school,
      studentId: "",
      backloggedId: "",
      timetableId: "",
      scheduleId: "",
      groupId: "",
      itemId: "",
      fileId: "",
      folder: "Reports",
      parent: { id: "", unique_id: "" },
      staff: { id: "", unique_id: "" },
      feeId: "",
      discountId: "",
      paymentId: "",
      importToken: "",
      commentId: "",
      cbtTestId: "",
      noteId: "",
      assignmentId: "",
      attachmentId: "",
    };

    a.studentId = String((await asOwner("POST", "/students", { student_data: student })).data.unique_id);
    a.backloggedId = String(
      (await asOwner("POST", "/students", { student_data: { ...student, name: "Amaka Obi", gender: "Female" } })).data
        .unique_id,
    );
    await asOwner("POST", `/students/${a.backloggedId}/backlog`, { reason: "Expelled" });
    a.timetableId = String((await asOwner("POST", "/timetables", timetable)).data.id);
    a.scheduleId = String((await asOwner("POST", `/timetables/${a.timetableId}/schedules`, schedule)).data.id);
    const keys = (data: Record<string, unknown>) => ({ id: String(data.id), unique_id: String(data.unique_id) });
    a.parent = keys(
      (await asOwner("POST", "/stu-parents", { parent_data: { ...parent, children: [a.studentId] } })).data,
    );
    a.staff = keys(
      (
        await asOwner("POST", "/staffs", {
          staff_data: { ...member, teaching: [{ class: "JSS1", subject: "Mathematics" }] },
        })
      ).data,
    );
    await asOwner("POST", "/school-settings", {
      school_settings: {
        sections: ["Junior"],
        classes: [{ class_name: "JSS1", section: "Junior", subjects: ["Mathematics", "English Language"] }],
      },
    });
    await asOwner("PUT", `/results/sheet?${sheetQuery}`, {
      rows: [{ student_id: a.studentId, scores: { "1st CA": 12, Exam: 40 } }],
    });
    await asOwner("PUT", "/calendar?year=2025%2F2026", {
      terms: [{ term: "1st Term", starts_on: "2025-09-15", ends_on: "2025-12-19", next_term_starts_on: "2026-01-12" }],
    });
    await asOwner("PUT", `/results/extras?${extrasQuery}`, {
      rows: [{ student_id: a.studentId, days_opened: 60, days_present: 58, teacher_remark: "A steady worker" }],
    });
    a.commentId = String((await asOwner("POST", "/results/comments", { remark: "Keep it up", grade: "A1" })).data.id);
    await asOwner("POST", "/results/publication", { ...classResult, published: true });
    await asOwner("POST", "/results/corrections", { ...classResult, subject: "Mathematics", reason: "Swapped marks" });
    const signature = new FormData();
    signature.set("signature", pngFile("signature.png"));
    await asOwner("POST", "/update/adminData", signature);
    a.groupId = String((await asOwner("POST", "/inventory/groups", { name: "Uniforms" })).data.id);
    a.itemId = String((await asOwner("POST", "/inventory/items", item(a))).data.id);
    await asOwner("POST", "/inventory/purchases", { item_id: Number(a.itemId), student_id: a.studentId, quantity: 1 });
    await asOwner("POST", "/payment-account", bankAccount);
    const uploaded = (await asOwner("POST", "/files", uploadForm(a.folder))).data as unknown as Array<{ id: number }>;
    a.fileId = String(uploaded[0].id);
    const form = (
      await asOwner("POST", "/create-admission-form", { title: "Entrance", amount: 5000, status: "active" })
    ).data;
    admission.formId = String(form.id);
    await applyTo(api, String(form.public_id));
    admission.submissionId = String(((await asOwner("GET", "/submissions")).data.data as Array<{ id: number }>)[0].id);
    admission.notificationId = String(
      ((await asOwner("GET", "/notifications")).data.data as Array<{ id: number }>)[0].id,
    );
    a.feeId = String((await asOwner("POST", "/fees/fee-settings", fee)).data.id);
    const bus = (await asOwner("POST", "/fees/fee-settings", { ...fee, name: "Bus", amount: 9000, compulsory: false }))
      .data.id;
    await asOwner("POST", `/fees/fee-settings/${bus}/students`, { student_id: a.studentId, assigned: true });
    await asOwner("POST", "/fees/discounts", {
      student_id: a.studentId,
      term: fee.term,
      session: fee.session,
      amount: 500,
      reason: "Scholarship",
    });
    const bill = (await asOwner("GET", `/fees/students/${a.studentId}/bill?term=2nd%20Term&year=2025%2F2026`))
      .data as unknown as { lines: Array<{ kind: string; id: number }> };
    a.discountId = String(bill.lines.find((l) => l.kind === "discount")!.id);
    a.paymentId = String((await asOwner("POST", "/fees/payments", payment(a))).data.id);
    const sheet = new FormData();
    sheet.set(
      "file",
      xlsxFile([
        ["Name", "Class", "Gender", "Phone Number"],
        ["Planted Row", "JSS1", "Male", "0803 123 4567"],
      ]),
    );
    a.importToken = String((await asOwner("POST", "/imports/students", sheet)).data.token);
    a.subAdminId = String(
      (
        (await asOwner("POST", "/sub-admins", { name: "Ngozi Bello", email: "ngozi@owner.ng", features: ["students"] }))
          .data.sub_admin as { id: number }
      ).id,
    );
    a.sessionId = String(((await asOwner("GET", "/sessions")).data as unknown as Array<{ id: number }>)[0].id);
    a.messageId = String(
      (await asOwner("POST", "/messages", { audience: "class", class: "JSS1", channels: ["email"], body: "Hello" }))
        .data.id,
    );
    await asOwner("POST", "/cbt/questions", cbtQuestion);
    a.cbtTestId = String((await asOwner("POST", "/cbt/tests", cbtTest)).data.id);
    await asOwner("POST", `/cbt/tests/${a.cbtTestId}/pins`);
    // A's teacher signs in to the staff area and shares a note and an assignment.
    const signIn = (await asOwner("POST", `/staffs/${a.staff.id}/sign-in`)).data;
    const teacherLogin = await api.fetch("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ unique_id: school.uniqueId, email: signIn.email, password: signIn.password }),
    });
    const teacher = bearer(((await teacherLogin.json()) as { data: { token: string } }).data.token);
    const asTeacher = async (path: string, body: FormData) => {
      const res = await send("POST", `/api/admin/${school.uniqueId}${path}`, teacher, body);
      if (res.status !== 201) throw new Error(`${path} as the teacher: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: { id: number; attachments?: Array<{ id: number }> } }).data;
    };
    a.noteId = String((await asTeacher("/notes", noteForm())).id);
    const assignment = await asTeacher("/assignments", assignmentForm());
    a.assignmentId = String(assignment.id);
    a.attachmentId = String(assignment.attachments![0].id);
  });
  afterAll(() => api.close());

  it("the snapshot sees every table with A's records in it", async () => {
    const dump = await snapshot();
    for (const table of [
      "schools",
      "auth_tokens",
      "media",
      "students",
      "timetables",
      "timetable_schedules",
      "school_settings",
      "inventory_groups",
      "inventory_items",
      "inventory_purchases",
      "bank_accounts",
      "files",
      "file_folders",
      "school_storage",
      "parents",
      "parent_students",
      "staff",
      "staff_teaching",
      "fee_items",
      "fee_assignments",
      "fee_discounts",
      "fee_payments",
      "fee_receipt_counters",
      "imports",
      "admission_forms",
      "admission_submissions",
      "admission_documents",
      "sub_admins",
      "audit_log",
      "result_scores",
      "result_publications",
      "result_corrections",
      "report_extras",
      "report_comments",
      "messages",
      "message_recipients",
      "cbt_questions",
      "cbt_tests",
      "cbt_papers",
      "lesson_notes",
      "assignments",
      "assignment_attachments",
      "notifications",
    ]) {
      expect(dump[table]?.length, table).toBeGreaterThan(0);
    }
  });

  it("every tenant route has a case, and every case a route", () => {
    const routes = tenantRoutes();
    expect(routes.length).toBeGreaterThan(0);
    expect(
      routes.filter((r) => !(r in CASES)),
      "routes without an isolation case: add them to CASES",
    ).toEqual([]);
    expect(
      Object.keys(CASES).filter((c) => !routes.includes(c)),
      "cases for routes that no longer exist",
    ).toEqual([]);
  });

  describe.each(Object.keys(CASES))("%s", (route) => {
    const method = route.split(" ")[0];

    it("answers 401 without a token or with an unknown one", async () => {
      const path = pathFor(route, a.school.uniqueId);
      const body = CASES[route].body?.(a);
      expect((await send(method, path, {}, body)).status).toBe(401);
      expect(
        (await send(method, path, bearer("not-a-real-token-aaaaaaaaaaaaaaaaaaaaaaaa"), CASES[route].body?.(a))).status,
      ).toBe(401);
    });

    it("answers 404 to school B's token on school A's path and changes nothing", async () => {
      const before = await snapshot();
      const res = await send(method, pathFor(route, a.school.uniqueId), b.auth, CASES[route].body?.(a));
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "Not found." });
      expect(await snapshot()).toEqual(before);
    });

    it.runIf(CASES[route].params !== undefined && !CASES[route].paramsNameNoRecord)(
      "answers 404 to school B's token on its own path with A's record ids, and changes nothing",
      async () => {
        const before = await snapshot();
        const res = await send(method, pathFor(route, b.uniqueId), b.auth, CASES[route].body?.(a));
        expect(res.status).toBe(404);
        expect(await snapshot()).toEqual(before);
      },
    );

    it.runIf(method === "GET")("answers 200 to school A itself (the case names real records)", async () => {
      expect((await send(method, pathFor(route, a.school.uniqueId), a.school.auth)).status).toBe(200);
    });
  });

  it("B's token still works on B's own paths afterwards (its failed attempts cost it nothing)", async () => {
    expect((await send("GET", `/api/admin/${b.uniqueId}/adminData`, b.auth)).status).toBe(200);
  });
});
