import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry } from "../../contract/access";
import type { Paginated } from "../../contract/http";
import { bearer, DATABASE, pngFile, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";

/** The audit log: who did what and when, for deletions, restores, settings and permissions. */
describe(`audit log on ${DATABASE}`, { timeout: 120_000 }, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  let sub: { id: number; auth: { Authorization: string } };

  async function call(
    method: string,
    path: string,
    auth: { Authorization: string },
    body?: unknown,
    subAdminId?: number,
  ) {
    const url = new URL(`/api/admin/${school.uniqueId}${path}`, "http://api.test");
    const init: RequestInit = { method, headers: { ...auth } };
    if (subAdminId && (method === "GET" || method === "DELETE" || body === undefined || body instanceof FormData))
      url.searchParams.set("sub_admin_id", String(subAdminId));
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(subAdminId ? { ...(body as object), sub_admin_id: subAdminId } : body);
      (init.headers as Record<string, string>)["Content-Type"] = "application/json";
    }
    const res = await api.fetch(url.pathname + url.search, init);
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as { data: Record<string, unknown> };
  }
  const asMain = (method: string, path: string, body?: unknown) => call(method, path, school.auth, body);
  const asSub = (method: string, path: string, body?: unknown) => call(method, path, sub.auth, body, sub.id);
  const log = async (query = "") =>
    (await asMain("GET", `/audit-log${query}`)).data as unknown as Paginated<AuditEntry>;

  beforeAll(async () => {
    api = await startApi();
    school = await registerSchool(api, { school_name: "Audit Academy" });
    const added = await asMain("POST", "/sub-admins", {
      name: "Bisi Adeyemi",
      email: "bisi@audit.ng",
      phone: "0803 111 2222",
      features: ["students", "settings", "files"],
    });
    const login = await api.fetch("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ unique_id: school.uniqueId, email: "bisi@audit.ng", password: added.data.password }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    sub = { id: (added.data.sub_admin as { id: number }).id, auth: bearer(token) };
  });
  afterAll(() => api.close());

  it("records a permission change with the main admin as who, the keys and the sub-admin's id", async () => {
    const { data } = await log("?kind=permission");
    expect(data[0]).toMatchObject({
      kind: "permission",
      sub_admin_id: null,
      actor_name: "Main admin",
      summary: "Added sub-admin Bisi Adeyemi with Students, Files, Settings",
      record_ids: [String(sub.id)],
    });
    await asMain("PUT", `/sub-admins/${sub.id}`, {
      name: "Bisi Adeyemi",
      email: "bisi@audit.ng",
      features: ["students", "settings", "files", "staff"],
    });
    expect((await log("?kind=permission")).data[0].summary).toBe(
      "Changed the features of sub-admin Bisi Adeyemi to Staff, Students, Files, Settings",
    );
  });

  it("records a sub-admin's deletion, backlog move and restore under their name, without personal data", async () => {
    const created = await asSub("POST", "/students", {
      student_data: {
        name: "Tunde Bakare",
        selectedClass: "JSS1",
        gender: "Male",
        phone_number: "0803 999 8888",
        email: "tunde@home.ng",
      },
    });
    const id = String(created.data.unique_id);
    await asSub("POST", `/students/${id}/backlog`, { reason: "Expelled" });
    await asSub("POST", `/students/${id}/restore`);
    await asSub("DELETE", `/students/${id}`);
    const { data } = await log(`?who=${sub.id}`);
    expect(data.slice(0, 3).map((e) => [e.kind, e.summary, e.actor_name, e.record_ids])).toEqual([
      ["deletion", "Deleted student Tunde Bakare", "Bisi Adeyemi", [id]],
      ["restore", "Restored student Tunde Bakare from the backlog", "Bisi Adeyemi", [id]],
      ["deletion", "Moved student Tunde Bakare to the backlog (Expelled)", "Bisi Adeyemi", [id]],
    ]);
    const text = JSON.stringify(data);
    expect(text).not.toContain("tunde@home.ng");
    expect(text).not.toContain("999");
  });

  it("records settings and profile changes", async () => {
    await asSub("POST", "/school-settings", {
      school_settings: { sections: ["Junior"], classes: [{ class_name: "JSS1", section: "Junior" }] },
    });
    const profile = new FormData();
    profile.set("principal_name", "Mr. New Principal");
    profile.set("signature", pngFile("signature.png"));
    await asMain("POST", "/update/adminData", profile);
    const { data } = await log("?kind=settings");
    expect(data.map((e) => [e.actor_name, e.summary])).toEqual([
      ["Main admin", "Changed the school profile (principal_name, signature)"],
      ["Bisi Adeyemi", "Changed the school settings (sections, classes)"],
    ]);
  });

  it("records deletions of files, folders, timetables and inventory by what they were called", async () => {
    const upload = new FormData();
    upload.set("folder_name", "Letters");
    upload.append(
      "files[]",
      new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "circular.pdf", { type: "application/pdf" }),
    );
    upload.append(
      "files[]",
      new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "notice.pdf", { type: "application/pdf" }),
    );
    const files = (await asSub("POST", "/files", upload)).data as unknown as Array<{ id: number }>;
    await asSub("DELETE", `/files/${files[0].id}`);
    await asSub("DELETE", "/files/folder/Letters");
    const timetable = await asMain("POST", "/timetables", {
      type: "Exam",
      class: "SS1",
      session: "2025/2026",
      term: "1st Term",
    });
    await asMain("DELETE", `/timetables/${timetable.data.id}`);
    const group = await asMain("POST", "/inventory/groups", { name: "Books" });
    const item = await asMain("POST", "/inventory/items", {
      name: "Atlas",
      class: "JSS1",
      price: 2000,
      status: "In Stock",
      group_id: Number(group.data.id),
      quantity: 1,
    });
    await asMain("DELETE", `/inventory/items/${item.data.id}`);
    await asMain("DELETE", `/inventory/groups/${group.data.id}`);
    const { data } = await log("?kind=deletion");
    expect(data.slice(0, 5).map((e) => e.summary)).toEqual([
      "Deleted inventory group Books",
      "Deleted inventory item Atlas",
      "Deleted the Exam timetable of SS1, 1st Term 2025/2026",
      "Deleted folder Letters with 1 file(s)",
      "Deleted file circular.pdf",
    ]);
  });

  it("records imports, approvals and rejections, payments and their reversals, each in its own words", async () => {
    const pupil = { selectedClass: "JSS1", gender: "Female", phone_number: "0803 123 4567" };
    await asMain("POST", "/students/bulkRegister", {
      students: [
        { ...pupil, name: "Imported Pupil One" },
        { ...pupil, name: "Imported Pupil Two" },
      ],
    });

    const form = await asMain("POST", "/create-admission-form", { title: "Entrance", amount: 5000, status: "active" });
    const apply = async (firstName: string) => {
      const body = new FormData();
      const answers = {
        surname: "Eze",
        firstName,
        dateOfBirth: "2014-01-02",
        gender: "Female",
        homeAddress: "1 Marina, Lagos",
        phoneNumber: "0803 555 4545",
        emailAddress: `${firstName.toLowerCase()}@audit.ng`,
        classApplyingInto: "JSS1",
        parentName: "Mr. Eze",
        relationshipToApplicant: "Father",
      };
      for (const [k, v] of Object.entries(answers)) body.set(k, v);
      const res = await api.fetch(`/api/public/admission-forms/${String(form.data.public_id)}/submissions`, {
        method: "POST",
        body,
        headers: { "X-Client-Address": "203.0.113.7" },
      });
      expect(res.status).toBe(201);
    };
    await apply("Ada");
    await apply("Ngozi");
    const submissions = (
      (await asMain("GET", "/submissions")).data.data as Array<{ id: number; student_name: string }>
    ).sort((x, y) => x.id - y.id);
    await asMain("PUT", `/submissions/${submissions[0].id}/approve`, {});
    await asMain("PUT", `/submissions/${submissions[1].id}/reject`, {});

    const term = { term: "2nd Term", session: "2025/2026" };
    await asMain("POST", "/fees/fee-settings", {
      name: "Tuition",
      amount: 45000,
      applies_to: "all",
      ...term,
      compulsory: true,
    });
    const student = (
      (await asMain("GET", "/students?q=Imported%20Pupil%20One")).data.data as Array<{ unique_id: string }>
    )[0];
    const paid = await asMain("POST", "/fees/payments", {
      student_id: student.unique_id,
      amount: 1500,
      paid_on: "2025-01-10",
      method: "Cash",
      ...term,
    });
    await asMain("POST", `/fees/payments/${String(paid.data.id)}/reverse`, { reason: "Entered twice" });
    await asMain("POST", `/fees/payments/${String(paid.data.id)}/reverse`, { reason: "Entered twice" });

    const summaries = async (kind: string) => (await log(`?kind=${kind}`)).data.map((e) => [e.actor_name, e.summary]);
    expect(await summaries("import")).toEqual([["Main admin", "Imported 2 students from a spreadsheet"]]);
    expect((await summaries("approval"))[0][1]).toMatch(/^Approved the application of .*Ada.* \(ADM-/);
    expect((await summaries("rejection"))[0][1]).toMatch(/^Rejected the application of .*Ngozi.* \(ADM-/);
    expect(await summaries("payment")).toEqual([
      ["Main admin", "Payment RCT-000001 of ₦1,500.00 for Imported Pupil One"],
    ]);
    expect(await summaries("reversal")).toEqual([
      ["Main admin", "Reversed payment RCT-000001 of ₦1,500.00 for Imported Pupil One"],
    ]);
  });

  it("filters by person (the main admin or a sub-admin) and kind, and pages newest first", async () => {
    const mine = await log("?who=main");
    expect(mine.data.every((e) => e.sub_admin_id === null)).toBe(true);
    const theirs = await log(`?who=${sub.id}&kind=deletion`);
    expect(theirs.data.length).toBeGreaterThan(0);
    expect(theirs.data.every((e) => e.sub_admin_id === sub.id && e.kind === "deletion")).toBe(true);
    const all = await log();
    const page1 = await log("?per_page=2&page=1");
    const page2 = await log("?per_page=2&page=2");
    expect(page1.total).toBe(all.total);
    expect([...page1.data, ...page2.data].map((e) => e.id)).toEqual(all.data.slice(0, 4).map((e) => e.id));
    expect(page1.last_page).toBe(Math.ceil(all.total / 2));
  });

  it("keeps a deleted sub-admin's entries under their name", async () => {
    await asMain("DELETE", `/sub-admins/${sub.id}`);
    const { data } = await log(`?who=${sub.id}`);
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((e) => e.actor_name === "Bisi Adeyemi")).toBe(true);
    expect((await log("?kind=deletion")).data[0].summary).toBe("Deleted sub-admin Bisi Adeyemi");
  });

  it("shows each school only its own entries", async () => {
    const other = await registerSchool(api, { school_name: "Other Audit School" });
    const res = await api.fetch(`/api/admin/${other.uniqueId}/audit-log`, { headers: other.auth });
    expect(((await res.json()) as { data: Paginated<AuditEntry> }).data.total).toBe(0);
  });
});
