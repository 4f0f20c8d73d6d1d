import { describe, expect, it } from "vitest";
import { csvExtent, DataExtent, odsTableCounter, TagStream, xlsxSheetCounter } from "../../api/lib/sheet-extent";

/** Counting a sheet's rows, columns and cells before SheetJS builds them: the same answers as row by row. */

const limits = { rows: 10, columns: 5, cells: 30 };

/** `times` rows from `row` added one by one: what a repeated row must count as. */
function oneByOne(extent: DataExtent, row: number, filled: number, last: number, times: number) {
  for (let i = 0; i < times; i++) if (!extent.add(row + i, filled, last)) break;
  return extent.refusal;
}

describe("DataExtent", () => {
  it.each([
    ["rows within every limit", 0, 2, 1, 11],
    ["a row past the rows", 0, 2, 1, 12],
    ["rows that start below and run past", 5, 1, 0, 20],
    ["cells before rows", 0, 4, 3, 12],
    ["a column past the columns", 0, 2, 5, 1],
  ])("counts %s in one step as row by row", (_, row, filled, last, times) => {
    const repeated = new DataExtent(limits);
    repeated.add(row, filled, last, times);
    expect(repeated.refusal).toEqual(oneByOne(new DataExtent(limits), row, filled, last, times));
  });

  it("names the first row past the rows, as the sheet numbers it", () => {
    const extent = new DataExtent(limits);
    extent.add(2, 1, 0, 1_000_000);
    expect(extent.refusal).toEqual({ ok: false, reason: "rowPastLimit", row: 2 + 10 + 2 });
  });
});

describe("counting a file's text and XML", () => {
  it("a CSV's line break inside quotes is one record; spaces are no data", () => {
    const extent = csvExtent('Name,Note\r\n"Ada","two\nlines"\r\n  ,  \r\nBayo,\r\n', ",", limits);
    expect([extent.refusal, extent.firstRow, extent.lastRow, extent.lastColumn]).toEqual([null, 0, 3, 1]);
  });

  it("an .xlsx sheet's cells with values, wherever the chunks split its tags", () => {
    const xml = `<sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" s="3"/></row><row r="4"><c r="F4"><v>1</v></c></row></sheetData>`;
    const extent = new DataExtent(limits);
    const tags = new TagStream(xlsxSheetCounter(extent));
    for (let i = 0; i < xml.length; i += 7) tags.write(Buffer.from(xml.slice(i, i + 7)));
    expect(extent.refusal).toEqual({ ok: false, reason: "tooManyColumns" });
  });

  it("an .ods table's repeated rows and cells count as many times as they repeat, empty ones not at all", () => {
    const row = (attributes: string, cells: string) => `<table:table-row ${attributes}>${cells}</table:table-row>`;
    const cell = (repeat: number) =>
      `<table:table-cell table:number-columns-repeated="${repeat}" office:value-type="string"><text:p>x</text:p></table:table-cell>`;
    const count = (xml: string) => {
      const extent = new DataExtent(limits);
      new TagStream(odsTableCounter(extent)).write(Buffer.from(`<table:table>${xml}</table:table>`));
      return [extent.refusal, extent.lastRow, extent.lastColumn];
    };
    expect(count(row("", cell(2)) + row('table:number-rows-repeated="1048000"', "<table:table-cell/>"))).toEqual([
      null,
      0,
      1,
    ]);
    expect(count(row('table:number-rows-repeated="5"', cell(3)))).toEqual([null, 4, 2]);
    expect(count(row('table:number-rows-repeated="1048000"', cell(1)))[0]).toMatchObject({ reason: "rowPastLimit" });
    expect(count(row("", cell(16_384)))[0]).toEqual({ ok: false, reason: "tooManyColumns" });
  });
});
