import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMISSION_LIMITS,
  ADMISSION_MESSAGES as M,
  ADMISSION_SPEC_MESSAGES as SPEC,
  type AdmissionForm,
  type PublicAdmissionForm,
  type SubmissionDetail,
  type SubmissionRow,
} from "../../contract/admissions";
import type { Paginated } from "../../contract/http";
import type { ParentDetail } from "../../contract/parents";
import { currentSession } from "../../contract/calendar";
import type { SessionClass, StudentRecord } from "../../contract/students";
import { pdfBytes } from "./file-samples";
import { bearer, DATABASE, PNG_BYTES, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";

/** Admission forms, the public application routes and the review of submissions (contract/admissions.ts). */
describe(`admissions API on ${DATABASE}`, { timeout: 180_000 }, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  beforeAll(async () => {
    api = await startApi();
    school = await registerSchool(api);
  });
  afterAll(() => api.close());

  async function call<T = unknown>(
    s: RegisteredSchool,
    method: string,
    p: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res = await api.fetch(`/api/admin/${s.uniqueId}${p}`, {
      method,
      headers: { ...s.auth, ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as { message?: string; errors?: Record<string, string[]>; data: T },
    };
  }

  async function newForm(s: RegisteredSchool, overrides: Record<string, unknown> = {}): Promise<AdmissionForm> {
    const { status, body } = await call<AdmissionForm>(s, "POST", "/create-admission-form", {
      title: "2026/2027 Entrance",
      amount: 5000,
      cbt_enabled: false,
      status: "active",
      ...overrides,
    });
    expect(status, JSON.stringify(body)).toBe(201);
    return body.data;
  }

  let serial = 0;
  const answers = (overrides: Record<string, string> = {}) => {
    serial += 1;
    return {
      surname: "Okafor",
      firstName: `Chidi${serial}`,
      middleName: "Emeka",
      dateOfBirth: "2014-03-09",
      gender: "Male",
      nationality: "Nigerian",
      stateOfOrigin: "Anambra",
      localGovernmentArea: "Onitsha North",
      homeAddress: "12 Allen Avenue, Ikeja",
      phoneNumber: `0803 300 ${String(1000 + serial)}`,
      emailAddress: `family${serial}@example.ng`,
      classApplyingInto: "JSS1",
      previousSchool: "Bright Stars Primary",
      reasonForLeaving: "Finished primary school",
      parentName: "Mrs. Ngozi Okafor",
      parentOccupation: "Trader",
      relationshipToApplicant: "Mother",
      medicalConditions: "",
      religion: "Christianity",
      hobbies: "Football",
      languagesSpoken: "English, Igbo",
      parentMaritalStatus: "Married",
      siblingsInSchool: "No",
      siblingsNames: "",
      specialEducationalNeeds: "",
      ...overrides,
    };
  };
  const png = (name = "passport.png") => new File([PNG_BYTES], name, { type: "image/png" });
  const pdf = (name = "certificate.pdf", size = 2000) =>
    new File([new Uint8Array(pdfBytes(size))], name, { type: "application/pdf" });

  function application(
    fields: Record<string, string> = answers(),
    files: Record<string, File> = { passportPhotograph: png(), birthCertificate: pdf() },
    key?: string,
  ) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    for (const [k, f] of Object.entries(files)) form.set(k, f);
    if (key) form.set("idempotency_key", key);
    return form;
  }

  async function apply(publicId: string, form: FormData, address = "10.0.0.1") {
    const res = await api.fetch(`/api/public/admission-forms/${publicId}/submissions`, {
      method: "POST",
      body: form,
      headers: { "X-Client-Address": address },
    });
    return {
      status: res.status,
      headers: res.headers,
      body: (await res.json()) as { message?: string; errors?: Record<string, string[]>; data: { reference: string } },
    };
  }

  let addressSerial = 0;
  /** A fresh address, so the per-address limit only counts where a test means it to. */
  const freshAddress = () => `10.1.${Math.floor(++addressSerial / 250)}.${addressSerial % 250}`;

  async function submitted(form: AdmissionForm, fields = answers(), files?: Record<string, File>): Promise<string> {
    const { status, body } = await apply(form.public_id, application(fields, files), freshAddress());
    expect(status, JSON.stringify(body)).toBe(201);
    return body.data.reference;
  }

  async function submissionByReference(s: RegisteredSchool, reference: string): Promise<SubmissionRow> {
    const { body } = await call<Paginated<SubmissionRow>>(s, "GET", "/submissions?per_page=100");
    return body.data.data.find((r) => r.reference === reference)!;
  }

  const count = async (
    table:
      | "admission_forms"
      | "admission_submissions"
      | "admission_documents"
      | "students"
      | "parents"
      | "parent_students"
      | "media",
  ) => (await api.db.selectFrom(table).selectAll().execute()).length;
  const storedObjects = () =>
    fs.existsSync(api.uploadsDir)
      ? fs
          .readdirSync(api.uploadsDir, { recursive: true })
          .filter((f) => fs.statSync(path.join(api.uploadsDir, String(f))).isFile()).length
      : 0;

  describe("POST /create-admission-form", () => {
    it("creates a form: 201, the product's message and Admission form fields, a public link with an unguessable id", async () => {
      const { status, body } = await call<AdmissionForm>(school, "POST", "/create-admission-form", {
        title: "  JSS1 Entrance ",
        amount: 2500.5,
        cbt_enabled: true,
        status: "inactive",
      });
      expect(status).toBe(201);
      expect(body.message).toBe("Admission instance created successfully!");
      expect(body.data).toEqual({
        id: expect.any(Number),
        title: "JSS1 Entrance",
        amount: 2500.5,
        cbt_enabled: true,
        cbt_test_id: null,
        status: "inactive",
        public_id: expect.stringMatching(/^[a-f0-9]{64}$/),
        public_link: `/apply/${body.data.public_id}`,
        created_at: expect.any(String),
        submission_count: 0,
      });
    });

    it("takes typed naira text and a fee of 0", async () => {
      expect((await newForm(school, { amount: "12,500.50" })).amount).toBe(12500.5);
      expect((await newForm(school, { amount: 0 })).amount).toBe(0);
    });

    it.each([
      [{ title: "" }, "title", M.titleRequired],
      [{ title: undefined }, "title", M.titleRequired],
      [{ title: "x".repeat(151) }, "title", M.titleTooLong],
      [{ amount: undefined }, "amount", M.amountRequired],
      [{ amount: "" }, "amount", M.amountRequired],
      [{ amount: -1 }, "amount", M.amountInvalid],
      [{ amount: 10.005 }, "amount", M.amountInvalid],
      [{ amount: "ten" }, "amount", M.amountInvalid],
      [{ amount: 10_000_001 }, "amount", M.amountTooHigh],
      [{ status: "open" }, "status", M.statusInvalid],
    ])("refuses %j beside %s and writes nothing", async (overrides, field, message) => {
      const before = await count("admission_forms");
      const { status, body } = await call(school, "POST", "/create-admission-form", {
        title: "Entrance",
        amount: 100,
        status: "active",
        ...overrides,
      });
      expect(status).toBe(422);
      expect(body.errors?.[field]).toEqual([message]);
      expect(await count("admission_forms")).toBe(before);
    });

    it("a re-sent idempotency key makes one form, also three at once", async () => {
      const s = await registerSchool(api);
      const key = "admission-form-key-0001";
      const first = await call<AdmissionForm>(
        s,
        "POST",
        "/create-admission-form",
        { title: "Once", amount: 1 },
        { "Idempotency-Key": key },
      );
      const again = await call<AdmissionForm>(
        s,
        "POST",
        "/create-admission-form",
        { title: "Once", amount: 1 },
        { "Idempotency-Key": key },
      );
      expect([first.status, again.status]).toEqual([201, 200]);
      expect(again.body.data.id).toBe(first.body.data.id);
      const raced = await Promise.all(
        [1, 2, 3].map(() =>
          call<AdmissionForm>(
            s,
            "POST",
            "/create-admission-form",
            { title: "Race", amount: 1 },
            { "Idempotency-Key": "admission-form-key-0002" },
          ),
        ),
      );
      expect(new Set(raced.map((r) => r.body.data.id)).size).toBe(1);
      expect((await call<Paginated<AdmissionForm>>(s, "GET", "/admission-forms")).body.data.total).toBe(2);
    });
  });

  describe("GET /admission-forms, toggle and delete", () => {
    it("lists the school's forms newest first with their submission counts", async () => {
      const s = await registerSchool(api);
      const older = await newForm(s, { title: "Older" });
      const newer = await newForm(s, { title: "Newer" });
      await submitted(older);
      await submitted(older);
      const { status, body } = await call<Paginated<AdmissionForm>>(s, "GET", "/admission-forms");
      expect(status).toBe(200);
      expect(body.data.data.map((f) => [f.title, f.submission_count])).toEqual([
        ["Newer", 0],
        ["Older", 2],
      ]);
      expect(body.data.data[0].id).toBe(newer.id);
    });

    it("toggles the status with the product's messages; a bad status or another id is refused", async () => {
      const form = await newForm(school);
      const off = await call<AdmissionForm>(school, "PUT", `/admission-forms/${form.id}/toggle-status`, {
        status: "inactive",
      });
      expect([off.status, off.body.message, off.body.data.status]).toEqual([
        200,
        "Form deactivated successfully",
        "inactive",
      ]);
      const on = await call<AdmissionForm>(school, "PUT", `/admission-forms/${form.id}/toggle-status`, {
        status: "active",
      });
      expect([on.status, on.body.message, on.body.data.status]).toEqual([200, "Form activated successfully", "active"]);
      const bad = await call(school, "PUT", `/admission-forms/${form.id}/toggle-status`, { status: "paused" });
      expect([bad.status, bad.body.errors?.status]).toEqual([422, [M.statusInvalid]]);
      expect((await call(school, "PUT", "/admission-forms/999999/toggle-status", { status: "active" })).status).toBe(
        404,
      );
      expect((await call(school, "PUT", "/admission-forms/abc/toggle-status", { status: "active" })).status).toBe(404);
    });

    it("deletes a form: the product's message, gone from the list, its link closed, its submissions kept; again is still success", async () => {
      const s = await registerSchool(api);
      const form = await newForm(s);
      const reference = await submitted(form);
      const deleted = await call(s, "DELETE", `/admission-forms/${form.id}`);
      expect([deleted.status, deleted.body.message]).toEqual([200, "Admission form deleted successfully"]);
      expect((await call<Paginated<AdmissionForm>>(s, "GET", "/admission-forms")).body.data.total).toBe(0);
      expect((await submissionByReference(s, reference)).form_title).toBe(form.title);
      const page = await api.fetch(`/api/public/admission-forms/${form.public_id}`);
      expect(((await page.json()) as { data: PublicAdmissionForm }).data.open).toBe(false);
      const late = await apply(form.public_id, application(), freshAddress());
      expect([late.status, late.body.message]).toEqual([409, M.closed]);
      expect((await call(s, "DELETE", `/admission-forms/${form.id}`)).status).toBe(200);
      expect((await call(s, "DELETE", "/admission-forms/999999")).status).toBe(404);
    });
  });

  describe("the public routes", () => {
    it("read the form, the school's name and logo and its classes, and nothing else", async () => {
      const form = await newForm(school, { amount: 7500, cbt_enabled: true });
      const res = await api.fetch(`/api/public/admission-forms/${form.public_id}`);
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as { data: PublicAdmissionForm };
      expect(Object.keys(data).sort()).toEqual(["amount", "cbt_enabled", "classes", "open", "school", "title"]);
      expect(data).toMatchObject({ title: form.title, amount: 7500, cbt_enabled: true, open: true });
      expect(Object.keys(data.school).sort()).toEqual(["logo_url", "school_name"]);
      expect(data.school.logo_url).toMatch(/^\/api\/media\/[a-f0-9]{32}$/);
      expect(data.classes).toContain("JSS1");
      expect(JSON.stringify(data)).not.toContain(school.uniqueId);
    });

    it("an unknown or malformed id is 404; an inactive form is closed (no classes) and takes nothing", async () => {
      expect((await api.fetch(`/api/public/admission-forms/${"a".repeat(64)}`)).status).toBe(404);
      expect((await api.fetch("/api/public/admission-forms/1")).status).toBe(404);
      const form = await newForm(school, { status: "inactive" });
      const { data } = (await (await api.fetch(`/api/public/admission-forms/${form.public_id}`)).json()) as {
        data: PublicAdmissionForm;
      };
      expect([data.open, data.classes]).toEqual([false, []]);
      const before = await count("admission_submissions");
      expect((await apply(form.public_id, application(), freshAddress())).status).toBe(409);
      expect(await count("admission_submissions")).toBe(before);
    });

    it("a submission gets a reference, keeps every answer, its documents and the address only as a hash", async () => {
      const form = await newForm(school);
      const { status, body } = await apply(
        form.public_id,
        application(answers({ firstName: "Amaka", gender: "Female" })),
        "192.0.2.44",
      );
      expect(status).toBe(201);
      expect(body.message).toBe(M.submitted);
      expect(body.data.reference).toMatch(/^ADM-[A-HJ-NP-Z2-9]{8}$/);
      const row = await api.db
        .selectFrom("admission_submissions")
        .selectAll()
        .where("reference", "=", body.data.reference)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe("pending");
      expect(row.student_name).toBe("Amaka Emeka Okafor");
      expect(row.address_hash).toMatch(/^[a-f0-9]{64}$/);
      expect(JSON.stringify(row)).not.toContain("192.0.2.44");
      const docs = await api.db
        .selectFrom("admission_documents")
        .selectAll()
        .where("submission_id", "=", row.id)
        .execute();
      expect(docs.map((d) => [d.field, d.mime_type]).sort()).toEqual([
        ["birthCertificate", "application/pdf"],
        ["passportPhotograph", "image/png"],
      ]);
      const check = await api.fetch(`/api/public/admission-forms/${form.public_id}/submissions/${body.data.reference}`);
      // Without online payments, the fee is to be paid at the school.
      expect(((await check.json()) as { data: unknown }).data).toEqual({
        reference: body.data.reference,
        title: form.title,
        amount: form.amount,
        payment_status: form.amount > 0 ? "at_school" : "not_required",
        cbt: null,
      });
      expect((await api.fetch(`/api/public/admission-forms/${form.public_id}/submissions/ADM-NOTREAL1`)).status).toBe(
        404,
      );
    });

    it.each([
      ["surname", "", "Surname is required"],
      ["firstName", "", "First name is required"],
      ["dateOfBirth", "", "Date of birth is required"],
      ["dateOfBirth", "09/03/2014", M.dateInvalid],
      ["dateOfBirth", "2014-02-30", M.dateInvalid],
      ["dateOfBirth", "2999-01-01", M.dateInFuture],
      ["gender", "", "Gender is required"],
      ["gender", "Other", M.choiceInvalid],
      ["homeAddress", "", "Home address is required"],
      ["phoneNumber", "", "Phone number is required"],
      ["phoneNumber", "0803", "Enter a valid phone number."],
      ["emailAddress", "", "Email address is required"],
      ["emailAddress", "not-an-email", "Enter a valid email address."],
      ["classApplyingInto", "", "Class applying into is required"],
      ["classApplyingInto", "Year 12", M.classUnknown],
      ["parentName", "", "Parent or guardian's name is required"],
      ["relationshipToApplicant", "", "Relationship to applicant is required"],
      ["parentMaritalStatus", "Complicated", M.choiceInvalid],
      ["hobbies", "x".repeat(201), M.tooLong],
    ])("refuses %s = %j with its message beside it and writes nothing", async (field, value, message) => {
      const form = await newForm(school);
      const before = [await count("admission_submissions"), storedObjects()];
      const { status, body } = await apply(form.public_id, application(answers({ [field]: value })), freshAddress());
      expect(status).toBe(422);
      expect(body.errors?.[field]).toEqual([message]);
      expect([await count("admission_submissions"), storedObjects()]).toEqual(before);
    });

    it("checks documents by their bytes: text named .png, an empty file, a program and one over 5 MB are refused and nothing is stored", async () => {
      const form = await newForm(school);
      const before = [await count("admission_submissions"), await count("admission_documents"), storedObjects()];
      const { status, body } = await apply(
        form.public_id,
        application(answers(), {
          passportPhotograph: new File(
            [new TextEncoder().encode("plain text pretending to be a picture")],
            "face.png",
            { type: "image/png" },
          ),
          birthCertificate: new File([], "empty.pdf", { type: "application/pdf" }),
          lastTermResult: new File([Buffer.from("MZ\x90\x00program")], "result.pdf", { type: "application/pdf" }),
          medicalReport: pdf("report.pdf", ADMISSION_LIMITS.documentMaxBytes + 1),
        }),
        freshAddress(),
      );
      expect(status).toBe(422);
      expect(body.errors).toEqual({
        passportPhotograph: [M.documentRefused],
        birthCertificate: [M.documentEmpty],
        lastTermResult: [M.documentRefused],
        medicalReport: [M.documentTooLarge],
      });
      expect([await count("admission_submissions"), await count("admission_documents"), storedObjects()]).toEqual(
        before,
      );
      expect(fs.readdirSync(api.tempDir)).toEqual([]);
    });

    it("takes a document of exactly 5 MB and documents left out", async () => {
      const form = await newForm(school);
      expect(
        await submitted(form, answers(), { medicalReport: pdf("report.pdf", ADMISSION_LIMITS.documentMaxBytes) }),
      ).toMatch(/^ADM-/);
      expect(await submitted(form, answers(), {})).toMatch(/^ADM-/);
    });

    it("a filled honeypot is refused and writes nothing", async () => {
      const form = await newForm(school);
      const before = await count("admission_submissions");
      const { status, body } = await apply(
        form.public_id,
        application({ ...answers(), website: "http://spam.example" }),
        freshAddress(),
      );
      expect([status, body.message]).toEqual([422, M.honeypot]);
      expect(await count("admission_submissions")).toBe(before);
    });

    it("a double submit makes one submission: the same key answers the same reference, also three at once", async () => {
      const form = await newForm(school);
      const fields = answers();
      const first = await apply(
        form.public_id,
        application(fields, undefined, "application-key-000001"),
        freshAddress(),
      );
      const again = await apply(
        form.public_id,
        application(fields, undefined, "application-key-000001"),
        freshAddress(),
      );
      expect([first.status, again.status]).toEqual([201, 200]);
      expect(again.body.data.reference).toBe(first.body.data.reference);
      const raced = await Promise.all(
        [1, 2, 3].map(() =>
          apply(form.public_id, application(answers(), undefined, "application-key-000002"), freshAddress()),
        ),
      );
      expect(new Set(raced.map((r) => r.body.data.reference)).size).toBe(1);
      const rows = await api.db
        .selectFrom("admission_submissions")
        .select("id")
        .where("form_id", "=", form.id)
        .execute();
      expect(rows).toHaveLength(2);
      const docs = await api.db
        .selectFrom("admission_documents")
        .select("storage_key")
        .where(
          "submission_id",
          "in",
          rows.map((r) => r.id),
        )
        .execute();
      expect(docs).toHaveLength(4);
    });

    // Per school and address, from outside and whatever headers a client sends: tests/security/walls.test.ts.
    it(`an address past its ${ADMISSION_LIMITS.perAddressPerHour} submissions to a school is taken again an hour later`, async () => {
      const forms = [await newForm(school), await newForm(school)];
      const address = "198.51.100.7";
      for (let i = 0; i < ADMISSION_LIMITS.perAddressPerHour; i++) {
        expect((await apply(forms[i % 2].public_id, application(answers(), {}), address)).status).toBe(201);
      }
      const refused = await apply(forms[0].public_id, application(answers(), {}), address);
      expect([refused.status, refused.body.message]).toEqual([429, M.tooManyFromAddress]);
      api.clock.now = new Date(api.clock.now.getTime() + 61 * 60 * 1000);
      expect((await apply(forms[0].public_id, application(answers(), {}), address)).status).toBe(201);
    });

    it(`limits one form to ${ADMISSION_LIMITS.perFormPerHour} submissions an hour`, async () => {
      const form = await newForm(school);
      const now = api.clock.now.toISOString();
      const schoolId = (
        await api.db
          .selectFrom("admission_forms")
          .select("school_id")
          .where("id", "=", form.id)
          .executeTakeFirstOrThrow()
      ).school_id;
      await api.db
        .insertInto("admission_submissions")
        .values(
          Array.from({ length: ADMISSION_LIMITS.perFormPerHour }, (_, i) => ({
            school_id: schoolId,
            form_id: form.id,
            reference: `ADM-CAP${String(i).padStart(5, "0")}`,
            student_name: "Earlier Applicant",
            class_applying_into: "JSS1",
            status: "pending" as const,
            form_data: "{}",
            address_hash: `hash-${i}`,
            idempotency_key: null,
            student_id: null,
            reviewed_at: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      const refused = await apply(form.public_id, application(answers(), {}), freshAddress());
      expect([refused.status, refused.body.message]).toEqual([429, M.tooManyForForm]);
      api.clock.now = new Date(api.clock.now.getTime() + 61 * 60 * 1000);
      expect((await apply(form.public_id, application(answers(), {}), freshAddress())).status).toBe(201);
    });
  });

  describe("submissions", () => {
    it("lists student name, form, class, status and date, newest first, filtered by status and form, a page at a time", async () => {
      const s = await registerSchool(api);
      const a = await newForm(s, { title: "Form A" });
      const b = await newForm(s, { title: "Form B" });
      const refs = [
        await submitted(a, answers({ firstName: "Ada" })),
        await submitted(a, answers({ firstName: "Bola" })),
        await submitted(b, answers({ firstName: "Chike", classApplyingInto: "SS1" })),
      ];
      const rejected = await submissionByReference(s, refs[1]);
      expect((await call(s, "PUT", `/submissions/${rejected.id}/reject`)).status).toBe(200);

      const all = await call<Paginated<SubmissionRow>>(s, "GET", "/submissions");
      expect(all.body.data.data.map((r) => [r.student_name, r.form_title, r.class_applying_into, r.status])).toEqual([
        ["Chike Emeka Okafor", "Form B", "SS1", "pending"],
        ["Bola Emeka Okafor", "Form A", "JSS1", "rejected"],
        ["Ada Emeka Okafor", "Form A", "JSS1", "pending"],
      ]);
      expect(all.body.data.data[0].created_at).toEqual(expect.any(String));
      const pending = await call<Paginated<SubmissionRow>>(s, "GET", "/submissions?status=pending");
      expect(pending.body.data.data.map((r) => r.status)).toEqual(["pending", "pending"]);
      const formA = await call<Paginated<SubmissionRow>>(s, "GET", `/submissions?form_id=${a.id}`);
      expect(formA.body.data.total).toBe(2);
      const both = await call<Paginated<SubmissionRow>>(s, "GET", `/submissions?form_id=${a.id}&status=rejected`);
      expect(both.body.data.data.map((r) => r.reference)).toEqual([refs[1]]);
      const paged = await call<Paginated<SubmissionRow>>(s, "GET", "/submissions?per_page=2&page=2");
      expect([paged.body.data.total, paged.body.data.last_page, paged.body.data.data.length]).toEqual([3, 2, 1]);
    });

    it("details: every answer grouped as text, documents as file entries served as attachments only with the school's token", async () => {
      const form = await newForm(school);
      const reference = await submitted(form, answers({ firstName: "Kemi", hobbies: "Chess" }));
      const row = await submissionByReference(school, reference);
      const { status, body } = await call<SubmissionDetail>(school, "GET", `/submissions/${row.id}/details`);
      expect(status).toBe(200);
      expect(body.data).toMatchObject({
        id: row.id,
        reference,
        student_name: "Kemi Emeka Okafor",
        title: form.title,
        form_title: form.title,
        status: "pending",
        student_id: null,
      });
      expect(body.data.form_data.hobbies).toEqual({ type: "text", value: "Chess" });
      expect(body.data.form_data.phoneNumber.value).toMatch(/^\+234803300/);
      expect(body.data.form_data.medicalConditions).toBeUndefined();
      const passport = body.data.form_data.passportPhotograph;
      expect(passport).toEqual({
        type: "file",
        value: `/api/admin/${school.uniqueId}/submissions/${row.id}/documents/passportPhotograph`,
        name: "passport.png",
        mime_type: "image/png",
      });
      const file = await api.fetch(passport.value, { headers: school.auth });
      expect(file.status).toBe(200);
      expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="passport.png"/);
      expect(file.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG_BYTES);
      expect((await api.fetch(passport.value)).status).toBe(401);
      const other = await registerSchool(api);
      expect(
        (await api.fetch(passport.value.replace(school.uniqueId, other.uniqueId), { headers: other.auth })).status,
      ).toBe(404);
      expect((await call(school, "GET", `/submissions/${row.id}/documents/medicalReport`)).status).toBe(404);
    });

    it("'No submission data found' for an unknown submission", async () => {
      for (const id of ["999999", "abc", "0"]) {
        const { status, body } = await call(school, "GET", `/submissions/${id}/details`);
        expect([status, body.message]).toEqual([404, "No submission data found"]);
      }
    });

    it("approving makes the student (name, class, gender, phone, email, address, photo) and the parent, and links them, in one go", async () => {
      const s = await registerSchool(api);
      const form = await newForm(s);
      const reference = await submitted(
        form,
        answers({
          firstName: "Zainab",
          gender: "Female",
          classApplyingInto: "JSS2",
          phoneNumber: "0803 777 0001",
          emailAddress: "bello@example.ng",
          parentName: "Alhaji Musa Bello",
        }),
      );
      const row = await submissionByReference(s, reference);
      const { status, body } = await call<SubmissionDetail>(s, "PUT", `/submissions/${row.id}/approve`);
      expect([status, body.message, body.data.status]).toEqual([200, "Submission approved successfully", "approved"]);
      expect(body.data.student_id).toMatch(/^STU-/);

      const students = await call<Paginated<StudentRecord>>(s, "GET", "/students");
      expect(students.body.data.total).toBe(1);
      const student = students.body.data.data[0];
      expect(student.unique_id).toBe(body.data.student_id);
      expect(student.student_data).toMatchObject({
        name: "Zainab Emeka Okafor",
        class: "JSS2",
        gender: "Female",
        phone_number: "+2348037770001",
        email: "bello@example.ng",
        address: "12 Allen Avenue, Ikeja",
      });
      // The class applied into is the student's class of the current session.
      const classes = await call<SessionClass[]>(s, "GET", `/students/${student.unique_id}/classes`);
      expect(classes.body.data).toEqual([{ session: currentSession(api.clock.now), class: "JSS2" }]);
      expect(student.student_data.profile_img).toMatch(/^\/api\/media\/[a-f0-9]{32}$/);
      const photo = await api.fetch(student.student_data.profile_img!, { headers: s.auth });
      // The passport photograph, re-encoded as a bounded photo: the same 1 × 1 picture.
      const stored = await sharp(Buffer.from(await photo.arrayBuffer())).metadata();
      expect([stored.format, stored.width, stored.height]).toEqual(["png", 1, 1]);

      const parents = await call<Paginated<ParentDetail>>(s, "GET", "/stu-parents");
      expect(
        parents.body.data.data.map((p) => [
          p.parent_data.name,
          p.parent_data.phone,
          p.parent_data.email,
          p.children.map((c) => c.unique_id),
        ]),
      ).toEqual([["Alhaji Musa Bello", "+2348037770001", "bello@example.ng", [student.unique_id]]]);
    });

    it("links the new student to the parent already holding the phone number instead of making another", async () => {
      const s = await registerSchool(api);
      const existing = await call<ParentDetail>(s, "POST", "/stu-parents", {
        parent_data: { name: "Mrs. Funke Ade", email: "funke@example.ng", phone: "+2348037770002" },
      });
      expect(existing.status).toBe(201);
      const form = await newForm(s);
      const reference = await submitted(
        form,
        answers({ phoneNumber: "0803 777 0002", emailAddress: "another@example.ng", parentName: "Funke Ade" }),
      );
      const row = await submissionByReference(s, reference);
      expect((await call(s, "PUT", `/submissions/${row.id}/approve`)).status).toBe(200);
      const parents = await call<Paginated<ParentDetail>>(s, "GET", "/stu-parents");
      expect(parents.body.data.total).toBe(1);
      expect(parents.body.data.data[0].unique_id).toBe(existing.body.data.unique_id);
      expect(parents.body.data.data[0].children).toHaveLength(1);
    });

    it("approve and reject only while pending, with the product's failure texts; rejecting keeps the submission", async () => {
      const form = await newForm(school);
      const approved = await submissionByReference(school, await submitted(form));
      const rejected = await submissionByReference(school, await submitted(form));
      expect((await call(school, "PUT", `/submissions/${approved.id}/approve`)).status).toBe(200);
      const reject = await call<SubmissionDetail>(school, "PUT", `/submissions/${rejected.id}/reject`);
      expect([reject.status, reject.body.message, reject.body.data.status]).toEqual([
        200,
        "Submission rejected successfully",
        "rejected",
      ]);
      const students = await count("students");
      for (const [id, action, message, was] of [
        [approved.id, "approve", "Failed to approve submission", "approved"],
        [approved.id, "reject", "Failed to reject submission", "approved"],
        [rejected.id, "approve", "Failed to approve submission", "rejected"],
        [rejected.id, "reject", "Failed to reject submission", "rejected"],
      ] as const) {
        const { status, body } = await call(school, "PUT", `/submissions/${id}/${action}`);
        expect([status, body.message, body.errors?.status]).toEqual([
          409,
          message,
          [M.notPending.replace("{status}", was)],
        ]);
      }
      expect(await count("students")).toBe(students);
      expect(
        (await call<SubmissionDetail>(school, "GET", `/submissions/${rejected.id}/details`)).body.data.status,
      ).toBe("rejected");
    });

    it("two approvals at once make one student", async () => {
      const s = await registerSchool(api);
      const form = await newForm(s);
      const row = await submissionByReference(s, await submitted(form));
      const results = await Promise.all([1, 2, 3].map(() => call(s, "PUT", `/submissions/${row.id}/approve`)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      expect((await call<Paginated<StudentRecord>>(s, "GET", "/students")).body.data.total).toBe(1);
    });

    it("an approval that cannot make the student writes nothing (the class is no longer the school's)", async () => {
      const s = await registerSchool(api);
      const form = await newForm(s);
      const row = await submissionByReference(s, await submitted(form, answers({ classApplyingInto: "SS3" })));
      expect(
        (
          await call(s, "POST", "/school-settings", {
            school_settings: { sections: ["Junior"], classes: [{ class_name: "JSS1", section: "Junior" }] },
          })
        ).status,
      ).toBe(200);
      const before = [await count("students"), await count("parents"), await count("media")];
      const { status } = await call(s, "PUT", `/submissions/${row.id}/approve`);
      expect(status).toBe(422);
      expect([await count("students"), await count("parents"), await count("media")]).toEqual(before);
      expect((await call<SubmissionDetail>(s, "GET", `/submissions/${row.id}/details`)).body.data.status).toBe(
        "pending",
      );
    });

    it("a sub-admin cannot review, approve or reject, even holding the admission key: the product's message", async () => {
      const form = await newForm(school);
      const row = await submissionByReference(school, await submitted(form));
      const added = await call<{ sub_admin: { id: number }; password: string }>(school, "POST", "/sub-admins", {
        name: "Admissions Clerk",
        email: "clerk@school.ng",
        features: ["admission"],
      });
      const signedIn = await api.fetch("/api/admin/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          unique_id: school.uniqueId,
          email: "clerk@school.ng",
          password: added.body.data.password,
        }),
      });
      const clerk: RegisteredSchool = {
        ...school,
        auth: bearer(((await signedIn.json()) as { data: { token: string } }).data.token),
      };
      const subAdminId = String(added.body.data.sub_admin.id);
      expect((await call(clerk, "GET", `/submissions?sub_admin_id=${subAdminId}`)).status).toBe(200);
      const details = await call(clerk, "GET", `/submissions/${row.id}/details?sub_admin_id=${subAdminId}`);
      expect([details.status, details.body.message]).toEqual([403, SPEC.mainAdminOnly]);
      for (const action of ["approve", "reject"]) {
        const { status, body } = await call(clerk, "PUT", `/submissions/${row.id}/${action}`, {
          sub_admin_id: subAdminId,
        });
        expect([status, body.message]).toEqual([403, "Only main administrators can access submission review."]);
      }
      expect((await call<SubmissionDetail>(school, "GET", `/submissions/${row.id}/details`)).body.data.status).toBe(
        "pending",
      );
    });

    it("another school's token sees none of the forms or submissions", async () => {
      const other = await registerSchool(api);
      expect((await call<Paginated<AdmissionForm>>(other, "GET", "/admission-forms")).body.data.total).toBe(0);
      expect((await call<Paginated<SubmissionRow>>(other, "GET", "/submissions")).body.data.total).toBe(0);
      const form = await newForm(school);
      const row = await submissionByReference(school, await submitted(form));
      expect((await call(other, "GET", `/submissions/${row.id}/details`)).status).toBe(404);
      expect((await call(other, "PUT", `/submissions/${row.id}/approve`)).status).toBe(404);
      expect((await call(other, "DELETE", `/admission-forms/${form.id}`)).status).toBe(404);
      expect((await call(other, "GET", `/submissions?form_id=${form.id}`)).body).toMatchObject({ data: { total: 0 } });
    });
  });
});
