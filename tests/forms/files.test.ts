import { describe, expect, it } from "vitest";
import { logoPng, type UploadFile } from "../e2e/support/files";
import type { Page } from "./support/browser";
import { registerSchool, signedIn, type Admin } from "./support/school";

/**
 * The file manager with JavaScript off: the upload page is a plain multipart form posted through the web
 * app's action (its refusals come back beside the Files field, the folder choice kept), folders and files
 * are links, Download is a plain link that ends in the file, and each Delete has its confirm page.
 */

function pdf(name: string, size = 2048): UploadFile {
  const head = Buffer.from("%PDF-1.4\n");
  const tail = Buffer.from("\n%%EOF\n");
  return {
    name,
    mimeType: "application/pdf",
    buffer: Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, "%"), tail]),
  };
}

async function upload(school: Admin, folder: string, file: UploadFile) {
  const body = new FormData();
  body.set("folder_name", folder);
  body.set("files[]", new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  const response = await school.api<{ data: Array<{ id: number }> }>("POST", "/files", body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data;
}

const used = async (school: Admin) =>
  (await school.api<{ data: { used: number } }>("GET", "/files/storage-quota")).body.data.used;

const meter = (page: Page) => page.text('[data-testid="storage-meter"]');
const meterLevel = (page: Page) =>
  page.byTestId("storage-meter")?.querySelector("[role=meter]")?.getAttribute("data-level");

describe("files without JavaScript", () => {
  it("upload into a new folder, see the meter move, view, download, delete a file and a folder", async () => {
    const school = await registerSchool("Files");
    const browser = await signedIn(school);
    let page = await browser.goto("/admin/files");
    expect(page.heading()).toBe("Files");
    expect(page.text()).toContain("No folders yet");
    expect(meter(page)).toContain("0 B of 1 GB used (0%) · 1 GB remaining");
    expect(meterLevel(page)).toBe("green");

    page = await page.follow("Upload");
    expect(page.path).toBe("/admin/files/upload");
    expect(page.heading()).toBe("Upload Files");
    expect(page.byTestId("storage-meter")).not.toBeNull();

    // Nothing chosen: both of the product's messages, beside their fields.
    page = await page.press("Upload");
    expect(page.status).toBe(400);
    expect(page.field("Files").description).toMatch(/^Please select at least one file to upload\./);
    expect(page.field("New folder name").description).toBe("Please specify a folder.");

    const photo = logoPng("school photo.png", [200, 40, 40]);
    const letter = pdf("Letter to Parents – Ọ̀yọ́.pdf", 4096);
    page = await page
      .form({ button: "Upload" })
      .attach("Files", photo, letter)
      .fill("New folder name", "Term Letters")
      .submit("Upload");
    expect(page.path).toBe("/admin/files");
    expect(page.toast()).toBe("Upload successful!");
    expect(await used(school)).toBe(photo.buffer.length + letter.buffer.length);
    expect(meter(page)).not.toContain("0 B of 1 GB");
    expect(meter(page)).toMatch(/KB of 1 GB used \(0%\)/);
    const folderRow = page.listItems("Folders").find((row) => row.includes("Term Letters"));
    expect(folderRow).toContain("2 files ·");

    page = await page.follow(/^Term Letters/);
    expect(page.heading()).toBe("Term Letters");
    expect(page.listItems("Files in Term Letters")).toHaveLength(2);

    page = await page.follow(/^school photo\.png/);
    expect(page.path).toMatch(/^\/admin\/files\/\d+\/view$/);
    expect(page.heading()).toBe("school photo.png");
    const details = page.text('section[aria-labelledby="file-details"]');
    expect(details).toContain("image/png");
    expect(details).toContain("Term Letters");
    const preview = page.document.querySelector('img[alt="Preview of school photo.png"]');
    expect(preview).not.toBeNull();
    const previewAnswer = await browser.goto(preview!.getAttribute("src")!);
    expect(previewAnswer.headers.get("content-disposition")).toMatch(/^inline; /);
    expect(previewAnswer.bytes?.equals(photo.buffer)).toBe(true);

    // Download: a plain link that ends in the file as an attachment, with its name and safe headers.
    const viewPath = page.path;
    const id = /\/admin\/files\/(\d+)\/view$/.exec(viewPath)![1];
    const file = await page.follow("Download");
    expect(browser.visited.at(-2)).toEqual({ method: "GET", path: `/admin/files/${id}/download`, status: 302 });
    expect(file.bytes?.equals(photo.buffer)).toBe(true);
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="school photo.png"; filename*=UTF-8''school%20photo.png`,
    );
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");

    // The PDF: its preview is the file shown inline.
    page = await browser.goto(`/admin/files/${Number(id) + 1}/view`);
    expect(page.heading()).toBe("Letter to Parents – Ọ̀yọ́.pdf".normalize("NFC"));
    const pdfPreview = page.document.querySelector("object[type='application/pdf']");
    const pdfAnswer = await browser.goto(pdfPreview!.getAttribute("data")!);
    expect(pdfAnswer.headers.get("content-type")).toBe("application/pdf");
    expect(pdfAnswer.headers.get("content-disposition")).toMatch(
      /^inline; filename="Letter to Parents _ Oyo\.pdf"; filename\*=UTF-8''/,
    );

    // Delete the picture from its page: its confirm page, back to its folder, one file left, the meter lower.
    page = await (await browser.goto(viewPath)).follow("Delete");
    expect(page.heading()).toBe("Delete file");
    expect(page.text()).toContain('Delete "school photo.png"? This cannot be undone.');
    page = await page.press("Delete");
    expect(page.path).toBe("/admin/files/Term%20Letters");
    expect(page.toast()).toBe("Deleted successfully");
    expect(page.listItems("Files in Term Letters")).toHaveLength(1);
    expect(await used(school)).toBe(letter.buffer.length);
    page = await browser.goto(viewPath);
    expect(page.status).toBe(404);
    expect(page.heading()).toBe("File not found or you don't have permission to view it.");

    // Delete the folder from the files screen's row menu: the meter goes back to nothing.
    page = await (await browser.goto("/admin/files")).follow("Delete folder");
    expect(page.heading()).toBe("Delete folder");
    expect(page.text()).toContain('Delete the folder "Term Letters" and its 1 file? This cannot be undone.');
    page = await page.press("Delete");
    expect(page.path).toBe("/admin/files");
    expect(page.toast()).toBe("Folder deleted successfully");
    expect(page.text()).toContain("No folders yet");
    expect(meter(page)).toContain("0 B of 1 GB used (0%)");
    expect(await used(school)).toBe(0);
  });

  it("refused uploads keep the folder choice and store nothing; another school's file is not found", async () => {
    const school = await registerSchool("Refusals");
    await upload(school, "Receipts", pdf("first.pdf"));
    const usedBefore = await used(school);
    const browser = await signedIn(school);

    // The folder's own upload page chooses that folder.
    let page = await (await browser.goto("/admin/files/Receipts")).follow("Upload here");
    expect(page.path).toBe("/admin/files/upload/Receipts");
    expect(page.field("Existing folder").value).toBe("Receipts");

    const receipts = Array.from({ length: 6 }, (_, i) => pdf(`receipt ${i + 1}.pdf`));
    page = await page
      .form({ button: "Upload" })
      .attach("Files", ...receipts)
      .submit("Upload");
    expect(page.field("Files").description).toMatch(/^Maximum 5 files allowed\. Please select fewer files\./);
    expect(page.field("Existing folder").value).toBe("Receipts");

    page = await page
      .form({ button: "Upload" })
      .attach("Files", pdf("small.pdf"), pdf("big scan.pdf", 5 * 1024 * 1024 + 10))
      .submit("Upload");
    expect(page.field("Files").description).toMatch(/^Files exceeding 5MB: big scan\.pdf/);
    expect(page.field("Existing folder").value).toBe("Receipts");

    // A program dressed as a PDF: refused by its bytes, by the API, with nothing of the batch stored.
    const program = {
      name: "receipt.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(500)]),
    };
    page = await page.form({ button: "Upload" }).attach("Files", pdf("good.pdf"), program).submit("Upload");
    expect(page.field("Files").description).toMatch(/^These files cannot be uploaded: receipt\.pdf\./);
    expect(page.field("Existing folder").value).toBe("Receipts");
    expect(await used(school)).toBe(usedBefore);

    // An existing folder chosen and a new name typed: refused beside the name, both kept, nothing stored.
    page = await page
      .form({ button: "Upload" })
      .attach("Files", pdf("letter.pdf"))
      .fill("New folder name", "Letters")
      .submit("Upload");
    expect(page.status).toBe(400);
    expect(page.field("New folder name").description).toBe(
      "Type a new folder name or choose an existing folder, not both.",
    );
    expect(page.field("New folder name").value).toBe("Letters");
    expect(page.field("Existing folder").value).toBe("Receipts");
    expect(await used(school)).toBe(usedBefore);
    expect((await school.api<{ data: string[] }>("GET", "/files/folders")).body.data).toEqual(["Receipts"]);

    // Another school's file, and an id that is no file at all.
    const other = await registerSchool("Other");
    const [theirs] = await upload(other, "Private", pdf("private.pdf"));
    for (const id of [theirs.id, "nonsense"]) {
      const missing = await browser.goto(`/admin/files/${id}/view`);
      expect(missing.status).toBe(404);
      expect(missing.heading()).toBe("File not found or you don't have permission to view it.");
    }
    page = await browser.goto(`/admin/files/${theirs.id}/download`);
    expect(browser.visited.at(-2)).toEqual({ method: "GET", path: `/admin/files/${theirs.id}/download`, status: 302 });
    expect(page.path).toBe("/admin/files");
    expect(page.toast()).toBe("Failed to download file.");
  });
});
