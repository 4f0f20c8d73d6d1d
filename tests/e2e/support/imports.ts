import { IMPORT_MESSAGES, type ImportKind } from "../../../contract/imports";
import { APP_MESSAGES } from "../../../contract/messages";
import { sheetFile, xlsxBytes, type SheetFormat } from "../../api/spreadsheets";
import type { UploadFile } from "./files";

/** The bulk import's test files, made with SheetJS: shared by the Chromium specs and the form tests. */

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const xlsx = (name: string, rows: string[][]): UploadFile => ({
  name,
  mimeType: XLSX_TYPE,
  buffer: Buffer.from(xlsxBytes(rows)),
});

/** A file of `rows` in any of the formats read (a CSV as Excel on Windows or Google Sheets saves it). */
export async function sheetUpload(format: SheetFormat, rows: (string | number)[][], base: string): Promise<UploadFile> {
  const file = sheetFile(format, rows, base);
  return {
    name: file.name,
    mimeType: file.type || "application/octet-stream",
    buffer: Buffer.from(await file.arrayBuffer()),
  };
}

/** A student list as kept by hand: a title, headers in capitals with other words, M/F, a blank row, a totals line. */
export const MESSY_STUDENTS: (string | number)[][] = [
  ["GREENFIELD COLLEGE – STUDENT LIST"],
  [],
  ["S/N", "SURNAME", "FIRST NAME", "CLASS", "SEX", "PARENT'S PHONE"],
  [1, "Okoro", "Adaeze", "jss 1", "F", 8031234567],
  [],
  [2, "Bello", "Musa", "J.S.S. 2", "M", "0803 123 4568"],
  ["TOTAL", 2],
];

/** A student file whose name column no header names: the mapping step asks for it. */
export const UNNAMED_STUDENTS = [
  ["Pupil Full Names", "Class", "Sex", "Phone", "Hobby"],
  ["Kemi Mapped", "JSS1", "F", "0803 555 0001", "Chess"],
];

/** Text named and typed as a spreadsheet: refused by its bytes. */
export const notASpreadsheet = (): UploadFile => ({
  name: "register.xlsx",
  mimeType: XLSX_TYPE,
  buffer: Buffer.from("name,class\nAda,JSS1\n"),
});

/** A student file with a row of each kind of problem: no name, an unknown class, a bad email. */
export const everyKindOfBadRow = () =>
  xlsx("bad.xlsx", [
    ["Name", "Class", "Gender", "Phone Number", "Email"],
    ["", "JSS1", "Male", "0803 123 4567", ""],
    ["Bad Class", "Primary 9", "Male", "0803 123 4567", ""],
    ["Bad Email", "JSS1", "Male", "0803 123 4567", "nope"],
  ]);

export interface ImportCase {
  list: string;
  /** The list's name for screen readers (`<ul aria-label>`). */
  listName: string;
  menu: string;
  title: string;
  /** A file with one good row and one bad row, the bad row's problem, and the bad row fixed. */
  bad: string[][];
  problem: { column: string; message: string };
  fixed: string[][];
  /** What the list shows of the new rows. */
  shown: string[];
}

/** The lists of people: questions have no such list and are imported in tests/forms/cbt.test.ts. */
export const IMPORT_CASES: Record<Exclude<ImportKind, "questions">, ImportCase> = {
  students: {
    list: "/admin/students",
    listName: "Students",
    menu: "Add Bulk Students",
    title: "Add Bulk Students",
    bad: [
      ["Student Name", "Class", "Gender", "Phone Number", "Adm No"],
      ["Ifeoma Bulk", "JSS1", "Female", "0803 123 4567", "B/1"],
      ["Tunde Bulk", "JSS1", "Male", "12", "B/2"],
    ],
    problem: { column: "Phone Number", message: APP_MESSAGES.invalidPhone },
    fixed: [
      ["Student Name", "Class", "Gender", "Phone Number", "Adm No"],
      ["Ifeoma Bulk", "JSS1", "Female", "0803 123 4567", "B/1"],
      ["Tunde Bulk", "JSS1", "Male", "0803 123 4568", "B/2"],
    ],
    shown: ["Ifeoma Bulk", "Tunde Bulk"],
  },
  parents: {
    list: "/admin/parents",
    listName: "Parents",
    menu: "Add Bulk Parents",
    title: "Add Bulk Parents",
    bad: [
      ["Name", "Email", "Phone", "Children"],
      ["Mrs. Bulk Ade", "ade@bulk.ng", "0805 111 2222", "P/1"],
      ["Mr. Bulk Obi", "obi@bulk.ng", "0805 111 3333", "P/404"],
    ],
    problem: { column: "Children", message: IMPORT_MESSAGES.unknownAdmission("P/404") },
    fixed: [
      ["Name", "Email", "Phone", "Children"],
      ["Mrs. Bulk Ade", "ade@bulk.ng", "0805 111 2222", "P/1"],
      ["Mr. Bulk Obi", "obi@bulk.ng", "0805 111 3333", "P/1"],
    ],
    shown: ["Mrs. Bulk Ade", "Mr. Bulk Obi"],
  },
  staff: {
    list: "/admin/staff",
    listName: "Staff",
    menu: "Add Bulk Staff",
    title: "Add Bulk Staff",
    bad: [
      ["Name", "Email", "Phone", "Teaching Staff", "Form Class", "Classes and Subjects"],
      ["Mr. Bulk Bakare", "bakare@bulk.ng", "0806 111 2222", "Yes", "JSS1", "JSS1: Mathematics"],
      ["Mrs. Bulk Ojo", "ojo@bulk.ng", "0806 111 3333", "Yes", "JSS1", ""],
    ],
    problem: { column: "Form Class", message: IMPORT_MESSAGES.formClassInFile("JSS1", 2) },
    fixed: [
      ["Name", "Email", "Phone", "Teaching Staff", "Form Class", "Classes and Subjects"],
      ["Mr. Bulk Bakare", "bakare@bulk.ng", "0806 111 2222", "Yes", "JSS1", "JSS1: Mathematics"],
      ["Mrs. Bulk Ojo", "ojo@bulk.ng", "0806 111 3333", "Yes", "JSS2", ""],
    ],
    shown: ["Mr. Bulk Bakare", "Mrs. Bulk Ojo"],
  },
};

/** The student the parents' files name as a child (admission number P/1). */
export const BULK_PARENTS_CHILD = {
  name: "Pupil Bulk",
  selectedClass: "JSS1",
  gender: "Female",
  phone_number: "0803 000 0000",
  admission: "P/1",
};
