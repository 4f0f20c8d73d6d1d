import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_MESSAGES, type FeatureKey } from "../../contract/access";
import { BULK_DECISION_MESSAGES as BULK, type BulkDecision } from "../../contract/admission-decisions";
import type { SubmissionRow } from "../../contract/admissions";
import type { Paginated } from "../../contract/http";
import { NOTIFICATION_MESSAGES as M, type NotificationList, type NotificationKind } from "../../contract/notifications";
import { findMissingRegisters, sweepOldNotifications } from "../../api/services/notifications";
import { bearer, DATABASE, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";
import { schoolCalls } from "./school-calls";
import { xlsxFile } from "./spreadsheets";

/**
 * The notification centre and the decisions on several admission submissions (contract/notifications.ts,
 * contract/admissions.ts), on the real database: each event makes its notification in its own transaction.
 */
describe(`notifications API on ${DATABASE}`, { timeout: 180_000 }, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  let other: RegisteredSchool;
  const { call, get, at } = schoolCalls(() => api);
  // Wednesday 25 November 2026, a school day of the 1st Term; 09:00 in Lagos.
  const TODAY = "2026-11-25";
  let studentId = "";
  let jss2Student = 0;
  let formPublicId = "";
  let serial = 0;

  /** A sub-admin's or teacher's own token, as a RegisteredSchool carrying it; `sub` adds sub_admin_id to calls. */
  interface Reader {
    as: RegisteredSchool;
    sub?: number;
  }
  const main = (): Reader => ({ as: school });
  const list = async (r: Reader, page = 1) => {
    const query = new URLSearchParams({ page: String(page), ...(r.sub ? { sub_admin_id: String(r.sub) } : {}) });
    return get<NotificationList>(r.as, `/notifications?${query}`);
  };
  const unread = async (r: Reader) =>
    (await get<{ unread: number }>(r.as, `/notifications/unread${r.sub ? `?sub_admin_id=${r.sub}` : ""}`)).unread;
  const post = (r: Reader, path: string) => call(r.as, "POST", path, r.sub ? { sub_admin_id: r.sub } : {});
  const kinds = async (r: Reader) => (await list(r)).data.map((n) => n.kind);
  const latest = async (r: Reader, kind: NotificationKind) => (await list(r)).data.find((n) => n.kind === kind);

  async function signIn(s: RegisteredSchool, email: string, password: string): Promise<RegisteredSchool> {
    const res = await api.fetch("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ unique_id: s.uniqueId, email, password }),
    });
    expect(res.status).toBe(200);
    const token = ((await res.json()) as { data: { token: string } }).data.token;
    return { uniqueId: s.uniqueId, password, token, auth: bearer(token) };
  }
  async function subAdmin(features: FeatureKey[]): Promise<Reader> {
    serial += 1;
    const email = `sub${serial}@notify.ng`;
    const res = await call(school, "POST", "/sub-admins", { name: `Sub ${serial}`, email, features });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { as: await signIn(school, email, res.body.data.password), sub: res.body.data.sub_admin.id };
  }
  async function teacher(formClass: string | null, teaching: Array<{ class: string; subject: string }> = []) {
    serial += 1;
    const added = await call(school, "POST", "/staffs", {
      staff_data: {
        name: `Mr. Teacher ${serial}`,
        email: `teacher${serial}@notify.ng`,
        phone: `0806 600 ${String(1000 + serial)}`,
        is_teaching_staff: true,
        form_teacher: formClass,
        teaching,
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const on = await call(school, "POST", `/staffs/${added.body.data.id}/sign-in`);
    return { as: await signIn(school, on.body.data.email, on.body.data.password) } satisfies Reader;
  }
  async function apply(publicId: string, className = "JSS1") {
    serial += 1;
    const form = new FormData();
    const answers = {
      surname: "Eze",
      firstName: `Ada${serial}`,
      dateOfBirth: "2014-01-02",
      gender: "Female",
      homeAddress: "1 Marina, Lagos",
      phoneNumber: `0803 555 ${String(1000 + serial)}`,
      emailAddress: `eze${serial}@family.ng`,
      classApplyingInto: className,
      parentName: "Mr. Eze",
      relationshipToApplicant: "Father",
    };
    for (const [k, v] of Object.entries(answers)) form.set(k, v);
    const res = await api.fetch(`/api/public/admission-forms/${publicId}/submissions`, {
      method: "POST",
      body: form,
      headers: { "X-Client-Address": `203.0.113.${serial % 250}` },
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }
  async function newForm(title: string, amount = 0) {
    const res = await call(school, "POST", "/create-admission-form", { title, amount, status: "active" });
    expect(res.status).toBe(201);
    return res.body.data as { id: number; public_id: string };
  }
  const submissions = (query = "") => get<Paginated<SubmissionRow>>(school, `/submissions?${query}`);

  beforeAll(async () => {
    api = await startApi({ storageQuotaBytes: 10_000 });
    api.clock.now = new Date(`${TODAY}T08:00:00Z`);
    school = await registerSchool(api, { school_name: "Notice Academy" });
    other = await registerSchool(api, { school_name: "Other Notice Academy" });
    const settings = await call(school, "POST", "/school-settings", {
      school_settings: {
        sections: ["Junior"],
        classes: [
          { class_name: "JSS1", section: "Junior", subjects: ["Mathematics"] },
          { class_name: "JSS2", section: "Junior", subjects: ["Mathematics"] },
        ],
      },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const calendar = await call(school, "PUT", "/calendar?year=2026%2F2027", {
      terms: [{ term: "1st Term", starts_on: "2026-09-14", ends_on: "2026-12-18", next_term_starts_on: "2027-01-11" }],
    });
    expect(calendar.status, JSON.stringify(calendar.body)).toBe(200);
    const added = await call(school, "POST", "/students", {
      student_data: { name: "Chidi Okonkwo", selectedClass: "JSS1", gender: "Male", phone_number: "0803 123 4567" },
    });
    studentId = added.body.data.unique_id;
    const bisi = await call(school, "POST", "/students", {
      student_data: { name: "Bisi Ade", selectedClass: "JSS2", gender: "Female", phone_number: "0803 123 4568" },
    });
    jss2Student = bisi.body.data.id;
    formPublicId = (await newForm("Entrance")).public_id;
  });
  afterAll(() => api.close());

  describe("each event makes its notification, with its time and link", () => {
    it("a new admission submission", async () => {
      await apply(formPublicId);
      const n = await latest(main(), "admission_submitted");
      expect(n).toMatchObject({ read: false, created_at: api.clock.now.toISOString() });
      expect(n!.summary).toContain("New application from");
      expect(n!.link).toMatch(new RegExp(`^/submission-review/${school.uniqueId}/\\d+$`));
    });

    it("a payment recorded and reversed", async () => {
      const fee = await call(school, "POST", "/fees/fee-settings", {
        name: "Tuition",
        amount: 45000,
        applies_to: "all",
        term: "1st Term",
        session: "2026/2027",
        compulsory: true,
      });
      expect(fee.status, JSON.stringify(fee.body)).toBe(201);
      const paid = await call(school, "POST", "/fees/payments", {
        student_id: studentId,
        amount: 100,
        paid_on: TODAY,
        method: "Cash",
        term: "1st Term",
        session: "2026/2027",
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
      const recorded = await latest(main(), "payment_recorded");
      expect(recorded!.summary).toContain("Chidi Okonkwo");
      expect(recorded!.link).toBe(`/admin/school-fees/students/${studentId}?term=1st+Term&year=2026%2F2027`);
      const reversed = await call(school, "POST", `/fees/payments/${paid.body.data.id}/reverse`, {
        reason: "Typed twice",
      });
      expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
      expect((await latest(main(), "payment_reversed"))!.summary).toContain("Reversed payment");
      // Reversing again changes nothing, and says nothing new.
      await call(school, "POST", `/fees/payments/${paid.body.data.id}/reverse`, { reason: "Typed twice" });
      expect((await kinds(main())).filter((k) => k === "payment_reversed")).toHaveLength(1);
    });

    it("an import committed, once however often it is committed", async () => {
      const sheet = new FormData();
      sheet.set(
        "file",
        xlsxFile([
          ["Name", "Class", "Gender", "Phone Number"],
          ["Imported Pupil", "JSS1", "Male", "0803 123 4599"],
        ]),
      );
      const checked = await api.fetch(`/api/admin/${school.uniqueId}/imports/students`, {
        method: "POST",
        headers: school.auth,
        body: sheet,
      });
      const token = ((await checked.json()) as { data: { token: string } }).data.token;
      for (let i = 0; i < 2; i++) {
        const res = await call(school, "POST", `/imports/students/${token}/commit`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      const imports = (await list(main())).data.filter((n) => n.kind === "import_committed");
      expect(imports).toHaveLength(1);
      expect(imports[0]).toMatchObject({ summary: "Imported 1 student from a spreadsheet", link: "/admin/students" });
    });

    it("an item's stock going below its threshold, once", async () => {
      const group = await call(school, "POST", "/inventory/groups", { name: "Uniforms" });
      const item = await call(school, "POST", "/inventory/items", {
        name: "Blazer",
        class: "JSS1",
        price: 9500,
        status: "In Stock",
        group_id: group.body.data.id,
        quantity: 6,
      });
      expect(item.status, JSON.stringify(item.body)).toBe(201);
      const sell = () =>
        call(school, "POST", "/inventory/purchases", {
          item_id: item.body.data.id,
          student_id: studentId,
          quantity: 1,
        });
      expect((await sell()).status).toBe(201);
      expect(await kinds(main())).not.toContain("stock_low");
      expect((await sell()).status).toBe(201);
      expect((await sell()).status).toBe(201);
      const low = (await list(main())).data.filter((n) => n.kind === "stock_low");
      expect(low).toHaveLength(1);
      expect(low[0].summary).toBe("Blazer (Uniforms) is low: 4 left");
      expect(low[0].link).toBe(`/admin/inventory/edit-product?itemId=${item.body.data.id}`);
    });

    it("storage going above 80 % of the quota, once", async () => {
      const upload = (bytes: number) => {
        const form = new FormData();
        form.set("folder_name", "Reports");
        const body = new Uint8Array(bytes);
        body.set(new TextEncoder().encode("%PDF-1.4\n"));
        form.append("files[]", new File([body], "report.pdf", { type: "application/pdf" }));
        return api.fetch(`/api/admin/${school.uniqueId}/files`, { method: "POST", headers: school.auth, body: form });
      };
      expect((await upload(5_000)).status).toBe(201);
      expect(await kinds(main())).not.toContain("storage_high");
      expect((await upload(3_500)).status).toBe(201);
      expect((await upload(500)).status).toBe(201);
      const storage = (await list(main())).data.filter((n) => n.kind === "storage_high");
      expect(storage).toHaveLength(1);
      expect(storage[0]).toMatchObject({ link: "/admin/files" });
      expect(storage[0].summary).toMatch(/^Storage is 85% full/);
    });

    it("a class's results published, for admins and that class's teachers", async () => {
      const classResult = { class: "JSS1", term: "1st Term", session: "2026/2027", result: "terminal" };
      const res = await call(school, "POST", "/results/publication", { ...classResult, published: true });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const published = await latest(main(), "results_published");
      expect(published!.link).toBe(
        "/admin/results/broadsheet?class=JSS1&term=1st+Term&year=2026%2F2027&result=terminal",
      );
      // Unpublishing says nothing; a double submit of the publication is one.
      await call(school, "POST", "/results/publication", { ...classResult, published: true });
      expect((await kinds(main())).filter((k) => k === "results_published")).toHaveLength(1);
    });

    it("a register not taken by noon on a school day: after noon in Lagos, once per class and day", async () => {
      const deps = { db: api.db, now: () => api.clock.now };
      expect(await findMissingRegisters(deps, null)).toBe(0); // 09:00 in Lagos
      // JSS2 takes its register; JSS1 does not.
      api.clock.now = new Date(`${TODAY}T10:00:00Z`);
      const taken = await call(school, "PUT", "/attendance?class=JSS2&date=" + TODAY, {
        marks: [{ student_id: jss2Student, status: "present" }],
      });
      expect(taken.status, JSON.stringify(taken.body)).toBe(200);
      api.clock.now = new Date(`${TODAY}T11:05:00Z`);
      expect(await findMissingRegisters(deps, null)).toBe(1);
      await findMissingRegisters(deps, null);
      const missing = (await list(main())).data.filter((n) => n.kind === "register_missing");
      expect(missing).toHaveLength(1);
      expect(missing[0]).toMatchObject({
        summary: `The register of JSS1 was not taken by noon on ${TODAY}`,
        link: `/admin/students/attendance?class=JSS1&date=${TODAY}`,
      });
      // A Saturday, and a day outside the term, are no school days.
      api.clock.now = new Date("2026-11-28T13:00:00Z");
      expect(await findMissingRegisters(deps, null)).toBe(0);
      api.clock.now = new Date("2026-12-21T13:00:00Z");
      expect(await findMissingRegisters(deps, null)).toBe(0);
      api.clock.now = new Date(`${TODAY}T11:05:00Z`);
    });
  });

  describe("who sees what", () => {
    it("a sub-admin sees only the events of the keys they hold", async () => {
      const fees = await subAdmin(["notifications", "school_fees"]);
      expect(new Set(await kinds(fees))).toEqual(new Set(["payment_recorded", "payment_reversed"]));
      const none = await subAdmin(["notifications", "students"]);
      expect(new Set(await kinds(none))).toEqual(new Set(["import_committed", "register_missing"]));
      expect(await unread(none)).toBe(2);
    });

    it("a sub-admin without the notifications key is refused", async () => {
      const noKey = await subAdmin(["school_fees"]);
      const res = await call(noKey.as, "GET", `/notifications?sub_admin_id=${noKey.sub}`);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(ACCESS_MESSAGES.forbidden);
    });

    it("a teacher sees only their classes' registers and results, with the staff area's links", async () => {
      const form = await teacher("JSS1");
      const jss1 = (await list(form)).data;
      expect(new Set(jss1.map((n) => n.kind))).toEqual(new Set(["results_published", "register_missing"]));
      expect(jss1.find((n) => n.kind === "register_missing")!.link).toBe(`/staff/attendance?date=${TODAY}`);
      expect(jss1.find((n) => n.kind === "results_published")!.link).toBe("/staff/results");
      const teachesJss1 = await teacher(null, [{ class: "JSS1", subject: "Mathematics" }]);
      expect(await kinds(teachesJss1)).toContain("results_published");
      const jss2 = await teacher("JSS2");
      expect(await kinds(jss2)).toEqual([]);
      expect(await unread(jss2)).toBe(0);
    });

    it("another school sees none of them, and cannot read them", async () => {
      expect((await get<NotificationList>(other, "/notifications")).data).toEqual([]);
      const id = (await list(main())).data[0].id;
      const res = await call(other, "POST", `/notifications/${id}/read`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(M.notFound);
    });
  });

  describe("read state is per reader", () => {
    it("marking one read changes only that reader's count, and marking it again changes nothing", async () => {
      const sub = await subAdmin(["notifications", "school_fees", "files"]);
      const before = await unread(main());
      const subBefore = await unread(sub);
      const id = (await list(main())).data.find((n) => n.kind === "payment_recorded")!.id;
      for (let i = 0; i < 2; i++) {
        const res = await post(main(), `/notifications/${id}/read`);
        expect(res.status).toBe(200);
        expect(res.body.message).toBe(M.markedRead);
      }
      expect(await unread(main())).toBe(before - 1);
      expect((await list(main())).data.find((n) => n.id === id)!.read).toBe(true);
      expect(await unread(sub)).toBe(subBefore);
      expect((await list(sub)).data.find((n) => n.id === id)!.read).toBe(false);
    });

    it("one the reader may not see is not found", async () => {
      const fees = await subAdmin(["notifications", "school_fees"]);
      const hidden = (await list(main())).data.find((n) => n.kind === "stock_low")!.id;
      expect((await post(fees, `/notifications/${hidden}/read`)).status).toBe(404);
      expect((await post(fees, `/notifications/not-a-number/read`)).status).toBe(404);
    });

    it("marking all read clears the reader's count; a later event arrives unread", async () => {
      const sub = await subAdmin(["notifications", "admission"]);
      const res = await post(main(), "/notifications/read-all");
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(M.allMarkedRead);
      expect(await unread(main())).toBe(0);
      expect((await list(main())).data.every((n) => n.read)).toBe(true);
      expect(await unread(sub)).toBeGreaterThan(0);
      await apply(formPublicId);
      expect(await unread(main())).toBe(1);
      expect((await post(sub, "/notifications/read-all")).status).toBe(200);
      expect(await unread(sub)).toBe(0);
      expect(await unread(main())).toBe(1);
    });
  });

  it("the daily sweep removes notifications older than 90 days, with their read marks", async () => {
    const before = (await list(main())).total;
    expect(before).toBeGreaterThan(0);
    const id = (await list(main())).data[0].id;
    await post(main(), `/notifications/${id}/read`);
    api.clock.now = new Date(new Date(`${TODAY}T12:00:00Z`).getTime() + 89 * 86_400_000);
    expect(await sweepOldNotifications({ db: api.db, now: () => api.clock.now })).toBe(0);
    api.clock.now = new Date(new Date(`${TODAY}T12:00:00Z`).getTime() + 91 * 86_400_000);
    expect(await sweepOldNotifications({ db: api.db, now: () => api.clock.now })).toBeGreaterThanOrEqual(before);
    const reads = await api.db.selectFrom("notification_reads").selectAll().execute();
    expect(reads).toEqual([]);
    // A sign-in lasts a week: the school signs in again to read its empty list.
    await at(api.clock.now.toISOString(), school);
    expect((await list(main())).total).toBe(0);
    await at(`${TODAY}T11:05:00Z`, school);
  });

  describe("POST /submissions/decisions", () => {
    it("lists every form's submissions, filtered by form, class and status", async () => {
      const second = await newForm("Transfer");
      await apply(second.public_id, "JSS2");
      await apply(second.public_id, "JSS1");
      const all = await submissions();
      expect(all.total).toBeGreaterThanOrEqual(4);
      expect((await submissions(`form_id=${second.id}`)).total).toBe(2);
      expect((await submissions(`form_id=${second.id}&class=JSS2`)).data.map((r) => r.class_applying_into)).toEqual([
        "JSS2",
      ]);
      expect((await submissions("class=JSS3")).total).toBe(0);
      expect((await submissions("status=approved")).total).toBe(0);
    });

    it("refuses bad input with the message beside the field, and writes nothing", async () => {
      for (const [body, field, message] of [
        [{ ids: [], decision: "approve" }, "ids", BULK.choose],
        [{ decision: "approve" }, "ids", BULK.choose],
        [{ ids: Array.from({ length: 101 }, (_, i) => i + 1), decision: "approve" }, "ids", BULK.tooMany],
        [{ ids: [1], decision: "maybe" }, "decision", BULK.decisionInvalid],
        [{ ids: [999_999], decision: "reject" }, "ids", BULK.notFound],
      ] as const) {
        const res = await call(school, "POST", "/submissions/decisions", body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(res.body.errors[field]).toEqual([message]);
      }
      expect((await submissions("status=pending")).total).toBe((await submissions()).total);
    });

    it("refuses a sub-admin, even holding the admission key", async () => {
      const sub = await subAdmin(["admission"]);
      const ids = (await submissions()).data.map((r) => r.id);
      const res = await call(sub.as, "POST", "/submissions/decisions", {
        ids,
        decision: "reject",
        sub_admin_id: sub.sub,
      });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(ACCESS_MESSAGES.submissionReviewMainOnly);
      expect((await submissions("status=pending")).total).toBe(ids.length);
    });

    it("refuses another school's submissions as not found", async () => {
      const ids = (await submissions()).data.map((r) => r.id);
      const res = await call(other, "POST", "/submissions/decisions", { ids, decision: "reject" });
      expect(res.status).toBe(422);
      expect((await submissions("status=pending")).total).toBe(ids.length);
    });

    it("approves several in one go, audited; sent twice at once, each is approved once", async () => {
      const ids = (await submissions("class=JSS1&status=pending")).data.map((r) => r.id).slice(0, 2);
      const students = async () => (await get<Paginated<unknown>>(school, "/students")).total;
      const before = await students();
      const [one, two] = await Promise.all([
        call(school, "POST", "/submissions/decisions", { ids, decision: "approve" }),
        call(school, "POST", "/submissions/decisions", { ids, decision: "approve" }),
      ]);
      expect([one.status, two.status]).toEqual([200, 200]);
      const results = [one.body.data, two.body.data] as BulkDecision[];
      expect(results.reduce((sum, r) => sum + r.decided, 0)).toBe(2);
      expect(await students()).toBe(before + 2);
      expect((await submissions("status=approved")).total).toBe(2);
      const decided = results.find((r) => r.decided === 2)!;
      expect([one.body.message, two.body.message]).toContain(BULK.approved(2));
      expect(decided.skipped).toEqual([]);
      const log = await get<Paginated<{ kind: string; summary: string }>>(school, "/audit-log?kind=approval");
      expect(log.data.filter((e) => e.summary.startsWith("Approved 2 applications at once"))).toHaveLength(1);
      // Sent again: nothing more, each named as reviewed already.
      const again = await call(school, "POST", "/submissions/decisions", { ids, decision: "approve" });
      expect(again.status).toBe(200);
      expect(again.body.data.decided).toBe(0);
      expect(again.body.data.skipped.map((s: { reason: string }) => s.reason)).toEqual([
        BULK.skippedDecided,
        BULK.skippedDecided,
      ]);
      expect(again.body.message).toBe(`${BULK.approved(0)} ${BULK.skipped(2)}`);
    });

    it("rejects several in one go, audited, and leaves the reviewed ones as they were", async () => {
      const pending = (await submissions("status=pending")).data.map((r) => r.id);
      const approved = (await submissions("status=approved")).data[0].id;
      const res = await call(school, "POST", "/submissions/decisions", {
        ids: [...pending, approved],
        decision: "reject",
      });
      expect(res.status).toBe(200);
      expect(res.body.data.decided).toBe(pending.length);
      expect(res.body.data.skipped).toEqual([expect.objectContaining({ id: approved, reason: BULK.skippedDecided })]);
      expect((await submissions("status=rejected")).total).toBe(pending.length);
      const log = await get<Paginated<{ summary: string }>>(school, "/audit-log?kind=rejection");
      expect(log.data[0].summary).toMatch(new RegExp(`^Rejected ${pending.length} applications at once`));
    });

    it("leaves an unpaid application for its review page", async () => {
      const paid = await newForm("Paid entrance", 5000);
      await apply(paid.public_id);
      const row = (await submissions(`form_id=${paid.id}`)).data[0];
      // As with an online gateway set up and the applicant not through it yet.
      await api.db
        .updateTable("admission_submissions")
        .set({ payment_status: "unpaid" })
        .where("id", "=", row.id)
        .execute();
      const res = await call(school, "POST", "/submissions/decisions", { ids: [row.id], decision: "approve" });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        decision: "approve",
        decided: 0,
        skipped: [{ id: row.id, reference: row.reference, reason: BULK.skippedUnpaid }],
      });
      expect((await submissions(`form_id=${paid.id}&status=pending`)).total).toBe(1);
      // Rejecting it needs no fee.
      const rejected = await call(school, "POST", "/submissions/decisions", { ids: [row.id], decision: "reject" });
      expect(rejected.body.data.decided).toBe(1);
    });
  });
});
