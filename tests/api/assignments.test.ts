import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSIGNMENT_MESSAGES as M, type Assignment } from "../../contract/assignments";
import { TEACHING_FILE_MESSAGES as T } from "../../contract/teaching-files";
import { pdfBytes, SAMPLES } from "./file-samples";
import { DATABASE, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";
import { schoolCalls } from "./school-calls";
import { schoolWithClasses, signedInTeacher } from "./teachers";

/**
 * Assignments on the real database and storage: a teacher sets one for their own class and subject with up to 5
 * attachments, lists upcoming and past, edits (attachments added and taken away), deletes; every refusal beside
 * its field with nothing written; the admins read every teacher's and change none; another teacher's and another
 * school's are never reached.
 */
describe(`assignments on ${DATABASE}`, { timeout: 180_000 }, () => {
  const QUOTA = 60_000;
  let api: TestApi;
  let school: RegisteredSchool;
  let other: RegisteredSchool;
  let ada: RegisteredSchool & { id: number };
  let bola: RegisteredSchool & { id: number };
  const { call } = schoolCalls(() => api);

  const file = (bytes: Buffer, name: string) => new File([new Uint8Array(bytes)], name);
  const pdf = (name: string, size = 1000) => file(pdfBytes(size), name);
  const fields = {
    class: "JSS1",
    subject: "Mathematics",
    title: "Fractions exercise",
    instructions: "Answer questions 1 to 10 on page 42.",
    due_date: "2026-12-01",
  };
  function form(values: Record<string, string | string[]>, files: File[] = []) {
    const body = new FormData();
    for (const [name, value] of Object.entries(values))
      for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
    for (const f of files) body.append("files[]", f);
    return body;
  }
  async function send(who: RegisteredSchool, method: string, path: string, body: FormData, key?: string) {
    const res = await api.fetch(`/api/admin/${who.uniqueId}${path}`, {
      method,
      headers: { ...who.auth, ...(key ? { "Idempotency-Key": key } : {}) },
      body,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked by the tests
    return { status: res.status, body: (await res.json()) as any };
  }
  const list = async (who: RegisteredSchool, when = "upcoming") =>
    (await call(who, "GET", `/assignments?when=${when}`)).body.data.data as Assignment[];
  async function written() {
    const rows = await api.db.selectFrom("assignments").select(["id", "title", "updated_at"]).execute();
    const files = await api.db.selectFrom("assignment_attachments").select("id").execute();
    const used = await api.db.selectFrom("school_storage").select(["school_id", "used_bytes"]).execute();
    const objects = fs.existsSync(api.uploadsDir)
      ? fs.readdirSync(api.uploadsDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
      : 0;
    return {
      rows: rows.map((r) => JSON.stringify(r)).sort(),
      files: files.length,
      used: used.map((u) => `${u.school_id}:${u.used_bytes}`).sort(),
      objects,
    };
  }

  beforeAll(async () => {
    api = await startApi({ storageQuotaBytes: QUOTA });
    api.clock.now = new Date("2026-11-25T09:00:00Z");
    school = await registerSchool(api, { school_name: "Homework Academy" });
    other = await registerSchool(api, { school_name: "Other Homework Academy" });
    await schoolWithClasses(api, school);
    ada = await signedInTeacher(api, school, "Mrs. Ada Obi", [
      { class: "JSS1", subject: "Mathematics" },
      { class: "JSS2", subject: "Mathematics" },
    ]);
    bola = await signedInTeacher(api, school, "Mr. Bola Ade", [{ class: "JSS1", subject: "English" }]);
  });
  afterAll(() => api.close());

  let fractions: Assignment;
  it("a teacher sets an assignment with attachments (multipart) and one without (JSON); the quota follows", async () => {
    const before = await written();
    const res = await send(
      ada,
      "POST",
      "/assignments",
      form(fields, [pdf("Questions.pdf"), file(SAMPLES.docx, "Worksheet.docx"), file(SAMPLES.png, "diagram.png")]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe(M.created);
    fractions = res.body.data;
    const { class: _class, ...rest } = fields;
    expect(fractions).toMatchObject({ ...rest, class_name: "JSS1", teacher: "Mrs. Ada Obi" });
    expect(fractions.attachments.map((a) => a.original_name)).toEqual([
      "Questions.pdf",
      "Worksheet.docx",
      "diagram.png",
    ]);
    const plain = await call(ada, "POST", "/assignments", {
      ...fields,
      class: "JSS2",
      title: "Read chapter 3",
      due_date: "2026-11-25",
    });
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    expect(plain.body.data.attachments).toEqual([]);
    const after = await written();
    expect([
      after.rows.length - before.rows.length,
      after.files - before.files,
      after.objects - before.objects,
    ]).toEqual([2, 3, 3]);
    expect((await call(school, "GET", "/files/storage-quota")).body.data.used).toBe(
      1000 + SAMPLES.docx.length + SAMPLES.png.length,
    );
    expect((await call(ada, "GET", `/assignments/${fractions.id}`)).body.data).toEqual(fractions);
    const attachment = await api.fetch(
      `/api/admin/${ada.uniqueId}/assignments/${fractions.id}/attachments/${fractions.attachments[0].id}`,
      { headers: ada.auth },
    );
    expect(attachment.status).toBe(200);
    expect(attachment.headers.get("content-disposition")).toContain("Questions.pdf");
    expect(Buffer.from(await attachment.arrayBuffer()).equals(pdfBytes(1000))).toBe(true);
  });

  it("lists upcoming (due today or later, soonest first) and past", async () => {
    await call(ada, "POST", "/assignments", { ...fields, title: "Long division", due_date: "2026-11-30" });
    expect((await list(ada)).map((a) => a.title)).toEqual(["Read chapter 3", "Long division", "Fractions exercise"]);
    api.clock.now = new Date("2026-11-30T09:00:00Z");
    try {
      expect((await list(ada)).map((a) => a.title)).toEqual(["Long division", "Fractions exercise"]);
      expect((await list(ada, "past")).map((a) => a.title)).toEqual(["Read chapter 3"]);
    } finally {
      api.clock.now = new Date("2026-11-25T09:00:00Z");
    }
  });

  const six = [1, 2, 3, 4, 5, 6].map((n) => pdf(`page${n}.pdf`));
  it.each([
    ["no title", { ...fields, title: " " }, [], "title", M.titleRequired],
    ["a title too long", { ...fields, title: "x".repeat(121) }, [], "title", M.titleTooLong],
    ["no instructions", { ...fields, instructions: "" }, [], "instructions", M.instructionsRequired],
    ["instructions too long", { ...fields, instructions: "x".repeat(4001) }, [], "instructions", M.instructionsTooLong],
    ["no due date", { ...fields, due_date: "" }, [], "due_date", M.dueDateInvalid],
    ["a day that does not exist", { ...fields, due_date: "2026-02-30" }, [], "due_date", M.dueDateInvalid],
    ["a day in the past", { ...fields, due_date: "2026-11-24" }, [], "due_date", M.dueDatePast],
    ["no class", { ...fields, class: "" }, [], "class", T.chooseClass],
    ["six attachments", fields, six, "files", M.tooManyFiles],
    [
      "a spreadsheet",
      fields,
      [file(SAMPLES.xlsx, "marks.xlsx")],
      "files",
      T.typeRefused.replace("{names}", "marks.xlsx"),
    ],
    [
      "a program",
      fields,
      [pdf("ok.pdf"), file(SAMPLES.exe, "setup.pdf")],
      "files",
      T.typeRefused.replace("{names}", "setup.pdf"),
    ],
  ])("refuses %s beside its field and writes nothing", async (_, values, files, field, message) => {
    const before = await written();
    const res = await send(ada, "POST", "/assignments", form(values, files as File[]));
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    expect(await written()).toEqual(before);
  });

  it("refuses another teacher's class or subject, and attachments past the quota, writing nothing", async () => {
    const before = await written();
    const theirs = await send(ada, "POST", "/assignments", form({ ...fields, subject: "English" }, [pdf("a.pdf")]));
    expect(theirs.status).toBe(403);
    expect(theirs.body.errors.subject).toEqual([T.notTaught("English", "JSS1")]);
    const big = await send(ada, "POST", "/assignments", form(fields, [pdf("big.pdf", QUOTA)]));
    expect(big.status).toBe(422);
    expect(big.body.errors.files[0]).toMatch(/^Not enough storage space/);
    expect(await written()).toEqual(before);
  });

  it("a re-sent form (same key) makes one assignment, also three at once", async () => {
    const before = await written();
    const sent = await Promise.all(
      [1, 2, 3].map(() =>
        send(
          ada,
          "POST",
          "/assignments",
          form({ ...fields, title: "Once" }, [pdf("once.pdf")]),
          "assign-race-0123456789",
        ),
      ),
    );
    expect(sent.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(sent.map((r) => r.body.data.id)).size).toBe(1);
    const after = await written();
    expect([
      after.rows.length - before.rows.length,
      after.files - before.files,
      after.objects - before.objects,
    ]).toEqual([1, 1, 1]);
  });

  it("edits: fields changed, an attachment taken away and another added, at most 5 in all", async () => {
    const quota = (await call(school, "GET", "/files/storage-quota")).body.data.used;
    const [questions, worksheet] = fractions.attachments;
    const res = await send(
      ada,
      "PUT",
      `/assignments/${fractions.id}`,
      form({ ...fields, class: "JSS2", title: "Fractions, corrected", "remove[]": [String(questions.id)] }, [
        pdf("Answers.pdf", 500),
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(M.updated);
    expect(res.body.data).toMatchObject({ class_name: "JSS2", title: "Fractions, corrected" });
    expect(res.body.data.attachments.map((a: { original_name: string }) => a.original_name)).toEqual([
      "Worksheet.docx",
      "diagram.png",
      "Answers.pdf",
    ]);
    expect((await call(school, "GET", "/files/storage-quota")).body.data.used).toBe(quota - 1000 + 500);
    expect(
      (
        await api.fetch(`/api/admin/${ada.uniqueId}/assignments/${fractions.id}/attachments/${questions.id}`, {
          headers: ada.auth,
        })
      ).status,
    ).toBe(404);

    const before = await written();
    const tooMany = await send(
      ada,
      "PUT",
      `/assignments/${fractions.id}`,
      form(fields, [pdf("a.pdf"), pdf("b.pdf"), pdf("c.pdf")]),
    );
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.files).toEqual([M.tooManyFiles]);
    const theirs = await send(ada, "PUT", `/assignments/${fractions.id}`, form({ ...fields, subject: "English" }));
    expect(theirs.status).toBe(403);
    // A past due date is kept on an edit (the assignment may be past already).
    const past = await call(ada, "PUT", `/assignments/${fractions.id}`, {
      ...fields,
      due_date: "2026-11-01",
      "remove[]": [worksheet.id],
    });
    expect(past.status, JSON.stringify(past.body)).toBe(200);
    expect(past.body.data.attachments.length).toBe(2);
    expect((await written()).objects).toBe(before.objects - 1);
  });

  it("another teacher reaches none of them; the admin reads them all and changes none", async () => {
    const before = await written();
    expect(await list(bola)).toEqual([]);
    expect((await call(bola, "GET", `/assignments/${fractions.id}`)).status).toBe(404);
    expect(
      (await call(bola, "PUT", `/assignments/${fractions.id}`, { ...fields, class: "JSS1", subject: "English" }))
        .status,
    ).toBe(404);
    expect((await call(bola, "DELETE", `/assignments/${fractions.id}`)).status).toBe(404);
    const attachment = `/assignments/${fractions.id}/attachments/${fractions.attachments[2].id}`;
    expect((await api.fetch(`/api/admin/${bola.uniqueId}${attachment}`, { headers: bola.auth })).status).toBe(404);

    expect((await list(school)).length).toBeGreaterThan(0);
    expect((await call(school, "GET", `/assignments/${fractions.id}`)).body.data.teacher).toBe("Mrs. Ada Obi");
    expect((await api.fetch(`/api/admin/${school.uniqueId}${attachment}`, { headers: school.auth })).status).toBe(200);
    for (const res of [
      await call(school, "POST", "/assignments", fields),
      await call(school, "PUT", `/assignments/${fractions.id}`, fields),
      await call(school, "DELETE", `/assignments/${fractions.id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(T.readOnly);
    }
    expect(await written()).toEqual(before);
  });

  it("a teacher deletes their own: attachments' space freed, objects removed, the deletion audited", async () => {
    const before = await written();
    const count = (await call(ada, "GET", `/assignments/${fractions.id}`)).body.data.attachments.length;
    const res = await call(ada, "DELETE", `/assignments/${fractions.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.deleted);
    const after = await written();
    expect([after.rows.length, after.files, after.objects]).toEqual([
      before.rows.length - 1,
      before.files - count,
      before.objects - count,
    ]);
    expect((await call(ada, "GET", `/assignments/${fractions.id}`)).status).toBe(404);
    const log = (await call(school, "GET", "/audit-log?kind=deletion")).body.data.data as Array<{ summary: string }>;
    expect(log[0].summary).toBe("Deleted the assignment Fractions exercise (Mathematics, JSS1)");
  });

  it("another school sees none of them", async () => {
    const [one] = await list(school);
    expect(await list(other)).toEqual([]);
    expect((await call(other, "GET", `/assignments/${one.id}`)).status).toBe(404);
    expect((await call(ada, "GET", "/assignments/abc")).status).toBe(404);
  });
});
