import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILE_MESSAGES } from "../../contract/files";
import { MESSAGES } from "../../contract/messages";
import { NOTE_MESSAGES as M, type LessonNote } from "../../contract/notes";
import { TEACHING_FILE_MESSAGES as T } from "../../contract/teaching-files";
import { pdfBytes, SAMPLES } from "./file-samples";
import { DATABASE, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";
import { schoolCalls } from "./school-calls";
import { schoolWithClasses, signedInTeacher } from "./teachers";

/**
 * Lesson notes on the real database and storage: a teacher uploads, lists, downloads and deletes their own, for
 * the classes and subjects their staff record lists; every refusal beside its field with nothing written (no row,
 * no space taken, no stored object); the admins read every teacher's and review one (audited); another school's
 * notes are never reached.
 */
describe(`lesson notes on ${DATABASE}`, { timeout: 180_000 }, () => {
  const QUOTA = 60_000;
  let api: TestApi;
  let school: RegisteredSchool;
  let other: RegisteredSchool;
  let ada: RegisteredSchool & { id: number };
  let bola: RegisteredSchool & { id: number };
  const { call } = schoolCalls(() => api);

  const file = (bytes: Buffer, name: string, type = "application/octet-stream") =>
    new File([new Uint8Array(bytes)], name, { type });
  const pdf = (name = "Week 1 Fractions.pdf", size = 1000) => file(pdfBytes(size), name, "application/pdf");
  function noteForm(fields: Record<string, string>, files: File[] = [pdf()]) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    for (const f of files) form.append("file", f);
    return form;
  }
  const maths = { class: "JSS1", subject: "Mathematics", week: "1" };
  async function upload(who: RegisteredSchool, form: FormData, key?: string) {
    const res = await api.fetch(`/api/admin/${who.uniqueId}/notes`, {
      method: "POST",
      headers: { ...who.auth, ...(key ? { "Idempotency-Key": key } : {}) },
      body: form,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked by the tests
    return { status: res.status, body: (await res.json()) as any };
  }
  const download = (who: RegisteredSchool, id: number) =>
    api.fetch(`/api/admin/${who.uniqueId}/notes/${id}/download`, { headers: who.auth });
  const list = async (who: RegisteredSchool, query = "") =>
    (await call(who, "GET", `/notes${query}`)).body.data.data as LessonNote[];

  /** What an upload writes: the rows, the school's counted space and the stored objects. */
  async function written() {
    const rows = await api.db.selectFrom("lesson_notes").select("id").execute();
    const used = await api.db.selectFrom("school_storage").select(["school_id", "used_bytes"]).execute();
    const objects = fs.existsSync(api.uploadsDir)
      ? fs.readdirSync(api.uploadsDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
      : 0;
    return { rows: rows.length, used: used.map((u) => `${u.school_id}:${u.used_bytes}`).sort(), objects };
  }

  beforeAll(async () => {
    api = await startApi({ storageQuotaBytes: QUOTA });
    api.clock.now = new Date("2026-11-25T09:00:00Z");
    school = await registerSchool(api, { school_name: "Notes Academy" });
    other = await registerSchool(api, { school_name: "Other Notes Academy" });
    await schoolWithClasses(api, school);
    ada = await signedInTeacher(api, school, "Mrs. Ada Obi", [
      { class: "JSS1", subject: "Mathematics" },
      { class: "JSS2", subject: "English" },
    ]);
    bola = await signedInTeacher(api, school, "Mr. Bola Ade", [{ class: "JSS1", subject: "English" }]);
  });
  afterAll(() => api.close());

  it("a teacher uploads a PDF, a Word document and a picture for their own pairs; list, quota and download follow", async () => {
    const before = await written();
    const first = await upload(ada, noteForm(maths));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.message).toBe(M.uploaded);
    expect(first.body.data).toMatchObject({
      class_name: "JSS1",
      subject: "Mathematics",
      week: 1,
      teacher: "Mrs. Ada Obi",
      original_name: "Week 1 Fractions.pdf",
      size: 1000,
      mime_type: "application/pdf",
      reviewed_at: null,
      term: expect.any(String),
      session: expect.any(String),
    });
    const word = await upload(
      ada,
      noteForm({ class: "JSS2", subject: "English", week: "3" }, [file(SAMPLES.docx, "Comprehension.docx")]),
    );
    expect(word.status, JSON.stringify(word.body)).toBe(201);
    expect(word.body.data.mime_type).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    const picture = await upload(ada, noteForm({ ...maths, week: "2" }, [file(SAMPLES.png, "board.png")]));
    expect(picture.status).toBe(201);
    const after = await written();
    expect(after.rows - before.rows).toBe(3);
    expect(after.objects - before.objects).toBe(3);
    const quota = (await call(school, "GET", "/files/storage-quota")).body.data;
    expect(quota.used).toBe(1000 + SAMPLES.docx.length + SAMPLES.png.length);

    expect((await list(ada)).map((n) => n.original_name)).toEqual([
      "board.png",
      "Comprehension.docx",
      "Week 1 Fractions.pdf",
    ]);
    expect((await list(ada, "?class=JSS1&week=2")).map((n) => n.original_name)).toEqual(["board.png"]);
    const res = await download(ada, first.body.data.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain("attachment");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await res.arrayBuffer()).equals(pdfBytes(1000))).toBe(true);
  });

  const tooLarge = file(Buffer.concat([pdfBytes(1000), Buffer.alloc(5_242_880)]), "huge.pdf", "application/pdf");
  it.each([
    ["no file", noteForm(maths, []), "file", M.fileRequired],
    ["a week of 0", noteForm({ ...maths, week: "0" }), "week", M.weekInvalid],
    ["a week of 15", noteForm({ ...maths, week: "15" }), "week", M.weekInvalid],
    ["a week that is not a number", noteForm({ ...maths, week: "two" }), "week", M.weekInvalid],
    ["no week", noteForm({ class: "JSS1", subject: "Mathematics" }), "week", M.weekInvalid],
    ["no class", noteForm({ subject: "Mathematics", week: "1" }), "class", T.chooseClass],
    ["no subject", noteForm({ class: "JSS1", week: "1" }), "subject", T.chooseClass],
    [
      "a spreadsheet",
      noteForm(maths, [file(SAMPLES.xlsx, "marks.xlsx")]),
      "file",
      T.typeRefused.replace("{names}", "marks.xlsx"),
    ],
    [
      "a program",
      noteForm(maths, [file(SAMPLES.exe, "notes.pdf")]),
      "file",
      T.typeRefused.replace("{names}", "notes.pdf"),
    ],
    [
      "a web page",
      noteForm(maths, [file(SAMPLES.html, "notes.html")]),
      "file",
      T.typeRefused.replace("{names}", "notes.html"),
    ],
    [
      "an empty file",
      noteForm(maths, [file(Buffer.alloc(0), "empty.pdf")]),
      "file",
      FILE_MESSAGES.emptyFiles.replace("{names}", "empty.pdf"),
    ],
    ["two files", noteForm(maths, [pdf("a.pdf"), pdf("b.pdf")]), "file", M.oneFile],
    ["a file over 5 MB", noteForm(maths, [tooLarge]), "file", MESSAGES.uploadTooLarge.replace("{names}", "huge.pdf")],
  ])("refuses %s beside its field and writes nothing", async (_, form, field, message) => {
    const before = await written();
    const res = await upload(ada, form);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    expect(await written()).toEqual(before);
    expect(fs.readdirSync(api.tempDir)).toEqual([]);
  });

  it("refuses a class or subject the teacher does not teach (403 beside the subject), writing nothing", async () => {
    const before = await written();
    for (const pair of [
      { class: "JSS1", subject: "English" },
      { class: "JSS2", subject: "Mathematics" },
      { class: "SS3", subject: "Physics" },
    ]) {
      const res = await upload(ada, noteForm({ ...pair, week: "1" }));
      expect(res.status).toBe(403);
      expect(res.body.errors.subject).toEqual([T.notTaught(pair.subject, pair.class)]);
    }
    expect(await written()).toEqual(before);
  });

  it("refuses a note past the school's storage quota, writing nothing", async () => {
    const before = await written();
    const res = await upload(ada, noteForm(maths, [pdf("big.pdf", QUOTA)]));
    expect(res.status).toBe(422);
    expect(res.body.errors.file[0]).toMatch(/^Not enough storage space/);
    expect(await written()).toEqual(before);
  });

  it("a re-sent upload (same key) makes one note, also when sent three times at once", async () => {
    const key = "note-key-0123456789";
    const first = await upload(ada, noteForm({ ...maths, week: "5" }), key);
    const again = await upload(ada, noteForm({ ...maths, week: "5" }), key);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.data.id).toBe(first.body.data.id);
    const before = await written();
    const racing = await Promise.all(
      [1, 2, 3].map(() => upload(ada, noteForm({ ...maths, week: "6" }), "note-race-0123456789")),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(racing.map((r) => r.body.data.id)).size).toBe(1);
    const after = await written();
    expect(after.rows - before.rows).toBe(1);
    expect(after.objects - before.objects).toBe(1);
    expect((await list(ada, "?week=6")).length).toBe(1);
  });

  it("another teacher neither sees, downloads nor deletes a teacher's notes", async () => {
    const [note] = await list(ada);
    expect(await list(bola)).toEqual([]);
    expect((await call(bola, "GET", `/notes/${note.id}`)).status).toBe(404);
    expect((await call(ada, "GET", `/notes/${note.id}`)).body.data).toEqual(note);
    expect((await download(bola, note.id)).status).toBe(404);
    const before = await written();
    const res = await call(bola, "DELETE", `/notes/${note.id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(M.notFound);
    expect(await written()).toEqual(before);
    expect((await call(bola, "POST", `/notes/${note.id}/review`, { comment: "Mine now" })).status).toBe(403);
  });

  it("the admin reads every teacher's notes, may not upload or delete, and reviews one (audited)", async () => {
    const bolaNote = await upload(bola, noteForm({ class: "JSS1", subject: "English", week: "1" }));
    expect(bolaNote.status).toBe(201);
    const all = await list(school);
    expect(new Set(all.map((n) => n.teacher))).toEqual(new Set(["Mrs. Ada Obi", "Mr. Bola Ade"]));
    expect((await list(school, "?subject=English&class=JSS1")).map((n) => n.teacher)).toEqual(["Mr. Bola Ade"]);
    expect((await download(school, bolaNote.body.data.id)).status).toBe(200);

    const before = await written();
    const refused = await upload(school, noteForm(maths));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(T.readOnly);
    const deleting = await call(school, "DELETE", `/notes/${bolaNote.body.data.id}`);
    expect(deleting.status).toBe(403);
    expect(await written()).toEqual(before);

    for (const [body, message] of [
      [{}, M.commentRequired],
      [{ comment: "   " }, M.commentRequired],
      [{ comment: "x".repeat(501) }, M.commentTooLong],
    ] as const) {
      const res = await call(school, "POST", `/notes/${bolaNote.body.data.id}/review`, body);
      expect(res.status).toBe(422);
      expect(res.body.errors.comment).toEqual([message]);
    }
    expect((await list(bola))[0].reviewed_at).toBeNull();
    const reviewed = await call(school, "POST", `/notes/${bolaNote.body.data.id}/review`, {
      comment: "Good objectives; add an evaluation.",
    });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body.message).toBe(M.reviewed);
    expect((await list(bola))[0]).toMatchObject({
      reviewed_by: "Main admin",
      review_comment: "Good objectives; add an evaluation.",
      reviewed_at: expect.any(String),
    });
    const log = (await call(school, "GET", "/audit-log?kind=approval")).body.data.data as Array<{ summary: string }>;
    expect(log[0].summary).toBe("Reviewed Mr. Bola Ade's lesson note Week 1 Fractions.pdf (English, JSS1)");
    expect((await call(school, "POST", "/notes/999999/review", { comment: "x" })).status).toBe(404);
  });

  it("a teacher deletes their own note: its space is freed, its object removed, the deletion audited", async () => {
    const [note] = await list(ada);
    const before = await written();
    const quota = (await call(school, "GET", "/files/storage-quota")).body.data.used;
    const res = await call(ada, "DELETE", `/notes/${note.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.deleted);
    const after = await written();
    expect([after.rows, after.objects]).toEqual([before.rows - 1, before.objects - 1]);
    expect((await call(school, "GET", "/files/storage-quota")).body.data.used).toBe(quota - note.size);
    expect((await call(ada, "DELETE", `/notes/${note.id}`)).status).toBe(404);
    expect((await download(ada, note.id)).status).toBe(404);
    const log = (await call(school, "GET", "/audit-log?kind=deletion")).body.data.data as Array<{ summary: string }>;
    expect(log[0].summary).toContain(`Deleted the lesson note ${note.original_name}`);
  });

  it("another school sees none of them, and reaches none by id", async () => {
    const [note] = await list(school);
    expect(await list(other)).toEqual([]);
    expect((await download(other, note.id)).status).toBe(404);
    expect((await call(other, "POST", `/notes/${note.id}/review`, { comment: "x" })).status).toBe(404);
    for (const id of ["0", "abc", "99999999999"])
      expect((await download(ada, id as unknown as number)).status).toBe(404);
  });
});
