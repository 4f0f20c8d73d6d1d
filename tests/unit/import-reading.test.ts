import { describe, expect, it } from "vitest";
import { headerScore, matchHeaders } from "../../contract/imports";
import { csvFormat, findHeaderRow, skipReason } from "../../api/services/import-sheet";
import { classReader, readGender, readName, readPhone } from "../../api/services/import-values";
import { csvText } from "../api/spreadsheets";

/** How files as schools keep them are read: headers, rows that are no records, values, CSV. */

describe("matchHeaders, with the name's parts and serial numbers", () => {
  it.each([
    ["SEX", "gender"],
    ["PARENT'S PHONE", "phone_number"],
    ["GUARDIAN PHONE", "phone_number"],
    ["ADM NO", "admission"],
    ["Gender (M/F)", "gender"],
  ])("'%s' fills %s", (header, field) => {
    expect(matchHeaders("students", [header]).fields).toEqual([field]);
  });

  it("joins SURNAME, FIRST NAME and OTHER NAMES into the name in that order, whatever their order in the file; S/N, No. and # say nothing", () => {
    expect(matchHeaders("students", ["S/N", "OTHER NAMES", "FIRST NAME", "SURNAME", "No.", "#"])).toEqual({
      fields: [null, "name:other", "name:first", "name:surname", null, null],
      unknown: [],
      missing: ["Class", "Gender", "Phone Number"],
      joined: ["SURNAME", "FIRST NAME", "OTHER NAMES"],
    });
  });

  it("a name column wins over the parts, which are then named as not known", () => {
    expect(matchHeaders("parents", ["Name", "Surname"])).toMatchObject({
      fields: ["name", null],
      unknown: ["Surname"],
      joined: [],
    });
  });

  it("the school's choice for a header fills its field; an ignored one is named as not known", () => {
    expect(
      matchHeaders("students", ["Pupil Full Names", "Hobby"], { pupilfullnames: "name", hobby: "" }),
    ).toMatchObject({
      fields: ["name", null],
      unknown: ["Hobby"],
    });
  });

  it("a header row scores by the headers it has", () => {
    expect(headerScore("students", ["S/N", "NAME", "CLASS"])).toBe(3);
    expect(headerScore("students", ["Ada Obi", "JSS1", "Female"])).toBe(0);
  });
});

describe("findHeaderRow and skipReason", () => {
  it("finds the headers under a title, blank rows and notes", () => {
    const rows = [
      ["GREENFIELD COLLEGE"],
      [],
      ["Updated by the bursar"],
      ["NAME", "CLASS", "SEX"],
      ["Ada", "JSS1", "F"],
    ];
    expect(findHeaderRow("students", rows, {})).toEqual({ index: 3, known: true });
  });

  it("takes the first row as wide as the widest when no row has the kind's headers", () => {
    const rows = [["CONTACTS"], ["Who", "Where", "When"], ["a", "b", "c"]];
    expect(findHeaderRow("students", rows, {})).toEqual({ index: 1, known: false });
  });

  const headers = ["S/N", "Name", "Class", "Gender"];
  const fields = [null, "name", "selectedClass", "gender"];
  it.each<[string[], ReturnType<typeof skipReason>]>([
    [[], "blank"],
    [["", "", ""], "blank"],
    [["", "TOTAL", "", "45"], "total"],
    [["Grand Total: 45"], "total"],
    [["Total boys: 20", "Total girls: 25"], "total"],
    [["S/N", "NAME", "CLASS", "GENDER"], "header"],
    [["1", "Ada Obi", "JSS1", "F"], null],
    [["2", "Total Obi", "JSS1", "M"], null],
    [["3", "Sumayya Bello", "JSS1", "F"], null],
  ])("%j is %s", (row, reason) => {
    expect(skipReason(row, headers, fields)).toBe(reason);
  });
});

describe("values as schools type them", () => {
  it.each([
    ["M", "Male"],
    ["f", "Female"],
    ["Boy", "Male"],
    ["GIRL", "Female"],
    ["female", "Female"],
    ["Other", "Other"],
  ])("gender %s reads %s", (written, read) => expect(readGender(written)).toBe(read));

  it.each([
    ["8031234567", "08031234567"],
    ["803 123 4567", "08031234567"],
    ["9012345678", "09012345678"],
    ["2348031234567", "+2348031234567"],
    ["0803-123-4567", "0803-123-4567"],
    ["+234 803 123 4567", "+234 803 123 4567"],
    ["12", "12"],
    ["6031234567", "6031234567"],
  ])("phone %s reads %s", (written, read) => expect(readPhone(written)).toBe(read));

  it("a name's runs of spaces read as one", () => expect(readName("Ada   Obi  Eze")).toBe("Ada Obi Eze"));

  it("a class reads as the school's one class it matches, else names the several it could be", () => {
    const read = classReader(["JSS1", "JSS2", "SS1", "SS2", "Primary 1A", "Primary 1B"]);
    for (const written of ["JSS 1", "jss1", "J.S.S. 1", "Js1", " jss-1 "])
      expect(read(written)).toEqual({ value: "JSS1" });
    expect(read("SSS 2")).toEqual({ value: "SS2" });
    expect(read("primary 1a")).toEqual({ value: "Primary 1A" });
    expect(read("Primary 1")).toEqual({ candidates: ["Primary 1A", "Primary 1B"] });
    expect(read("JSS")).toEqual({ candidates: ["JSS1", "JSS2"] });
    expect(read("Year 9")).toEqual({ value: "Year 9" });
  });
});

describe("csvFormat", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it("tells the delimiter and the encoding of a file named .csv", () => {
    const rows = [["LIST"], [], ["Name", "Class"], ["Ada, Obi", "JSS1"]];
    expect(csvFormat(bytes(csvText(rows)), "a.csv")).toEqual({ encoding: "utf-8", delimiter: "," });
    expect(csvFormat(bytes(`\ufeff${csvText(rows, ";")}`), "a.CSV")).toEqual({ encoding: "utf-8", delimiter: ";" });
    expect(csvFormat(bytes(csvText(rows, "\t")), "a.tsv")).toEqual({ encoding: "utf-8", delimiter: "\t" });
    expect(
      csvFormat(new Uint8Array([0x4e, 0x61, 0x6d, 0x65, 0x2c, 0x43, 0x0a, 0x41, 0x92, 0x2c, 0x31]), "a.csv"),
    ).toEqual({
      encoding: "windows-1252",
      delimiter: ",",
    });
  });

  it("a line break inside quotes is one record", () => {
    expect(csvFormat(bytes('Name,Address\n"Ada","12 Allen\nIkeja"\nBayo,Lekki\n'), "a.csv")).toEqual({
      encoding: "utf-8",
      delimiter: ",",
    });
  });

  it("is not a CSV: another name, prose, records of every width", () => {
    expect(csvFormat(bytes("Name,Class\nAda,JSS1\n"), "a.xlsx")).toBeNull();
    expect(csvFormat(bytes("Dear parents\nThe list follows.\n"), "a.csv")).toBeNull();
    expect(csvFormat(bytes("a,b\nc,d,e,f\ng,h,i\nj,k,l,m,n\n"), "a.csv")).toBeNull();
  });
});
