import { beforeAll, describe, expect, it } from "vitest";
import { ASSIGNMENT_MESSAGES as M, type Assignment } from "../../contract/assignments";
import type { Paginated } from "../../contract/http";
import { TEACHING_FILE_MESSAGES as T } from "../../contract/teaching-files";
import { pdfBytes, SAMPLES } from "../api/file-samples";
import { shiftDay, TODAY } from "../e2e/support/calendar";
import type { UploadFile } from "../e2e/support/files";
import type { Browser } from "./support/browser";
import { schoolWithTwoTeachers, type Admin } from "./support/school";

/**
 * Assignments with JavaScript off: the new assignment's multipart form with attachments (refusals beside their
 * fields with the input kept and nothing written, a double submit one assignment), the upcoming and past lists,
 * the edit (an attachment taken away, another added), the print page, the attachment's download, the delete
 * confirmation; another teacher's assignment is not found.
 */

let school: Admin;
let ada: Browser;
let bola: Browser;

const pdf = (name: string, size = 1000): UploadFile => ({ name, mimeType: "application/pdf", buffer: pdfBytes(size) });
const assignments = async (when = "upcoming") =>
  (await school.api<{ data: Paginated<Assignment> }>("GET", `/assignments?when=${when}&per_page=100`)).body.data.data;

beforeAll(async () => {
  ({ school, ada, bola } = await schoolWithTwoTeachers("StaffAssignments", "homework.ng"));
});

describe("a teacher's assignments without JavaScript", () => {
  it("sets an assignment with attachments, lists it as upcoming, prints it and downloads an attachment", async () => {
    let page = await ada.goto("/staff/assignments");
    expect(page.text()).toContain(M.none.upcoming);
    page = await page.follow(M.add);
    page = await page
      .form({ button: M.save })
      .select(T.pairLabel, "Mathematics · JSS1")
      .fill(M.titleLabel, "Fractions <exercise>")
      .fill(M.instructionsLabel, "Answer questions 1 to 10.\nShow your working.")
      .fill(M.dueDateLabel, shiftDay(TODAY, 7))
      .attach(M.filesLabel, pdf("Questions.pdf"), { name: "diagram.png", mimeType: "image/png", buffer: SAMPLES.png })
      .submit(M.save);
    expect(page.path).toBe("/staff/assignments");
    expect(page.toast()).toBe(M.created);
    const [row] = page.listItems(M.listLabel);
    expect(row).toContain("Fractions <exercise>");
    expect(row).toContain("Mathematics · JSS1 · Due");
    expect(row).toContain("Questions.pdf");

    const print = await page.follow(M.print);
    expect(print.path).toMatch(/^\/staff\/assignments\/\d+\/print$/);
    expect(print.headers.get("content-type")).toContain("text/html");
    expect(print.document.querySelector("script")).toBeNull();
    expect(print.heading()).toBe("Fractions <exercise>");
    expect(print.text(".instructions")).toContain("Show your working.");
    expect(print.text()).toContain("StaffAssignments");
    expect(print.text()).toContain("Set by Mrs. Ada Obi");
    expect(print.text()).toContain("diagram.png");

    const file = await page.follow("Questions.pdf");
    expect(file.headers.get("content-disposition")).toContain("attachment");
    expect(file.bytes?.equals(pdfBytes(1000))).toBe(true);
  });

  it("refuses each problem beside its field (400 or 422), keeps the input and writes nothing", async () => {
    const before = (await assignments()).length;
    let page = await ada.goto("/staff/assignments/new");
    page = await page
      .form({ button: M.save })
      .select(T.pairLabel, "Mathematics · JSS2")
      .fill(M.titleLabel, "")
      .fill(M.instructionsLabel, "Read chapter 3.")
      .fill(M.dueDateLabel, "2026-02-30")
      .submit(M.save);
    expect(page.status).toBe(400);
    expect(page.field(M.titleLabel).description).toBe(M.titleRequired);
    expect(page.field(M.dueDateLabel).description).toMatch(new RegExp(`^${M.dueDateInvalid}`));
    expect(page.field(M.instructionsLabel).value).toBe("Read chapter 3.");
    expect(page.field(T.pairLabel).value).toBe("JSS2|Mathematics");

    page = await page
      .form({ button: M.save })
      .fill(M.titleLabel, "Chapter 3")
      .fill(M.dueDateLabel, shiftDay(TODAY, -1))
      .attach(M.filesLabel, { name: "marks.xlsx", mimeType: "application/octet-stream", buffer: SAMPLES.xlsx })
      .submit(M.save);
    expect(page.status).toBe(422);
    expect(page.field(M.dueDateLabel).description).toMatch(new RegExp(`^${M.dueDatePast}`));
    expect(page.field(M.filesLabel).description).toMatch(/^Upload a PDF, a Word document or a picture.*marks\.xlsx/);
    expect(page.field(M.titleLabel).value).toBe("Chapter 3");

    page = await page
      .form({ button: M.save })
      .fill(M.dueDateLabel, shiftDay(TODAY, 3))
      .attach(M.filesLabel, ...[1, 2, 3, 4, 5, 6].map((n) => pdf(`page${n}.pdf`)))
      .submit(M.save);
    expect(page.status).toBe(400);
    expect(page.field(M.filesLabel).description).toMatch(new RegExp(`^${M.tooManyFiles}`));
    expect((await assignments()).length).toBe(before);
  });

  it("a double submit of the same form sets one assignment", async () => {
    const before = (await assignments()).length;
    const page = await ada.goto("/staff/assignments/new");
    const form = page
      .form({ button: M.save })
      .select(T.pairLabel, "Mathematics · JSS2")
      .fill(M.titleLabel, "Long division")
      .fill(M.instructionsLabel, "Exercise 4.")
      .fill(M.dueDateLabel, TODAY);
    const [first, second] = await Promise.all([form.submit(M.save), form.submit(M.save)]);
    expect([first.path, second.path]).toEqual(["/staff/assignments", "/staff/assignments"]);
    expect((await assignments()).length).toBe(before + 1);
  });

  it("edits one: fields changed, an attachment taken away and another added", async () => {
    const fractions = (await assignments()).find((a) => a.title === "Fractions <exercise>")!;
    let page = await ada.goto(`/staff/assignments/${fractions.id}/edit`);
    expect(page.field(M.titleLabel).value).toBe("Fractions <exercise>");
    expect(page.field(T.pairLabel).value).toBe("JSS1|Mathematics");
    page = await page
      .form({ button: M.save })
      .fill(M.titleLabel, "Fractions, corrected")
      .check(/^Remove Questions\.pdf/)
      .attach(M.filesLabel, pdf("Answers.pdf", 600))
      .submit(M.save);
    expect(page.path).toBe("/staff/assignments");
    expect(page.toast()).toBe(M.updated);
    const edited = (await assignments()).find((a) => a.id === fractions.id)!;
    expect(edited.title).toBe("Fractions, corrected");
    expect(edited.attachments.map((a) => a.original_name)).toEqual(["diagram.png", "Answers.pdf"]);

    page = await ada.goto(`/staff/assignments/${fractions.id}/edit`);
    page = await page
      .form({ button: M.save })
      .fill(M.instructionsLabel, "")
      .check(/^Remove diagram\.png/)
      .submit(M.save);
    expect(page.status).toBe(400);
    expect(page.field(M.instructionsLabel).description).toBe(M.instructionsRequired);
    expect(page.field(M.titleLabel).value).toBe("Fractions, corrected");
    expect(page.field(/^Remove diagram\.png/).checked).toBe(true);
    expect(page.field(/^Remove Answers\.pdf/).checked).toBe(false);
    expect((await assignments()).find((a) => a.id === fractions.id)!.attachments.length).toBe(2);
  });

  it("another teacher sees none of them; their edit, delete and print are not found", async () => {
    const [one] = await assignments();
    const page = await bola.goto("/staff/assignments");
    expect(page.listItems(M.listLabel)).toEqual([]);
    expect((await bola.goto(`/staff/assignments/${one.id}/edit`)).status).toBe(404);
    expect((await bola.goto(`/staff/assignments/${one.id}/delete`)).status).toBe(404);
    const print = await bola.goto(`/staff/assignments/${one.id}/print`);
    expect(print.path).toBe("/staff/assignments");
    expect(print.toast()).toBe(M.notFound);
  });

  it("deletes one through the confirm page, back on the list with a toast", async () => {
    const one = (await assignments()).find((a) => a.title === "Long division")!;
    let page = await ada.goto(`/staff/assignments/${one.id}/delete`);
    expect(page.text()).toContain("Long division");
    page = await page.press("Delete");
    expect(page.path).toBe("/staff/assignments");
    expect(page.toast()).toBe(M.deleted);
    expect((await assignments()).some((a) => a.id === one.id)).toBe(false);
  });
});
