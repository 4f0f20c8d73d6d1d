import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectAccessible } from "./support/axe";
import { logoPng, type UploadFile } from "./support/files";
import { apiToken, registerSchoolViaApi, signedIn } from "./support/school";

/**
 * The file manager in Chromium. The `js` project drives what scripts add (uploads by XMLHttpRequest with
 * progress, dialogs); the `no-js` project runs the one smoke test tagged `@no-js`, which walks every screen
 * with JavaScript off (a plain multipart form through the web app's action, confirm pages) and checks each
 * state with axe. The JS-off flows themselves are form tests over HTTP: tests/forms/files.test.ts.
 */

// Each test walks a whole task with an axe check on every page and dialog: more than the default minute on a busy machine.
test.describe.configure({ timeout: 120_000 });

type Admin = Awaited<ReturnType<typeof signedIn>>;

function pdf(name: string, size = 2048): UploadFile {
  const head = Buffer.from("%PDF-1.4\n");
  const tail = Buffer.from("\n%%EOF\n");
  return {
    name,
    mimeType: "application/pdf",
    buffer: Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, "%"), tail]),
  };
}

async function uploadViaApi(request: APIRequestContext, admin: Admin, folder: string, file: UploadFile) {
  const response = await request.post(`/api/admin/${admin.account.uniqueId}/files`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    multipart: { folder_name: folder, "files[]": file },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data as Array<{ id: number }>;
}

async function quotaViaApi(request: APIRequestContext, admin: Admin) {
  const response = await request.get(`/api/admin/${admin.account.uniqueId}/files/storage-quota`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  return (await response.json()).data as { used: number };
}

const toast = (page: Page) => page.getByTestId("toast");
const meter = (page: Page) => page.getByTestId("storage-meter");
const rows = (page: Page, list: string) => page.getByRole("list", { name: list }).getByRole("listitem");

/** Confirms a delete in its dialog, checked by axe. */
async function confirmDelete(page: Page, title: string) {
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Delete" }).click();
}

test("upload into a new folder, see the meter move, view, download, delete a file and a folder", async ({
  page,
  request,
}) => {
  const admin = await signedIn(page, request, "Files");
  await page.goto("/admin/files");
  await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
  await expect(page.getByText("No folders yet")).toBeVisible();
  await expect(meter(page)).toContainText("0 B of 1 GB used (0%) · 1 GB remaining");
  await expect(meter(page).getByRole("meter")).toHaveAttribute("data-level", "green");
  await expectAccessible(page);

  await page.getByRole("link", { name: "Upload", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/files\/upload$/);
  await expect(page.getByRole("heading", { level: 1, name: "Upload Files" })).toBeVisible();
  await expect(meter(page)).toBeVisible();
  await expectAccessible(page);

  // Nothing chosen: both of the product's messages, beside their fields.
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByLabel("Files")).toHaveAccessibleDescription(/^Please select at least one file to upload\./);
  await expect(page.getByLabel("New folder name")).toHaveAccessibleDescription("Please specify a folder.");
  await expectAccessible(page);

  const photo = logoPng("school photo.png", [200, 40, 40]);
  const letter = pdf("Letter to Parents – Ọ̀yọ́.pdf", 4096);
  await page.getByLabel("Files").setInputFiles([photo, letter]);
  await page.getByLabel("New folder name").fill("Term Letters");
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Upload successful!" })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: /^school photo\.png: 100%$/ })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/files$/);
  const used = (await quotaViaApi(request, admin)).used;
  expect(used).toBe(photo.buffer.length + letter.buffer.length);
  await expect(meter(page)).not.toContainText("0 B of 1 GB");
  await expect(meter(page)).toContainText(/KB of 1 GB used \(0%\)/);
  const folderRow = rows(page, "Folders").filter({ hasText: "Term Letters" });
  await expect(folderRow).toContainText("2 files ·");
  await expectAccessible(page);

  await folderRow.getByRole("link", { name: /Term Letters/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Term Letters" })).toBeVisible();
  await expect(rows(page, "Files in Term Letters")).toHaveCount(2);
  await expectAccessible(page);

  await rows(page, "Files in Term Letters")
    .filter({ hasText: "school photo.png" })
    .getByRole("link", { name: /school photo\.png/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/files\/\d+\/view$/);
  await expect(page.getByRole("heading", { level: 1, name: "school photo.png" })).toBeVisible();
  const details = page.getByRole("region", { name: "Details" });
  await expect(details).toContainText("image/png");
  await expect(details).toContainText("Term Letters");
  const preview = page.getByRole("img", { name: "Preview of school photo.png" });
  await expect(preview).toBeVisible();
  const previewAnswer = await page.request.get((await preview.getAttribute("src"))!);
  expect(previewAnswer.headers()["content-disposition"]).toMatch(/^inline; /);
  expect(Buffer.from(await previewAnswer.body()).equals(photo.buffer)).toBe(true);
  await expectAccessible(page);

  // Download: a plain link that ends in the file as an attachment, with its name and safe headers.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("school photo.png");
  const viewUrl = page.url();
  const id = /\/admin\/files\/(\d+)\/view$/.exec(viewUrl)![1];
  const hop = await page.request.get(`/admin/files/${id}/download`, { maxRedirects: 0 });
  expect(hop.status()).toBe(302);
  const file = await page.request.get(hop.headers().location);
  expect(file.headers()).toMatchObject({
    "content-disposition": `attachment; filename="school photo.png"; filename*=UTF-8''school%20photo.png`,
    "x-content-type-options": "nosniff",
    "content-security-policy": "sandbox; default-src 'none'",
  });

  // The PDF: its preview is the file shown inline.
  await page.goto(`/admin/files/${Number(id) + 1}/view`);
  await expect(
    page.getByRole("heading", { level: 1, name: "Letter to Parents – Ọ̀yọ́.pdf".normalize("NFC") }),
  ).toBeVisible();
  const pdfPreview = page.locator("object[type='application/pdf']");
  const pdfAnswer = await page.request.get((await pdfPreview.getAttribute("data"))!);
  expect(pdfAnswer.headers()["content-type"]).toBe("application/pdf");
  expect(pdfAnswer.headers()["content-disposition"]).toMatch(
    /^inline; filename="Letter to Parents _ Oyo\.pdf"; filename\*=UTF-8''/,
  );

  // Delete the picture from its page: back to its folder, one file left, the meter lower.
  await page.goto(viewUrl);
  await page.getByRole("link", { name: "Delete", exact: true }).click();
  await confirmDelete(page, "Delete file");
  await expect(page).toHaveURL(/\/admin\/files\/Term%20Letters$/);
  await expect(toast(page)).toHaveText("Deleted successfully");
  await expect(rows(page, "Files in Term Letters")).toHaveCount(1);
  expect((await quotaViaApi(request, admin)).used).toBe(letter.buffer.length);
  await page.goto(viewUrl);
  await expect(
    page.getByRole("heading", { level: 1, name: "File not found or you don't have permission to view it." }),
  ).toBeVisible();

  // Delete the folder from the files screen: the meter goes back to nothing.
  await page.goto("/admin/files");
  const row = rows(page, "Folders").filter({ hasText: "Term Letters" });
  await row.getByLabel("Actions for Term Letters").click();
  await row.getByRole("link", { name: "Delete folder" }).click();
  await confirmDelete(page, "Delete folder");
  await expect(page).toHaveURL(/\/admin\/files$/);
  await expect(toast(page)).toHaveText("Folder deleted successfully");
  await expect(page.getByText("No folders yet")).toBeVisible();
  await expect(meter(page)).toContainText("0 B of 1 GB used (0%)");
  await expectAccessible(page);
});

test("refused uploads keep the folder choice and store nothing; another school's file is not found", async ({
  page,
  request,
}) => {
  const admin = await signedIn(page, request, "Refusals");
  await uploadViaApi(request, admin, "Receipts", pdf("first.pdf"));
  const usedBefore = (await quotaViaApi(request, admin)).used;

  // The folder's own upload page chooses that folder.
  await page.goto("/admin/files/Receipts");
  await page.getByRole("link", { name: "Upload here" }).click();
  await expect(page).toHaveURL(/\/admin\/files\/upload\/Receipts$/);
  await expect(page.getByLabel("Existing folder")).toHaveValue("Receipts");

  await page.getByLabel("Files").setInputFiles(Array.from({ length: 6 }, (_, i) => pdf(`receipt ${i + 1}.pdf`)));
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByLabel("Files")).toHaveAccessibleDescription(
    /^Maximum 5 files allowed\. Please select fewer files\./,
  );
  await expect(page.getByLabel("Existing folder")).toHaveValue("Receipts");
  await expectAccessible(page);

  await page.getByLabel("Files").setInputFiles([pdf("small.pdf"), pdf("big scan.pdf", 5 * 1024 * 1024 + 10)]);
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByLabel("Files")).toHaveAccessibleDescription(/^Files exceeding 5MB: big scan\.pdf/);
  await expect(page.getByLabel("Existing folder")).toHaveValue("Receipts");

  // A program dressed as a PDF: refused by its bytes, by the API, with nothing of the batch stored.
  const program = {
    name: "receipt.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(500)]),
  };
  await page.getByLabel("Files").setInputFiles([pdf("good.pdf"), program]);
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByLabel("Files")).toHaveAccessibleDescription(/^These files cannot be uploaded: receipt\.pdf\./);
  await expect(page.getByLabel("Existing folder")).toHaveValue("Receipts");
  await expectAccessible(page);
  expect((await quotaViaApi(request, admin)).used).toBe(usedBefore);

  // An existing folder chosen and a new name typed: refused as without JavaScript, both kept, nothing stored.
  await page.getByLabel("Files").setInputFiles([pdf("letter.pdf")]);
  await page.getByLabel("New folder name").fill("Letters");
  await expect(page.getByLabel("Existing folder")).toHaveValue("Receipts");
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByLabel("New folder name")).toHaveAccessibleDescription(
    "Type a new folder name or choose an existing folder, not both.",
  );
  await expect(page.getByLabel("New folder name")).toHaveValue("Letters");
  await expect(page.getByLabel("Existing folder")).toHaveValue("Receipts");
  await expect(page).toHaveURL(/\/admin\/files\/upload\/Receipts$/);
  const folders = await request.get(`/api/admin/${admin.account.uniqueId}/files/folders`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  expect((await folders.json()).data).toEqual(["Receipts"]);
  expect((await quotaViaApi(request, admin)).used).toBe(usedBefore);

  // Another school's file, and an id that is no file at all.
  const other = await registerSchoolViaApi(request, "Other");
  const theirs = await uploadViaApi(
    request,
    { account: other, token: await apiToken(request, other) },
    "Private",
    pdf("private.pdf"),
  );
  for (const id of [theirs[0].id, "nonsense"]) {
    const response = await page.goto(`/admin/files/${id}/view`);
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { level: 1, name: "File not found or you don't have permission to view it." }),
    ).toBeVisible();
  }
  await expectAccessible(page);
  const download = await page.request.get(`/admin/files/${theirs[0].id}/download`, { maxRedirects: 0 });
  expect(download.status()).toBe(302);
  expect(download.headers().location).toBe("/admin/files");
  await page.goto("/admin/files");
  await expect(toast(page)).toHaveText("Failed to download file.");
});

test(
  "no-js smoke: files, the upload form, a folder, a file and the confirm pages",
  { tag: "@no-js" },
  async ({ page, request }) => {
    await signedIn(page, request, "Smoke");
    await page.goto("/admin/files");
    await expect(page.getByText("No folders yet")).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Upload", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Upload Files" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByLabel("New folder name")).toHaveAccessibleDescription("Please specify a folder.");
    await expectAccessible(page);
    await page.getByLabel("Files").setInputFiles([logoPng("school photo.png"), pdf("letter.pdf")]);
    await page.getByLabel("New folder name").fill("Term Letters");
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page).toHaveURL(/\/admin\/files$/);
    await expect(toast(page)).toHaveText("Upload successful!");
    await expect(rows(page, "Folders").filter({ hasText: "Term Letters" })).toContainText("2 files ·");
    await expectAccessible(page);

    // The row's menu is a <details>: it opens without a script.
    const folderRow = rows(page, "Folders").filter({ hasText: "Term Letters" });
    await folderRow.getByLabel("Actions for Term Letters").click();
    await folderRow.getByRole("link", { name: "Upload here" }).click();
    await expect(page.getByLabel("Existing folder")).toHaveValue("Term Letters");
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByLabel("Files")).toHaveAccessibleDescription(/^Please select at least one file to upload\./);
    await expectAccessible(page);

    await page.goto("/admin/files/Term%20Letters");
    await expect(rows(page, "Files in Term Letters")).toHaveCount(2);
    await expectAccessible(page);
    await page.getByRole("link", { name: /school photo\.png/ }).click();
    await expect(page.getByRole("img", { name: "Preview of school photo.png" })).toBeVisible();
    await expectAccessible(page);
    const viewUrl = page.url();
    await page.getByRole("link", { name: "Delete", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Delete file" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toHaveText("Deleted successfully");
    await expect(rows(page, "Files in Term Letters")).toHaveCount(1);
    await page.goto(viewUrl);
    await expect(
      page.getByRole("heading", { level: 1, name: "File not found or you don't have permission to view it." }),
    ).toBeVisible();
    await expectAccessible(page);

    await page.goto("/admin/files");
    const row = rows(page, "Folders").filter({ hasText: "Term Letters" });
    await row.getByLabel("Actions for Term Letters").click();
    await row.getByRole("link", { name: "Delete folder" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Delete folder" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toHaveText("Folder deleted successfully");
    await expect(page.getByText("No folders yet")).toBeVisible();
  },
);
