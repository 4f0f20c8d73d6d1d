import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportPreview,
} from "../../contract/imports";
import { APP_MESSAGES, MESSAGES } from "../../contract/messages";
import { PARENT_MESSAGES } from "../../contract/parents";
import { STAFF_MESSAGES } from "../../contract/staff";
import { STUDENT_MESSAGES } from "../../contract/students";
import { SPREADSHEET_POOL, SPREADSHEET_RETRY_AFTER_SECONDS, spreadsheetPool } from "../../api/lib/spreadsheet";
import { DATABASE, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";
import {
  csvText,
  passwordProtectedBytes,
  SHEET_FORMATS,
  sheetFile,
  sheetNames,
  sheetRows,
  xlsxBytes,
  xlsxFile,
} from "./spreadsheets";

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
          ["Tobi Ade", "JSS9", "Child", "1", "TAKEN/1"],
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
      [
        "a text file named .xlsx",
        () => new File(["name,class\nAda,JSS1\n"], "students.xlsx"),
        IMPORT_MESSAGES.notASpreadsheet,
      ],
      [
        "a PNG named .xls",
        () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], "students.xls"),
        IMPORT_MESSAGES.notASpreadsheet,
      ],
      [
        "a zip that is no workbook",
        () => new File([new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)])], "students.xlsx"),
        IMPORT_MESSAGES.notASpreadsheet,
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
      expect((await res.json()).errors.file).toEqual([IMPORT_MESSAGES.rowPastLimit(IMPORT_MAX_ROWS + 2)]);
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
      // Memory stays bounded: never more than two threads of 96 MB, however many files came at once.
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

  describe("files as schools keep them", () => {
    /**
     * A student list as typed by hand: a title and a blank row above headers in capitals with other words,
     * a serial-number column, the name in three columns, M/F, a phone stored as a number and one with
     * dashes, classes written several ways, runs of spaces, a blank row, the headers repeated, a totals line.
     */
    const messyStudents: (string | number)[][] = [
      ["GREENFIELD COLLEGE, IKEJA"],
      ["STUDENT LIST – 2025/2026"],
      [],
      ["S/N", "SURNAME", "FIRST NAME", "OTHER NAMES", "CLASS", "SEX", "PARENT'S PHONE", "ADM NO"],
      [1, "Eze", "Chinedu", "Ike", "jss 1", "M", 8031234567, "G/001"],
      [2, "O’Neil", "Amélie", "", "J.S.S. 2", "F", "0803-123-4568", "G/002"],
      [],
      ["S/N", "SURNAME", "FIRST NAME", "OTHER NAMES", "CLASS", "SEX", "PARENT'S PHONE", "ADM NO"],
      [3, "Bello", "Musa   Abdul", "", "Ss1", "Boy", "234 803 123 4569", "G/003"],
      ["", "TOTAL", "", "", "", "", "", 3],
    ];
    const messyParents: (string | number)[][] = [
      ["PARENTS' CONTACT LIST"],
      [],
      ["#", "Parent's Name", "E-MAIL ADDRESS", "GUARDIAN PHONE", "WARD'S ADMISSION NUMBER"],
      [1, "Mrs.  Ngozi   Okafor", "ngozi@example.com", "+234 805 111 2222", ""],
      [2, "Mr. Tunde O’Brien", "tunde@example.com", "805-111-3333", ""],
      [],
      ["Total", 2],
    ];
    const messyStaff: (string | number)[][] = [
      ["STAFF LIST"],
      [
        "S/N",
        "SURNAME",
        "FIRST NAME",
        "EMAIL",
        "PHONE NO.",
        "DESIGNATION",
        "TEACHING STAFF",
        "CLASS TEACHER",
        "CLASSES AND SUBJECTS",
      ],
      [
        1,
        "Bakare",
        "Tunde",
        "tunde@example.com",
        8061112222,
        "Maths Teacher",
        "Yes",
        "jss 1",
        "jss1: Mathematics; Ss1: Physics",
      ],
      [2, "Ojo", "Funmi", "funmi@example.com", "0806 111 3333", "Bursar", "No", "", ""],
      ["Total staff: 2"],
    ];
    const list = async (s: RegisteredSchool, path: string) =>
      (await (await api.fetch(`${base(s)}${path}`, { headers: s.auth })).json()).data.data;

    it.each(SHEET_FORMATS)(
      "students (%s): the header row found, rows that are no records skipped, values read and shown",
      async (format) => {
        const s = await registerSchool(api);
        const preview = await checked(s, "students", sheetFile(format, messyStudents, "students"));
        expect(preview).toMatchObject({
          rows: 3,
          to_add: 3,
          problem_count: 0,
          header_row: 4,
          skipped_rows: [
            { row: 7, reason: "blank" },
            { row: 8, reason: "header" },
            { row: 10, reason: "total" },
          ],
          skipped_count: 3,
          joined_columns: ["SURNAME", "FIRST NAME", "OTHER NAMES"],
          unknown_columns: [],
          missing_columns: [],
          mapping: null,
        });
        expect(preview.changes).toEqual([
          { column: "Class", from: "jss 1", to: "JSS1", rows: [5], count: 1 },
          { column: "Gender", from: "M", to: "Male", rows: [5], count: 1 },
          { column: "Phone Number", from: "8031234567", to: "08031234567", rows: [5], count: 1 },
          { column: "Class", from: "J.S.S. 2", to: "JSS2", rows: [6], count: 1 },
          { column: "Gender", from: "F", to: "Female", rows: [6], count: 1 },
          { column: "Name", from: "Bello Musa   Abdul", to: "Bello Musa Abdul", rows: [9], count: 1 },
          { column: "Class", from: "Ss1", to: "SS1", rows: [9], count: 1 },
          { column: "Gender", from: "Boy", to: "Male", rows: [9], count: 1 },
          { column: "Phone Number", from: "234 803 123 4569", to: "+2348031234569", rows: [9], count: 1 },
        ]);
        expect(preview.change_count).toBe(9);
        expect((await commit(s, "students", preview.token)).status).toBe(200);
        const students = (await list(s, "/students")).map(
          (r: { student_data: Record<string, string> }) => r.student_data,
        );
        expect(students).toEqual(
          expect.arrayContaining([
            expect.objectContaining({
              name: "Eze Chinedu Ike",
              class: "JSS1",
              gender: "Male",
              phone_number: "+2348031234567",
            }),
            expect.objectContaining({
              name: "O’Neil Amélie",
              class: "JSS2",
              gender: "Female",
              phone_number: "+2348031234568",
            }),
            expect.objectContaining({ name: "Bello Musa Abdul", class: "SS1", gender: "Male", admission: "G/003" }),
          ]),
        );
      },
    );

    it.each(SHEET_FORMATS)(
      "parents (%s): a title, a '#' column, other headers, spaced names and phones read",
      async (format) => {
        const s = await registerSchool(api);
        const preview = await checked(s, "parents", sheetFile(format, messyParents, "parents"));
        expect(preview).toMatchObject({
          rows: 2,
          to_add: 2,
          problem_count: 0,
          header_row: 3,
          skipped_rows: [
            { row: 6, reason: "blank" },
            { row: 7, reason: "total" },
          ],
          unknown_columns: [],
        });
        expect(preview.changes).toEqual([
          { column: "Name", from: "Mrs.  Ngozi   Okafor", to: "Mrs. Ngozi Okafor", rows: [4], count: 1 },
          { column: "Phone", from: "805-111-3333", to: "08051113333", rows: [5], count: 1 },
        ]);
        expect((await commit(s, "parents", preview.token)).status).toBe(200);
        const names = (await list(s, "/stu-parents")).map((p: { parent_data: { name: string } }) => p.parent_data.name);
        expect(names.sort()).toEqual(["Mr. Tunde O’Brien", "Mrs. Ngozi Okafor"]);
      },
    );

    it.each(SHEET_FORMATS)(
      "staff (%s): the name's parts joined, a phone stored as a number, classes written otherwise",
      async (format) => {
        const s = await registerSchool(api);
        const preview = await checked(s, "staff", sheetFile(format, messyStaff, "staff"));
        expect(preview).toMatchObject({
          rows: 2,
          to_add: 2,
          problem_count: 0,
          header_row: 2,
          skipped_rows: [{ row: 5, reason: "total" }],
          joined_columns: ["SURNAME", "FIRST NAME"],
        });
        expect(preview.changes).toEqual([
          { column: "Phone", from: "8061112222", to: "08061112222", rows: [3], count: 1 },
          { column: "Form Class", from: "jss 1", to: "JSS1", rows: [3], count: 1 },
          {
            column: "Classes and Subjects",
            from: "jss1: Mathematics; Ss1: Physics",
            to: "JSS1: Mathematics; SS1: Physics",
            rows: [3],
            count: 1,
          },
        ]);
        expect((await commit(s, "staff", preview.token)).status).toBe(200);
        const bakare = (await list(s, "/staffs?q=Bakare"))[0].staff_data;
        expect(bakare).toMatchObject({ name: "Bakare Tunde", form_teacher: "JSS1", phone: "+2348061112222" });
      },
    );

    it("a CSV with semicolons, quoted cells and UTF-8 without its byte-order mark reads the same", async () => {
      const s = await registerSchool(api);
      const rows = [
        ["Name", "Class", "Gender", "Phone Number", "Address"],
        ["Ada Obi", "JSS1", "Female", "0803 123 4567", "12 Allen Avenue; Ikeja"],
      ];
      const preview = await checked(s, "students", sheetFile("csv-utf8", rows, "semicolons", ";"));
      expect(preview).toMatchObject({ rows: 1, to_add: 1, header_row: 1 });
    });

    it.each<[string, () => File]>([
      [
        "an HTML page named .csv",
        () => new File(["<html><body><table><tr><td>Name</td></tr></table></body></html>"], "list.csv"),
      ],
      [
        "an SVG named .csv",
        () => new File(['<svg xmlns="http://www.w3.org/2000/svg"><text>Name,Class</text></svg>'], "list.csv"),
      ],
      [
        "text without a consistent delimiter",
        () => new File(["Dear parents,\nthe list follows tomorrow.\nThanks, a, b, c\n"], "list.csv"),
      ],
      [
        "a CSV without the kind's headers",
        () =>
          new File(
            [
              csvText([
                ["Colour", "Size"],
                ["Blue", "Large"],
                ["Red", "Small"],
              ]),
            ],
            "list.csv",
          ),
      ],
      [
        "a CSV named .xlsx",
        () =>
          new File(
            [
              csvText([
                ["Name", "Class"],
                ["Ada", "JSS1"],
              ]),
            ],
            "list.xlsx",
          ),
      ],
    ])("refuses %s with the message naming the formats read", async (_, file) => {
      const s = await registerSchool(api);
      const res = await upload(s, "students", file());
      expect(res.status).toBe(422);
      expect((await res.json()).errors).toEqual({ file: [IMPORT_MESSAGES.notASpreadsheet] });
    });

    it(`refuses a file wider than ${IMPORT_MAX_COLUMNS} columns, in any format`, async () => {
      const s = await registerSchool(api);
      const wide = (n: number) => [
        ["Name", "Class", "Gender", "Phone Number", ...Array.from({ length: n }, (_, i) => `Extra ${i}`)],
        ["Ada Obi", "JSS1", "F", "0803 123 4567", ...Array.from({ length: n }, () => "x")],
      ];
      for (const format of ["xlsx", "ods", "csv-utf8"] as const) {
        const res = await upload(s, "students", sheetFile(format, wide(IMPORT_MAX_COLUMNS - 3)));
        expect((await res.json()).errors).toEqual({ file: [IMPORT_MESSAGES.tooManyColumns] });
      }
      expect(await checked(s, "students", sheetFile("csv-utf8", wide(IMPORT_MAX_COLUMNS - 4)))).toMatchObject({
        to_add: 1,
      });
    });

    it("under a title, a problem names the row of the sheet, and the problem file gives that row back under the headers found", async () => {
      const s = await registerSchool(api);
      const rows = [
        ["CLASS LIST"],
        [],
        ["NAME", "CLASS", "SEX", "PHONE"],
        ["Ada Obi", "JSS1", "F", "0803 123 4567"],
        [],
        ["Bayo Ade", "JSS1", "M", "12"],
      ];
      const preview = await checked(s, "students", xlsxFile(rows, "list.xlsx"));
      expect(preview.problems).toEqual([{ row: 6, column: "Phone Number", message: APP_MESSAGES.invalidPhone }]);
      const file = await api.fetch(`${base(s)}/imports/students/${preview.token}/problems`, { headers: s.auth });
      expect(sheetRows(await file.arrayBuffer())).toEqual([
        ["NAME", "CLASS", "SEX", "PHONE", "Problem"],
        ["Bayo Ade", "JSS1", "M", "12", `Phone Number: ${APP_MESSAGES.invalidPhone}`],
      ]);
    });

    it("a class several of the school's could be is a problem naming them; one it cannot be stays unknown", async () => {
      const s = await registerSchool(api);
      const preview = await checked(
        s,
        "students",
        xlsxFile([
          ["Name", "Class", "Gender", "Phone Number"],
          ["Ada Obi", "JSS", "F", "0803 123 4567"],
          ["Bayo Ade", "Primary 9", "M", "0803 123 4568"],
        ]),
      );
      expect(preview.problems).toEqual([
        { row: 2, column: "Class", message: IMPORT_MESSAGES.classAmbiguous("JSS", ["JSS1", "JSS2", "JSS3"]) },
        { row: 3, column: "Class", message: STUDENT_MESSAGES.classUnknown },
      ]);
    });

    it("the mapping step: a required column missing offers the unmatched columns, the choice is kept for the school's next file", async () => {
      const s = await registerSchool(api);
      const rows = [
        ["Pupil Full Names", "Class", "Sex", "Phone", "Hobby"],
        ["Ada Obi", "JSS1", "F", "0803 123 4567", "Chess"],
      ];
      const first = await checked(s, "students", xlsxFile(rows));
      expect(first).toMatchObject({
        missing_columns: ["Name"],
        unknown_columns: ["Pupil Full Names", "Hobby"],
        problems: [{ row: 2, column: "Name", message: STUDENT_MESSAGES.nameRequired }],
        mapping: {
          columns: [
            { header: "Pupil Full Names", chosen: "" },
            { header: "Hobby", chosen: "" },
          ],
          fields: ["name", "email", "address", "admission", "subjects"].map((field) => ({
            field,
            header: IMPORT_COLUMNS.students.find((c) => c.field === field)!.header,
          })),
        },
      });
      const map = (token: string, mapping: unknown) =>
        api.fetch(`${base(s)}/imports/students/${token}/mapping`, {
          method: "POST",
          headers: { ...s.auth, "Content-Type": "application/json" },
          body: JSON.stringify({ mapping }),
        });
      // A field not offered, or one field twice: refused, nothing kept.
      let res = await map(first.token, { "Pupil Full Names": "gender" });
      expect(res.status).toBe(422);
      expect((await res.json()).errors.mapping).toEqual([IMPORT_MESSAGES.mappingField("Pupil Full Names")]);
      res = await map(first.token, { "Pupil Full Names": "name", Hobby: "name" });
      expect((await res.json()).errors.mapping).toEqual([IMPORT_MESSAGES.mappingTwice("Hobby")]);
      res = await map(first.token, { "Pupil Full Names": "name", Hobby: "" });
      expect(res.status).toBe(201);
      const mapped = (await res.json()).data as ImportPreview;
      expect(mapped.token).not.toBe(first.token);
      expect(mapped).toMatchObject({
        rows: 1,
        to_add: 1,
        problem_count: 0,
        missing_columns: [],
        unknown_columns: ["Hobby"],
        mapping: null,
      });
      // The school's next file with those headers is read with its choice.
      const next = await checked(s, "students", xlsxFile([rows[0], ["Bayo Ade", "JSS2", "M", "0803 123 4568", ""]]));
      expect(next).toMatchObject({ to_add: 1, missing_columns: [], mapping: null });
      // Another school is asked again.
      const other = await registerSchool(api);
      expect((await checked(other, "students", xlsxFile(rows))).missing_columns).toEqual(["Name"]);
      expect((await commit(s, "students", mapped.token)).status).toBe(200);
      expect(await count(s, "/students")).toBe(1);
    });

    it("a title above headers the kind does not know: the widest row is taken, and its columns offered for the required fields", async () => {
      const s = await registerSchool(api);
      const preview = await checked(
        s,
        "parents",
        xlsxFile([["CONTACTS"], ["Who", "Reach at", "Mail box"], ["Mrs. Ade", "0805 000 1111", "ade@example.com"]]),
      );
      expect(preview).toMatchObject({ header_row: 2, missing_columns: ["Name", "Email", "Phone"] });
      expect(preview.mapping!.columns.map((c) => c.header)).toEqual(["Who", "Reach at", "Mail box"]);
    });

    it(`counts ${IMPORT_MAX_ROWS} records under a title, and refuses one more`, async () => {
      const s = await registerSchool(api);
      const row = (i: number) => [`Student ${i}`, "JSS1", "Male", "0803 123 4567"];
      const head = [["SCHOOL LIST"], [], ["Name", "Class", "Gender", "Phone Number"]];
      const exact = await checked(
        s,
        "students",
        xlsxFile([...head, ...Array.from({ length: IMPORT_MAX_ROWS }, (_, i) => row(i))]),
      );
      expect(exact).toMatchObject({ rows: IMPORT_MAX_ROWS, header_row: 3 });
      const res = await upload(
        s,
        "students",
        xlsxFile([...head, ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => row(i))]),
      );
      expect((await res.json()).errors.file[0]).toContain("10,000 rows");
    }, 60_000);
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
