import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, IMPORT_MESSAGES, type ImportPreview } from "../../contract/imports";
import { APP_MESSAGES, MESSAGES } from "../../contract/messages";
import { PARENT_MESSAGES } from "../../contract/parents";
import { STAFF_MESSAGES } from "../../contract/staff";
import { STUDENT_MESSAGES } from "../../contract/students";
import { SPREADSHEET_POOL, SPREADSHEET_RETRY_AFTER_SECONDS, spreadsheetPool } from "../../api/lib/spreadsheet";
import { DATABASE, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";
import { passwordProtectedBytes, sheetNames, sheetRows, xlsxBytes, xlsxFile } from "./spreadsheets";

/** Bulk import of students, parents and staff from spreadsheets (issue 10), on the real database. */
describe(`imports API on ${DATABASE}`, () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  const base = (s: RegisteredSchool) => `/api/admin/${s.uniqueId}`;
  function upload(s: RegisteredSchool, kind: string, file: File | null) {
    const form = new FormData();
    if (file) form.set("file", file);
    else form.set("file", new File([], "", { type: "application/octet-stream" }));
    return api.fetch(`${base(s)}/imports/${kind}`, { method: "POST", headers: s.auth, body: form });
  }
  async function checked(s: RegisteredSchool, kind: string, file: File): Promise<ImportPreview> {
    const res = await upload(s, kind, file);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    return body.data;
  }
  const commit = (s: RegisteredSchool, kind: string, token: string) =>
    api.fetch(`${base(s)}/imports/${kind}/${token}/commit`, { method: "POST", headers: s.auth });

  /** Imports one student under `admission`, so a later file's row with that number is refused. */
  const importStudentAdmittedAs = async (s: RegisteredSchool, admission: string) => {
    const preview = await checked(
      s,
      "students",
      xlsxFile([
        ["Name", "Class", "Gender", "Phone Number", "Admission Number"],
        ["Old Boy", "JSS1", "Male", "0803 000 0001", admission],
      ]),
    );
    expect((await commit(s, "students", preview.token)).status).toBe(200);
  };

  async function count(s: RegisteredSchool, path: string) {
    return ((await (await api.fetch(`${base(s)}${path}`, { headers: s.auth })).json()).data as { total: number }).total;
  }

  const studentHeader = ["Student Name", "class", "SEX", "Phone No", "E-mail", "Adm. No", "Favourite Colour"];
  const goodStudents = [
    studentHeader,
    ["Ada Obi", "JSS1", "Female", "0803 123 4567", "ada@example.com", "A/001", "Blue"],
    ["Bayo Ade", "JSS2", "male", "+234 803 123 4568", "", "A/002", ""],
    ["Chi Eze", "SS1", "Male", "08031234569", "", "", ""],
  ];

  describe("students", () => {
    it("gives a template: the columns and an example row, and a sheet explaining each with the school's classes", async () => {
      const s = await registerSchool(api);
      const res = await api.fetch(`${base(s)}/imports/students/template`, { headers: s.auth });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("spreadsheetml");
      expect(res.headers.get("content-disposition")).toContain("attachment");
      const bytes = await res.arrayBuffer();
      expect(sheetNames(bytes)).toEqual(["Students", "Explanations"]);
      const [headers, example] = sheetRows(bytes);
      expect(headers).toEqual(IMPORT_COLUMNS.students.map((c) => c.header));
      expect(example[0]).toBe("Chinedu Eze");
      const explained = sheetRows(bytes, 1);
      const classRow = explained.find((r) => r[0] === "Class")!;
      expect(classRow[1]).toBe("Yes");
      expect(classRow[3]).toContain("JSS1");
      expect(explained.find((r) => r[0] === "Gender")![3]).toBe("Male, Female");
      // The template itself imports: its example row is a valid student.
      const preview = await checked(s, "students", new File([bytes], "template.xlsx"));
      expect(preview).toMatchObject({ rows: 1, to_add: 1, problem_count: 0 });
    });

    it("checks a good file without writing, matches synonyms, names unknown columns, then imports every row once", async () => {
      const s = await registerSchool(api);
      const preview = await checked(s, "students", xlsxFile(goodStudents));
      expect(preview).toMatchObject({
        rows: 3,
        to_add: 3,
        problem_count: 0,
        problems: [],
        unknown_columns: ["Favourite Colour"],
        missing_columns: [],
        imported_at: null,
      });
      expect(preview.token).toMatch(/^[0-9a-f]{64}$/);
      expect(await count(s, "/students")).toBe(0);

      const res = await commit(s, "students", preview.token);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        message: IMPORT_MESSAGES.imported(3, "students"),
        data: { added: 3, already_imported: false },
      });
      const list = (await (await api.fetch(`${base(s)}/students?q=Bayo`, { headers: s.auth })).json()).data.data;
      expect(list[0].student_data).toMatchObject({
        name: "Bayo Ade",
        class: "JSS2",
        gender: "Male",
        phone_number: "+2348031234568",
        admission: "A/002",
      });

      // The same check committed again, or the same file sent again, adds nothing and says so.
      expect(await (await commit(s, "students", preview.token)).json()).toMatchObject({
        message: IMPORT_MESSAGES.alreadyImported,
        data: { added: 0, already_imported: true },
      });
      const again = await checked(s, "students", xlsxFile(goodStudents));
      expect(again.imported_at).not.toBeNull();
      expect(again).toMatchObject({ to_add: 0, problem_count: 0 });
      expect(await (await commit(s, "students", again.token)).json()).toMatchObject({
        data: { added: 0, already_imported: true },
      });
      expect(await count(s, "/students")).toBe(3);
    });

    it("two commits of the same file at once add its rows once", async () => {
      const s = await registerSchool(api);
      const a = await checked(s, "students", xlsxFile(goodStudents));
      const b = await checked(s, "students", xlsxFile(goodStudents));
      const answers = await Promise.all([commit(s, "students", a.token), commit(s, "students", b.token)]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      expect(await count(s, "/students")).toBe(3);
    });

    it("reads an .xls (Excel 97–2003) the same way", async () => {
      const s = await registerSchool(api);
      const preview = await checked(s, "students", xlsxFile(goodStudents, "old.xls", "xls"));
      expect(preview).toMatchObject({ rows: 3, to_add: 3 });
    });

    it("reports every bad row by row, column and the form's words; imports nothing; gives the rows back with a Problem column", async () => {
      const s = await registerSchool(api);
      await importStudentAdmittedAs(s, "TAKEN/1");
      const rows = [
        ["Name", "Class", "Gender", "Phone Number", "Email", "Admission Number"],
        ["Good Row", "JSS1", "Male", "0803 123 4567", "", "N/1"],
        ["", "JSS1", "Male", "0803 123 4567", "", ""],
        ["Bad Phone", "JSS1", "Male", "12", "", ""],
        ["Bad Class", "Primary 9", "Female", "0803 123 4567", "", ""],
        ["Bad Email", "JSS1", "Female", "0803 123 4567", "not-an-email", ""],
        ["Twin", "JSS1", "Female", "0803 123 4567", "", "N/1"],
        ["Taken", "JSS1", "Female", "0803 123 4567", "", "TAKEN/1"],
        ["No Gender", "JSS1", "", "0803 123 4567", "", ""],
      ];
      const preview = await checked(s, "students", xlsxFile(rows, "register.xlsx"));
      expect(preview).toMatchObject({ rows: 8, to_add: 0, rows_with_problems: 7, problem_count: 7 });
      expect(preview.problems).toEqual([
        { row: 3, column: "Name", message: STUDENT_MESSAGES.nameRequired },
        { row: 4, column: "Phone Number", message: APP_MESSAGES.invalidPhone },
        { row: 5, column: "Class", message: STUDENT_MESSAGES.classUnknown },
        { row: 6, column: "Email", message: APP_MESSAGES.invalidEmail },
        { row: 7, column: "Admission Number", message: IMPORT_MESSAGES.duplicateInFile("Admission Number", 2) },
        { row: 8, column: "Admission Number", message: STUDENT_MESSAGES.duplicateAdmission },
        { row: 9, column: "Gender", message: STUDENT_MESSAGES.genderRequired },
      ]);
      const res = await commit(s, "students", preview.token);
      expect(res.status).toBe(422);
      expect((await res.json()).message).toBe(IMPORT_MESSAGES.hasProblems);
      expect(await count(s, "/students")).toBe(1);

      const file = await api.fetch(`${base(s)}/imports/students/${preview.token}/problems`, { headers: s.auth });
      expect(file.status).toBe(200);
      expect(file.headers.get("content-disposition")).toContain("register%20-%20problems.xlsx");
      const back = sheetRows(await file.arrayBuffer());
      expect(back[0]).toEqual([...rows[0], "Problem"]);
      expect(back.slice(1).map((r) => r[0])).toEqual([
        "",
        "Bad Phone",
        "Bad Class",
        "Bad Email",
        "Twin",
        "Taken",
        "No Gender",
      ]);
      expect(back[2][6]).toBe(`Phone Number: ${APP_MESSAGES.invalidPhone}`);

      // The rows fixed and sent back import.
      const fixed = [
        rows[0],
        ...back
          .slice(1)
          .map((r, i) => [
            r[0] || "Named Now",
            r[1] === "Primary 9" ? "JSS2" : r[1],
            r[2] || "Male",
            r[3] === "12" ? "0803 123 4567" : r[3],
            r[4] === "not-an-email" ? "" : r[4],
            r[5] ? `FIXED/${i}` : "",
          ]),
      ];
      const again = await checked(s, "students", xlsxFile(fixed));
      expect(again).toMatchObject({ to_add: 7, problem_count: 0 });
      expect((await commit(s, "students", again.token)).status).toBe(200);
      expect(await count(s, "/students")).toBe(8);
    });

    it("names every problem of a row in one check: an unknown class and a taken admission number beside a bad gender and a bad phone", async () => {
      const s = await registerSchool(api);
      await importStudentAdmittedAs(s, "TAKEN/1");
      const preview = await checked(
        s,
        "students",
        xlsxFile([
          ["Name", "Class", "Gender", "Phone Number", "Admission Number"],
          ["Tobi Ade", "JSS9", "Boy", "1", "TAKEN/1"],
        ]),
      );
      expect(preview).toMatchObject({ rows: 1, to_add: 0, rows_with_problems: 1, problem_count: 4 });
      expect([...preview.problems].sort((a, b) => a.column.localeCompare(b.column))).toEqual([
        { row: 2, column: "Admission Number", message: STUDENT_MESSAGES.duplicateAdmission },
        { row: 2, column: "Class", message: STUDENT_MESSAGES.classUnknown },
        { row: 2, column: "Gender", message: STUDENT_MESSAGES.genderInvalid },
        { row: 2, column: "Phone Number", message: APP_MESSAGES.invalidPhone },
      ]);
    });

    it("a record added between the check and the commit makes the commit refuse, writing nothing", async () => {
      const s = await registerSchool(api);
      const preview = await checked(s, "students", xlsxFile(goodStudents));
      const single = {
        name: "Racer",
        selectedClass: "JSS1",
        gender: "Male",
        phone_number: "0803 123 4567",
        admission: "A/001",
      };
      expect(
        (
          await api.fetch(`${base(s)}/students`, {
            method: "POST",
            headers: { ...s.auth, "Content-Type": "application/json" },
            body: JSON.stringify({ student_data: single }),
          })
        ).status,
      ).toBe(201);
      const res = await commit(s, "students", preview.token);
      expect(res.status).toBe(422);
      expect((await res.json()).data.problems).toEqual([
        { row: 2, column: "Admission Number", message: STUDENT_MESSAGES.duplicateAdmission },
      ]);
      expect(await count(s, "/students")).toBe(1);
    });

    it.each<[string, () => File | null, string]>([
      ["no file", () => null, MESSAGES.noFileSelected],
      ["a text file named .xlsx", () => new File(["name,class\nAda,JSS1\n"], "students.xlsx"), MESSAGES.excelOnly],
      [
        "a PNG named .xls",
        () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], "students.xls"),
        MESSAGES.excelOnly,
      ],
      [
        "a zip that is no workbook",
        () => new File([new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)])], "students.xlsx"),
        MESSAGES.excelOnly,
      ],
      [
        "a password-protected file",
        () => new File([passwordProtectedBytes()], "locked.xlsx"),
        IMPORT_MESSAGES.passwordProtected,
      ],
      [
        "an empty sheet (headers only)",
        () => xlsxFile([["Name", "Class", "Gender", "Phone Number"]]),
        IMPORT_MESSAGES.emptySheet,
      ],
      [
        "a file over 5 MB",
        () => new File([new Uint8Array(5_242_881).fill(0x50)], "big.xlsx"),
        IMPORT_MESSAGES.tooLarge,
      ],
    ])("refuses %s with its message on the field, writing nothing", async (_, file, message) => {
      const s = await registerSchool(api);
      const res = await upload(s, "students", file());
      expect(res.status).toBe(422);
      expect((await res.json()).errors).toEqual({ file: [message] });
      expect(await count(s, "/students")).toBe(0);
    });

    it(`refuses more than ${IMPORT_MAX_ROWS} rows, naming the cap; exactly the cap is read`, async () => {
      const s = await registerSchool(api);
      const row = (i: number) => [`Student ${i}`, "JSS1", "Male", "0803 123 4567"];
      const header = ["Name", "Class", "Gender", "Phone Number"];
      const over = xlsxFile([header, ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => row(i))]);
      const res = await upload(s, "students", over);
      expect(res.status).toBe(422);
      expect((await res.json()).errors.file[0]).toContain("10,000 rows");
      const exact = await checked(
        s,
        "students",
        xlsxFile([header, ...Array.from({ length: IMPORT_MAX_ROWS }, (_, i) => row(i))]),
      );
      expect(exact).toMatchObject({ rows: IMPORT_MAX_ROWS, to_add: IMPORT_MAX_ROWS });
    }, 60_000);

    it("more large files at once than threads and queue: the extra ones answer 503 with Retry-After, the rest are read, two threads at most", async () => {
      const s = await registerSchool(api);
      const row = (i: number) => [`Student ${i}`, "JSS1", "Male", "0803 123 4567"];
      const large = xlsxFile([
        ["Name", "Class", "Gender", "Phone Number"],
        ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => row(i)),
      ]);
      const { threads, queue } = SPREADSHEET_POOL;
      const answers = await Promise.all(
        Array.from({ length: 2 * (threads + queue) }, () => upload(s, "students", large)),
      );
      const bodies = await Promise.all(answers.map((r) => r.json()));
      const busy = answers.flatMap((r, i) =>
        r.status === 503 ? [{ retryAfter: r.headers.get("retry-after"), body: bodies[i] }] : [],
      );
      const read = answers.filter((r) => r.status === 422);
      expect(busy.length + read.length, JSON.stringify(answers.map((r) => r.status))).toBe(answers.length);
      expect(busy.length).toBeGreaterThan(0);
      expect(read.length).toBeGreaterThanOrEqual(threads);
      expect(read.length).toBeLessThanOrEqual(answers.length - 1);
      for (const refusal of busy)
        expect(refusal).toEqual({
          retryAfter: String(SPREADSHEET_RETRY_AFTER_SECONDS),
          body: { message: IMPORT_MESSAGES.busy },
        });
      for (const body of bodies.filter((b) => !("message" in b && b.message === IMPORT_MESSAGES.busy)))
        expect(body.errors.file[0]).toContain("10,000 rows");
      // Memory stays bounded: never more than two threads of 256 MB, however many files came at once.
      expect(spreadsheetPool().peakThreads).toBeLessThanOrEqual(threads);
      // The process goes on, and the next file is read.
      expect(await checked(s, "students", xlsxFile(goodStudents))).toMatchObject({ rows: 3, to_add: 3 });
    }, 120_000);

    it("POST /students/bulkRegister imports JSON rows at once, or answers 422 with each row's problem", async () => {
      const s = await registerSchool(api);
      const post = (students: unknown) =>
        api.fetch(`${base(s)}/students/bulkRegister`, {
          method: "POST",
          headers: { ...s.auth, "Content-Type": "application/json" },
          body: JSON.stringify({ students }),
        });
      const bad = await post([
        { name: "Ok", class: "JSS1", gender: "Male", phone_number: "08031234567" },
        { name: "No Phone", class: "JSS1", gender: "Male" },
      ]);
      expect(bad.status).toBe(422);
      expect((await bad.json()).errors.rows).toEqual([`Row 3, Phone Number: ${STUDENT_MESSAGES.phoneRequired}`]);
      expect(await count(s, "/students")).toBe(0);
      const rows = [
        { name: "Ok", class: "JSS1", gender: "Male", phone_number: "08031234567", subjects: ["Mathematics"] },
      ];
      const good = await post(rows);
      expect(good.status).toBe(201);
      expect((await good.json()).data).toEqual({ added: 1, already_imported: false });
      expect((await post(rows)).status).toBe(200);
      expect(await count(s, "/students")).toBe(1);
    });

    it("a check is another school's business: its token answers 404 there", async () => {
      const a = await registerSchool(api);
      const b = await registerSchool(api);
      const preview = await checked(a, "students", xlsxFile(goodStudents));
      expect((await api.fetch(`${base(b)}/imports/students/${preview.token}`, { headers: b.auth })).status).toBe(404);
      expect((await commit(b, "students", preview.token)).status).toBe(404);
      expect((await api.fetch(`${base(a)}/imports/parents/${preview.token}`, { headers: a.auth })).status).toBe(404);
      expect(await count(a, "/students")).toBe(0);
    });

    it("a check expires after an hour", async () => {
      const s = await registerSchool(api);
      const preview = await checked(s, "students", xlsxFile(goodStudents));
      api.clock.now = new Date(api.clock.now.getTime() + 61 * 60 * 1000);
      try {
        const res = await commit(s, "students", preview.token);
        expect(res.status).toBe(404);
        expect((await res.json()).message).toBe(IMPORT_MESSAGES.expired);
      } finally {
        api.clock.now = new Date(api.clock.now.getTime() - 61 * 60 * 1000);
      }
    });
  });

  describe("parents", () => {
    const header = ["Parent Name", "Email Address", "Phone Number", "Children"];
    /** A school whose students are the good file's. */
    const schoolWithStudents = async () => {
      const s = await registerSchool(api);
      await checked(s, "students", xlsxFile(goodStudents)).then((p) => commit(s, "students", p.token));
      return s;
    };

    it("links children named by admission number; reports unknown ones, duplicates and a third parent", async () => {
      const s = await schoolWithStudents();
      const bad = await checked(
        s,
        "parents",
        xlsxFile(
          [
            header,
            ["Mrs. Obi", "obi@example.com", "0805 111 2222", "A/001, A/002"],
            ["Mr. Obi", "mr.obi@example.com", "0805 111 3333", "A/001"],
            ["Auntie", "auntie@example.com", "0805 111 4444", "A/001"],
            ["Twin Email", "OBI@example.com", "0805 111 5555", ""],
            ["Ghost", "ghost@example.com", "0805 111 6666", "Z/999"],
            ["No Email", "", "0805 111 7777", ""],
          ],
          "parents.xlsx",
        ),
      );
      expect(bad.problems).toEqual([
        { row: 4, column: "Children", message: PARENT_MESSAGES.twoParents("Ada Obi") },
        { row: 5, column: "Email", message: IMPORT_MESSAGES.duplicateInFile("Email", 2) },
        { row: 6, column: "Children", message: IMPORT_MESSAGES.unknownAdmission("Z/999") },
        { row: 7, column: "Email", message: "Email is required" },
      ]);
      expect((await commit(s, "parents", bad.token)).status).toBe(422);
      expect(await count(s, "/stu-parents")).toBe(0);

      const good = await checked(
        s,
        "parents",
        xlsxFile([
          header,
          ["Mrs. Obi", "obi@example.com", "0805 111 2222", "A/001, A/002"],
          ["Mr. Obi", "mr.obi@example.com", "0805 111 3333", "A/001"],
        ]),
      );
      expect(good).toMatchObject({ to_add: 2, problem_count: 0 });
      expect(await (await commit(s, "parents", good.token)).json()).toMatchObject({
        message: IMPORT_MESSAGES.imported(2, "parents"),
      });
      // An import writes the sort key with the name, as every write does.
      expect(
        await api.db
          .selectFrom("parents")
          .select(["name", "sort_name"])
          .where("email", "like", "%obi@example.com")
          .execute(),
      ).toEqual(
        expect.arrayContaining([
          { name: "Mrs. Obi", sort_name: "obi" },
          { name: "Mr. Obi", sort_name: "obi" },
        ]),
      );
      const list = (await (await api.fetch(`${base(s)}/stu-parents?q=Mrs`, { headers: s.auth })).json()).data.data;
      expect(list[0].children.map((c: { student_data: { name: string } }) => c.student_data.name)).toEqual([
        "Ada Obi",
        "Bayo Ade",
      ]);
      // Now in the school: the same people again are duplicates of its records.
      const again = await checked(
        s,
        "parents",
        xlsxFile([
          header,
          ["Mrs. Obi", "obi@example.com", "0805 999 2222", ""],
          ["Other", "other@example.com", "+234 805 111 3333", ""],
          ["Third", "third@example.com", "0805 999 4444", "A/001"],
          ["Fine", "fine@example.com", "0805 999 5555", "A/002"],
        ]),
      );
      expect(again.problems).toEqual([
        { row: 2, column: "Email", message: PARENT_MESSAGES.duplicateEmail },
        { row: 3, column: "Phone", message: PARENT_MESSAGES.duplicatePhone },
        { row: 4, column: "Children", message: PARENT_MESSAGES.twoParents("Ada Obi") },
      ]);
      // A row with a problem of its own is still looked up in the school: every problem in one check.
      const both = await checked(s, "parents", xlsxFile([header, ["Mrs. Obi", "OBI@example.com", "1", ""]]));
      expect(both.problems).toEqual([
        { row: 2, column: "Email", message: PARENT_MESSAGES.duplicateEmail },
        { row: 2, column: "Phone", message: APP_MESSAGES.invalidPhone },
      ]);
    });

    it("a parent added between the check and the commit, or a child's second parent, makes the commit refuse, writing nothing", async () => {
      const s = await schoolWithStudents();
      const preview = await checked(
        s,
        "parents",
        xlsxFile([
          header,
          ["Mrs. Obi", "obi@example.com", "0805 111 2222", "A/001"],
          ["Mr. Obi", "mr.obi@example.com", "0805 111 3333", "A/001"],
        ]),
      );
      expect(preview).toMatchObject({ to_add: 2, problem_count: 0 });
      const add = (data: Record<string, unknown>) =>
        api.fetch(`${base(s)}/stu-parents`, {
          method: "POST",
          headers: { ...s.auth, "Content-Type": "application/json" },
          body: JSON.stringify({ parent_data: data }),
        });
      const ada = (await (await api.fetch(`${base(s)}/students?q=Ada`, { headers: s.auth })).json()).data.data[0];
      expect(
        (await add({ name: "Racer", email: "racer@example.com", phone: "0805 111 2222", children: [ada.unique_id] }))
          .status,
      ).toBe(201);
      const res = await commit(s, "parents", preview.token);
      expect(res.status).toBe(422);
      expect((await res.json()).data.problems).toEqual([
        { row: 2, column: "Phone", message: PARENT_MESSAGES.duplicatePhone },
        { row: 3, column: "Children", message: PARENT_MESSAGES.twoParents("Ada Obi") },
      ]);
      expect(await count(s, "/stu-parents")).toBe(1);
    });

    it("POST /stu-parents/bulkRegister takes the rows as JSON", async () => {
      const s = await registerSchool(api);
      const res = await api.fetch(`${base(s)}/stu-parents/bulkRegister`, {
        method: "POST",
        headers: { ...s.auth, "Content-Type": "application/json" },
        body: JSON.stringify({ parents: [{ name: "Mrs. Ade", email: "ade@example.com", phone: "0805 000 1111" }] }),
      });
      expect(res.status).toBe(201);
      expect(await count(s, "/stu-parents")).toBe(1);
    });
  });

  describe("staff", () => {
    it("takes the classes and subjects taught and the form class by the staff form's rules: one form teacher per class, in the file and in the school", async () => {
      const s = await registerSchool(api);
      const header = ["Staff Name", "Email", "Phone", "Role", "Teaching Staff", "Form Teacher", "Classes and Subjects"];
      const bakare = [
        "Mr. Bakare",
        "bakare@example.com",
        "0806 111 2222",
        "Maths Teacher",
        "Yes",
        "JSS1",
        "JSS1: Mathematics, French; JSS2: Mathematics",
      ];
      const bad = await checked(
        s,
        "staff",
        xlsxFile(
          [
            header,
            bakare,
            ["Mrs. Ojo", "ojo@example.com", "0806 111 3333", "", "yes", "JSS1", ""],
            ["Mr. Bello", "bello@example.com", "0806 111 4444", "", "Maybe", "", ""],
            [
              "Mr. Eze",
              "eze@example.com",
              "0806 111 5555",
              "",
              "Yes",
              "Primary 9",
              "JSS1: Knitting; Year 9: Mathematics",
            ],
            ["Mr. Okafor", "okafor@example.com", "0806 111 7777", "", "Yes", "", "JSS1 Mathematics"],
            ["Mrs. Twice", "twice@example.com", "0806 111 8888", "", "Yes", "", "SS1: Physics, Physics"],
          ],
          "staff.xlsx",
        ),
      );
      expect(bad.problems).toEqual([
        { row: 3, column: "Form Class", message: IMPORT_MESSAGES.formClassInFile("JSS1", 2) },
        { row: 4, column: "Teaching Staff", message: IMPORT_MESSAGES.yesOrNo },
        { row: 5, column: "Form Class", message: STAFF_MESSAGES.classUnknown },
        {
          row: 5,
          column: "Classes and Subjects",
          message: `JSS1 Knitting: ${STAFF_MESSAGES.subjectUnknown("JSS1")}`,
        },
        { row: 5, column: "Classes and Subjects", message: `Year 9 Mathematics: ${STAFF_MESSAGES.classUnknown}` },
        { row: 6, column: "Classes and Subjects", message: STAFF_MESSAGES.teachingText },
        { row: 7, column: "Classes and Subjects", message: `SS1 Physics: ${STAFF_MESSAGES.pairTwice}` },
      ]);
      const good = await checked(
        s,
        "staff",
        xlsxFile([header, bakare, ["Mr. Gate", "gate@example.com", "0806 111 6666", "Security", "No", "", ""]]),
      );
      expect((await commit(s, "staff", good.token)).status).toBe(200);
      const list = (await (await api.fetch(`${base(s)}/staffs?q=Bakare`, { headers: s.auth })).json()).data.data;
      expect(list[0].staff_data).toMatchObject({
        is_teaching_staff: true,
        form_teacher: "JSS1",
        teaching: [
          { class: "JSS1", subject: "French" },
          { class: "JSS1", subject: "Mathematics" },
          { class: "JSS2", subject: "Mathematics" },
        ],
        position: "Maths Teacher",
      });
      expect(await count(s, "/staffs?type=non-teaching")).toBe(1);
      const taken = await checked(
        s,
        "staff",
        xlsxFile([header, ["Mrs. New", "new@example.com", "0806 999 0000", "", "Yes", "JSS1", ""]]),
      );
      expect(taken.problems).toEqual([
        { row: 2, column: "Form Class", message: STAFF_MESSAGES.formClassTaken("Mr. Bakare", "JSS1") },
      ]);
      const contacts = await checked(
        s,
        "staff",
        xlsxFile([
          header,
          ["Mr. Twin", "BAKARE@example.com", "0806 999 0001", "", "No", "", ""],
          ["Mrs. Line", "line@example.com", "+2348061112222", "", "No", "", ""],
        ]),
      );
      expect(contacts.problems).toEqual([
        { row: 2, column: "Email", message: STAFF_MESSAGES.duplicateEmail },
        { row: 3, column: "Phone", message: STAFF_MESSAGES.duplicatePhone },
      ]);
      // A row with a problem of its own is still looked up in the school: every problem in one check.
      const all = await checked(
        s,
        "staff",
        xlsxFile([header, ["Mrs. Late", "BAKARE@example.com", "1", "", "Yes", "JSS1", ""]]),
      );
      expect(all.problems).toEqual([
        { row: 2, column: "Email", message: STAFF_MESSAGES.duplicateEmail },
        { row: 2, column: "Phone", message: APP_MESSAGES.invalidPhone },
        { row: 2, column: "Form Class", message: STAFF_MESSAGES.formClassTaken("Mr. Bakare", "JSS1") },
      ]);
    });

    it("POST /staffs/bulkRegister takes the rows as JSON", async () => {
      const s = await registerSchool(api);
      const res = await api.fetch(`${base(s)}/staffs/bulkRegister`, {
        method: "POST",
        headers: { ...s.auth, "Content-Type": "application/json" },
        body: JSON.stringify({
          staff: [
            {
              name: "Mr. Ade",
              email: "ade@example.com",
              phone: "0805 000 1111",
              is_teaching_staff: true,
              "Classes and Subjects": "SS1: Physics; SS2: Physics",
            },
          ],
        }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      expect(await count(s, "/staffs")).toBe(1);
      const listed = (await (await api.fetch(`${base(s)}/staffs`, { headers: s.auth })).json()).data.data;
      expect(listed[0].staff_data.teaching).toEqual([
        { class: "SS1", subject: "Physics" },
        { class: "SS2", subject: "Physics" },
      ]);
    });
  });

  it("a template for each kind, and an unknown kind is not found", async () => {
    const s = await registerSchool(api);
    for (const kind of ["parents", "staff"] as const) {
      const bytes = await (await api.fetch(`${base(s)}/imports/${kind}/template`, { headers: s.auth })).arrayBuffer();
      expect(sheetRows(bytes)[0]).toEqual(IMPORT_COLUMNS[kind].map((c) => c.header));
    }
    expect((await api.fetch(`${base(s)}/imports/teachers/template`, { headers: s.auth })).status).toBe(404);
    expect(xlsxBytes([["a"]]).length).toBeGreaterThan(0);
  });
});
