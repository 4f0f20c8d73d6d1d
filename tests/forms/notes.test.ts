import { beforeAll, describe, expect, it } from "vitest";
import { NOTE_MESSAGES as M, type LessonNote } from "../../contract/notes";
import { TEACHING_FILE_MESSAGES as T } from "../../contract/teaching-files";
import type { Paginated } from "../../contract/http";
import { pdfBytes, SAMPLES } from "../api/file-samples";
import type { UploadFile } from "../e2e/support/files";
import type { Browser } from "./support/browser";
import { emailLogin, schoolWithTwoTeachers, signedIn, type Admin } from "./support/school";

/**
 * Lesson notes with JavaScript off: the teacher's multipart upload form (its refusals beside their fields, the
 * choices kept, nothing written; a double submit one note), the download link, the delete confirmation; another
 * teacher's note is not found; the admin reads every teacher's notes and marks one reviewed with a comment.
 */

let school: Admin;
let ada: Browser;
let bola: Browser;

const pdf = (name = "Week 1 Fractions.pdf", size = 1000): UploadFile => ({
  name,
  mimeType: "application/pdf",
  buffer: pdfBytes(size),
});
const notes = async () =>
  (await school.api<{ data: Paginated<LessonNote> }>("GET", "/notes?per_page=100")).body.data.data;

beforeAll(async () => {
  ({ school, ada, bola } = await schoolWithTwoTeachers("StaffNotes", "notes.ng"));
});

describe("a teacher's lesson notes without JavaScript", () => {
  it("uploads a note through the multipart form, lands on the list with a toast, and downloads it", async () => {
    let page = await ada.goto("/staff/notes");
    expect(page.heading()).toBe(M.title);
    page = await page
      .form({ button: M.upload })
      .select(T.pairLabel, "Mathematics · JSS1")
      .select(M.weekField, "Week 3")
      .attach(M.fileField, pdf())
      .submit(M.upload);
    expect(page.path).toBe("/staff/notes");
    expect(page.toast()).toBe(M.uploaded);
    const [row] = page.listItems(M.listLabel);
    expect(row).toContain("Week 1 Fractions.pdf");
    expect(row).toContain("Mathematics · JSS1 · Week 3");
    expect(row).toContain(M.notReviewed);
    const file = await page.follow(M.download);
    expect(file.headers.get("content-disposition")).toContain("attachment");
    expect(file.bytes?.equals(pdfBytes(1000))).toBe(true);
  });

  it("refuses each problem beside its field (400 or 422), keeps the choices and writes nothing", async () => {
    const before = (await notes()).length;
    let page = await ada.goto("/staff/notes");
    page = await page.form({ button: M.upload }).select(M.weekField, "Week 2").submit(M.upload);
    expect(page.status).toBe(400);
    expect(page.field(T.pairLabel).description).toBe(T.chooseClass);
    expect(page.field(M.fileField).description).toMatch(new RegExp(`^${M.fileRequired}`));
    expect(page.field(M.weekField).value).toBe("2");

    page = await page
      .form({ button: M.upload })
      .select(T.pairLabel, "Mathematics · JSS2")
      .select(M.weekField, "Week 4")
      .attach(M.fileField, { name: "marks.xlsx", mimeType: "application/octet-stream", buffer: SAMPLES.xlsx })
      .submit(M.upload);
    expect(page.status).toBe(422);
    expect(page.field(M.fileField).description).toMatch(/^Upload a PDF, a Word document or a picture.*marks\.xlsx/);
    expect(page.field(T.pairLabel).value).toBe("JSS2|Mathematics");
    expect(page.field(M.weekField).value).toBe("4");

    page = await page
      .form({ button: M.upload })
      .attach(M.fileField, pdf("big scan.pdf", 5 * 1024 * 1024 + 10))
      .submit(M.upload);
    expect(page.status).toBe(400);
    expect(page.field(M.fileField).description).toMatch(/^Files exceeding 5MB: big scan\.pdf/);
    expect((await notes()).length).toBe(before);
  });

  it("a class and subject the teacher does not teach is refused beside the choice", async () => {
    const before = (await notes()).length;
    const page = await ada.request(
      "POST",
      "/staff/notes",
      (() => {
        const form = new FormData();
        form.set("pair", "JSS1|English");
        form.set("week", "1");
        form.set("file", new File([new Uint8Array(pdfBytes(500))], "stolen.pdf"));
        return form;
      })(),
    );
    expect(page.status).toBe(422);
    expect(page.field(T.pairLabel).description).toBe(T.notTaught("English", "JSS1"));
    expect((await notes()).length).toBe(before);
  });

  it("a double submit of the same form makes one note", async () => {
    const before = (await notes()).length;
    const page = await ada.goto("/staff/notes");
    const form = page
      .form({ button: M.upload })
      .select(T.pairLabel, "Mathematics · JSS1")
      .select(M.weekField, "Week 5")
      .attach(M.fileField, pdf("Twice.pdf"));
    const [first, second] = await Promise.all([form.submit(M.upload), form.submit(M.upload)]);
    expect([first.path, second.path]).toEqual(["/staff/notes", "/staff/notes"]);
    expect((await notes()).length).toBe(before + 1);
  });

  it("another teacher sees none of them, and a note of theirs is not found", async () => {
    const [note] = await notes();
    const page = await bola.goto("/staff/notes");
    expect(page.listItems(M.listLabel)).toEqual([]);
    expect(page.text()).toContain(M.noNotes);
    expect((await bola.goto(`/staff/notes/${note.id}/delete`)).status).toBe(404);
    const download = await bola.goto(`/staff/notes/${note.id}/download`);
    expect(download.path).toBe("/staff/notes");
    expect(download.toast()).toBe(M.failedDownload);
  });

  it("deletes a note through the confirm page, back on the list with a toast", async () => {
    const [note] = await notes();
    let page = await ada.goto("/staff/notes");
    page = await page.follow("Delete", { first: true });
    expect(page.path).toBe(`/staff/notes/${note.id}/delete`);
    expect(page.text()).toContain(note.original_name);
    page = await page.press("Delete");
    expect(page.path).toBe("/staff/notes");
    expect(page.toast()).toBe(M.deleted);
    expect((await notes()).some((n) => n.id === note.id)).toBe(false);
  });
});

describe("every teacher's notes for the admin", () => {
  it("lists them read-only with the teacher's name, and marks one reviewed with a comment", async () => {
    const admin = await signedIn(school);
    let page = await admin.goto("/admin/staff");
    page = await page.follow(M.adminTitle);
    expect(page.path).toBe("/admin/staff-notes");
    expect(page.listItems(M.listLabel)[0]).toContain("Mrs. Ada Obi");
    expect(page.buttons("Delete")).toEqual([]);
    expect(page.links("Delete")).toEqual([]);
    page = await page.follow(M.review, { first: true });
    page = await page.form({ button: M.review }).fill(M.commentLabel, "   ").submit(M.review);
    expect(page.status).toBe(400);
    expect(page.field(M.commentLabel).description).toBe(M.commentRequired);
    page = await page.form({ button: M.review }).fill(M.commentLabel, "Add an evaluation.").submit(M.review);
    expect(page.path).toBe("/admin/staff-notes");
    expect(page.toast()).toBe(M.reviewed);
    expect(page.listItems(M.listLabel)[0]).toContain("Reviewed by Main admin: Add an evaluation.");
    const teacherPage = await ada.goto("/staff/notes");
    expect(teacherPage.listItems(M.listLabel)[0]).toContain("Add an evaluation.");
    expect((await admin.goto("/admin/staff-notes/999999/review")).status).toBe(404);
    // The staff area is the teachers' own.
    expect((await admin.goto("/staff/notes")).status).toBe(403);
  });

  it("a sub-admin with the staff key reviews a note under their own name; one without it gets the 403 page", async () => {
    const subAdmin = async (features: string[]) => {
      const added = await school.api<{ data: { email: string; password: string } }>("POST", "/sub-admins", {
        name: `Sub ${features.join(" ")}`,
        email: `sub-${features.join("-")}-${Date.now().toString(36)}@notes.ng`,
        features,
      });
      expect(added.status).toBe(201);
      return (await emailLogin(school, added.body.data.email, added.body.data.password)).browser;
    };
    const [note] = await notes();
    const head = await subAdmin(["staff"]);
    let page = await head.goto(`/admin/staff-notes/${note.id}/review`);
    expect(page.status).toBe(200);
    page = await page
      .form({ button: M.review })
      .fill(M.commentLabel, "Seen by the head of department.")
      .submit(M.review);
    expect(page.toast()).toBe(M.reviewed);
    expect(page.listItems(M.listLabel)[0]).toContain("Reviewed by Sub staff: Seen by the head of department.");
    const other = await subAdmin(["results"]);
    expect((await other.goto("/admin/staff-notes")).status).toBe(403);
    expect((await other.goto(`/admin/staff-notes/${note.id}/download`)).status).toBe(403);
  });
});
