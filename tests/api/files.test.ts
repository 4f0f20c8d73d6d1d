import { serve, type ServerType } from "@hono/node-server";
import fs from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FILE_MESSAGES,
  SHARE_LINK_TTL_SECONDS,
  type FileRecord,
  type FolderStats,
  type ShareLink,
  type StorageQuota,
} from "../../contract/files";
import type { Paginated } from "../../contract/http";
import { UPLOAD_MAX_BYTES } from "../../contract/limits";
import { MESSAGES } from "../../contract/messages";
import { pdfBytes, SAMPLES } from "./file-samples";
import { hashToken } from "../../api/lib/crypto";
import { DATABASE, registerSchool, startApi, TEST_PUBLIC_URL, type RegisteredSchool, type TestApi } from "./harness";

interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

const file = (bytes: Uint8Array, name: string, type = "application/octet-stream") =>
  new File([new Uint8Array(bytes)], name, { type });
const pdf = (name = "letter.pdf", size = 1000) => file(pdfBytes(size), name, "application/pdf");

describe(`file manager on ${DATABASE}`, { timeout: 120_000 }, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  let other: RegisteredSchool;

  beforeAll(async () => {
    api = await startApi();
    other = await registerSchool(api, { school_name: "Other School" });
    school = await registerSchool(api);
  });
  afterAll(() => api.close());
  /** A school of its own, for a test that looks at whole totals (the refusals only compare before and after). */
  const freshSchool = async () => {
    school = await registerSchool(api);
  };

  const path_ = (p: string, who = school) => `/api/admin/${who.uniqueId}${p}`;
  const get = async <T>(p: string, who = school) => {
    const res = await api.fetch(path_(p, who), { headers: who.auth });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { data: T }).data;
  };
  function upload(
    files: File[],
    fields: Record<string, string> = { folder_name: "Letters" },
    headers: Record<string, string> = {},
    who = school,
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const f of files) form.append("files[]", f);
    return api.fetch(path_("/files", who), { method: "POST", body: form, headers: { ...who.auth, ...headers } });
  }
  async function uploaded(files: File[], fields?: Record<string, string>) {
    const res = await upload(files, fields);
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { data: FileRecord[] }).data;
  }
  const schoolId = async (who = school) =>
    (await api.db.selectFrom("schools").select("id").where("unique_id", "=", who.uniqueId).executeTakeFirstOrThrow())
      .id;
  /** The school's rows, the bytes it uses, every stored object, and what waits in the temporary folder. */
  async function written(who = school) {
    const id = await schoolId(who);
    const files = await api.db
      .selectFrom("files")
      .select(["storage_key", "size"])
      .where("school_id", "=", id)
      .execute();
    const folders = await api.db.selectFrom("file_folders").select("name").where("school_id", "=", id).execute();
    const storage = await api.db
      .selectFrom("school_storage")
      .select("used_bytes")
      .where("school_id", "=", id)
      .executeTakeFirst();
    return {
      files: files.length,
      folders: folders.map((f) => f.name).sort(),
      used: Number(storage?.used_bytes ?? 0),
      keys: files.map((f) => f.storage_key).sort(),
    };
  }
  const objectsOnDisk = () =>
    fs.existsSync(api.uploadsDir)
      ? fs
          .readdirSync(api.uploadsDir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => e.name)
          .sort()
      : [];
  const tempLeft = () => (fs.existsSync(api.tempDir) ? fs.readdirSync(api.tempDir) : []);
  /**
   * Runs `test` against an API of its own whose schools have this quota (STORAGE_QUOTA_MB), its database
   * answering a little late as over a network, then returns to the shared one.
   */
  async function withQuota(bytes: number, test: () => Promise<void>) {
    const [shared, sharedSchool] = [api, school];
    api = await startApi({ storageQuotaBytes: bytes, queryLatencyMs: 2 });
    try {
      school = await registerSchool(api);
      await test();
    } finally {
      await api.close();
      [api, school] = [shared, sharedSchool];
    }
  }
  async function share(id: number, disposition?: "inline" | "attachment", who = school) {
    const res = await api.fetch(path_(`/files/${id}/share`, who), {
      method: "POST",
      headers: { ...who.auth, "Content-Type": "application/json" },
      body: JSON.stringify(disposition ? { disposition } : {}),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { data: ShareLink }).data;
  }

  describe("upload, folders and the quota", () => {
    it("stores a batch in a new folder; folders, stats, the folder's files and the quota follow", async () => {
      await freshSchool();
      const res = await upload([pdf("Letter to parents.pdf", 3000), file(SAMPLES.png, "photo.jpg", "image/jpeg")], {
        folder_name: "  Letters  to   Parents ",
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { message: string; data: FileRecord[] };
      expect(body.message).toBe(MESSAGES.uploadSuccessful);
      expect(body.data).toEqual([
        {
          id: expect.any(Number),
          original_name: "Letter to parents.pdf",
          size: 3000,
          mime_type: "application/pdf",
          created_at: expect.any(String),
          folder: "Letters to Parents",
        },
        // The type comes from the bytes: a PNG named .jpg and declared JPEG is a PNG.
        {
          id: expect.any(Number),
          original_name: "photo.jpg",
          size: SAMPLES.png.length,
          mime_type: "image/png",
          created_at: expect.any(String),
          folder: "Letters to Parents",
        },
      ]);
      const total = 3000 + SAMPLES.png.length;
      expect(await get<string[]>("/files/folders")).toEqual(["Letters to Parents"]);
      expect(await get<Paginated<FolderStats>>("/files/folderStats")).toMatchObject({
        data: [{ folder: "Letters to Parents", files_count: 2, total_size: total, total_size_formatted: "3 KB" }],
        total: 1,
      });
      expect(await get<StorageQuota>("/files/storage-quota")).toEqual({
        used: total,
        quota: 1024 * 1024 * 1024,
        remaining: 1024 * 1024 * 1024 - total,
        percentage: 0,
        unlimited: false,
      });
      expect(await get<FileRecord>(`/files/${body.data[0].id}`)).toEqual(body.data[0]);
      expect(await written()).toMatchObject({ files: 2, used: total });
      expect(tempLeft()).toEqual([]);

      // An existing folder, chosen or typed in another case, is the same folder.
      await uploaded([file(SAMPLES.csv, "register.csv", "text/csv")], { existing_folder: "letters to parents" });
      await uploaded([file(SAMPLES.docx, "minutes.docx")], { folder_name: "LETTERS TO PARENTS" });
      await uploaded([file(SAMPLES.mp3, "anthem.mp3")], { folder_name: "Audio" });
      expect(await get<string[]>("/files/folders")).toEqual(["Audio", "Letters to Parents"]);
      const page1 = await get<Paginated<FileRecord>>(
        `/files/folder/${encodeURIComponent("Letters to Parents")}?per_page=3`,
      );
      expect(page1).toMatchObject({ total: 4, last_page: 2, current_page: 1 });
      expect(page1.data.map((f) => f.original_name)).toEqual(["minutes.docx", "register.csv", "photo.jpg"]);
      expect(page1.data[0].mime_type).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
      const page2 = await get<Paginated<FileRecord>>(
        `/files/folder/${encodeURIComponent("letters to parents")}?per_page=3&page=2`,
      );
      expect(page2.data.map((f) => f.original_name)).toEqual(["Letter to parents.pdf"]);
      const stats = await get<Paginated<FolderStats>>("/files/folderStats?per_page=1&page=2");
      expect(stats).toMatchObject({ total: 2, data: [{ folder: "Letters to Parents", files_count: 4 }] });
    });

    it("a folder that does not exist is not found", async () => {
      const res = await api.fetch(path_("/files/folder/Nothing"), { headers: school.auth });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: FILE_MESSAGES.folderNotFound });
    });

    const sixFiles = () => Array.from({ length: 6 }, (_, i) => pdf(`page${i + 1}.pdf`));
    it.each<[string, () => File[], Record<string, string>, Record<string, string[]>]>([
      ["no file", () => [], { folder_name: "Letters" }, { files: [MESSAGES.uploadNoFiles] }],
      [
        "an empty file input",
        () => [file(new Uint8Array(), "")],
        { folder_name: "Letters" },
        { files: [MESSAGES.uploadNoFiles] },
      ],
      ["no folder", () => [pdf()], {}, { folder_name: [MESSAGES.uploadNoFolder] }],
      [
        "blank folder fields",
        () => [pdf()],
        { folder_name: "   ", existing_folder: "" },
        { folder_name: [MESSAGES.uploadNoFolder] },
      ],
      [
        "both a new and an existing folder",
        () => [pdf()],
        { folder_name: "New", existing_folder: "Old" },
        { folder_name: [FILE_MESSAGES.oneFolderOnly] },
      ],
      ["six files", sixFiles, { folder_name: "Letters" }, { files: [MESSAGES.uploadTooManyFiles] }],
      [
        "files over 5 MB",
        () => [pdf("ok.pdf"), pdf("big scan.pdf", UPLOAD_MAX_BYTES + 1), pdf("huge.pdf", UPLOAD_MAX_BYTES + 900_000)],
        { folder_name: "Letters" },
        { files: ["Files exceeding 5MB: big scan.pdf, huge.pdf"] },
      ],
      [
        "programs and markup beside a good file",
        () => [
          pdf("fine.pdf"),
          file(SAMPLES.exe, "setup.pdf"),
          file(SAMPLES.html, "page.txt", "text/plain"),
          file(SAMPLES.svg, "logo.svg", "image/svg+xml"),
          file(SAMPLES.apk, "app.zip"),
        ],
        { folder_name: "Letters" },
        {
          files: [
            "These files cannot be uploaded: setup.pdf, page.txt, logo.svg, app.zip. Upload documents, pictures, audio or video (not programs, web pages or SVG images).",
          ],
        },
      ],
      [
        "an empty file",
        () => [file(new Uint8Array(), "blank.pdf")],
        { folder_name: "Letters" },
        { files: ["These files are empty: blank.pdf"] },
      ],
      [
        "a folder name with a slash",
        () => [pdf()],
        { folder_name: "2025/2026" },
        { folder_name: [FILE_MESSAGES.folderNameInvalid] },
      ],
      [
        "a folder name of dots",
        () => [pdf()],
        { folder_name: ".." },
        { folder_name: [FILE_MESSAGES.folderNameInvalid] },
      ],
      [
        "the upload page's name",
        () => [pdf()],
        { folder_name: "Upload" },
        { folder_name: [FILE_MESSAGES.folderNameReserved] },
      ],
      [
        "a folder name too long",
        () => [pdf()],
        { folder_name: "x".repeat(61) },
        { folder_name: [FILE_MESSAGES.folderNameTooLong] },
      ],
      [
        "an existing folder that is not there",
        () => [pdf()],
        { existing_folder: "Gone" },
        { existing_folder: [FILE_MESSAGES.folderGone] },
      ],
      [
        "no file and no folder at once",
        () => [],
        {},
        { files: [MESSAGES.uploadNoFiles], folder_name: [MESSAGES.uploadNoFolder] },
      ],
    ])("refuses %s with the message beside the field, and writes nothing", async (_, files, fields, errors) => {
      const before = await written();
      const objects = objectsOnDisk();
      const res = await upload(files(), fields);
      expect(res.status).toBe(422);
      const body = (await res.json()) as ErrorBody;
      expect(body.errors).toEqual(errors);
      expect(body.message).toBe(Object.values(errors)[0][0]);
      expect(await written()).toEqual(before);
      expect(objectsOnDisk()).toEqual(objects);
      expect(tempLeft()).toEqual([]);
    });

    it("takes a file of exactly 5 MB and five files at once", async () => {
      const stored = await uploaded([
        pdf("exact.pdf", UPLOAD_MAX_BYTES),
        ...Array.from({ length: 4 }, (_, i) => pdf(`p${i}.pdf`)),
      ]);
      expect(stored.map((f) => f.size)).toEqual([UPLOAD_MAX_BYTES, 1000, 1000, 1000, 1000]);
    });

    it("refuses an over-long text field and a body that is not multipart, writing nothing", async () => {
      const before = await written();
      expect((await upload([pdf()], { folder_name: "x".repeat(5000) })).status).toBe(413);
      const json = await api.fetch(path_("/files"), {
        method: "POST",
        headers: { ...school.auth, "Content-Type": "application/json" },
        body: "{}",
      });
      expect(json.status).toBe(415);
      expect(await written()).toEqual(before);
    });

    it("refuses a request longer than the whole-upload cap while it streams, writing nothing", async () => {
      const before = await written();
      // 70 MB of one file's bytes, produced as they are sent: nothing this size is ever held in memory.
      let sent = 0;
      const chunk = new Uint8Array(1024 * 1024).fill(37);
      const head = new TextEncoder().encode(
        '--b\r\nContent-Disposition: form-data; name="folder_name"\r\n\r\nBig\r\n--b\r\nContent-Disposition: form-data; name="files[]"; filename="big.pdf"\r\n\r\n%PDF-1.4\n',
      );
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(head);
          if (sent >= 70) return controller.close();
          sent += 1;
          controller.enqueue(chunk);
        },
      });
      const res = await api.fetch(path_("/files"), {
        method: "POST",
        body,
        headers: { ...school.auth, "Content-Type": "multipart/form-data; boundary=b" },
        duplex: "half",
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(sent).toBeLessThan(70);
      expect(await written()).toEqual(before);
      expect(tempLeft()).toEqual([]);
    });
  });

  describe("the quota", () => {
    it("concurrent uploads can never together pass the quota, and deleting frees space", () =>
      withQuota(10_000, async () => {
        const results = await Promise.all(
          Array.from({ length: 8 }, (_, i) => upload([pdf(`scan${i}.pdf`, 3000)], { folder_name: "Scans" })),
        );
        const statuses = results.map((r) => r.status).sort();
        expect(statuses).toEqual([201, 201, 201, 422, 422, 422, 422, 422]);
        const refused = (await Promise.all(
          results.filter((r) => r.status === 422).map((r) => r.json()),
        )) as ErrorBody[];
        for (const body of refused)
          expect(body.errors?.files?.[0]).toBe(
            "Not enough storage space: these files need 2.93 KB but only 1000 B is left.",
          );
        const state = await written();
        expect(state).toMatchObject({ files: 3, used: 9000 });
        expect(objectsOnDisk().filter((name) => state.keys.includes(name))).toHaveLength(3);
        expect(await get<StorageQuota>("/files/storage-quota")).toEqual({
          used: 9000,
          quota: 10_000,
          remaining: 1000,
          percentage: 90,
          unlimited: false,
        });

        const listed = await get<Paginated<FileRecord>>("/files/folder/Scans");
        const del = await api.fetch(path_(`/files/${listed.data[0].id}`), { method: "DELETE", headers: school.auth });
        expect(del.status).toBe(200);
        expect(await del.json()).toEqual({ message: "Deleted successfully" });
        expect((await written()).used).toBe(6000);
        await uploaded([pdf("fits now.pdf", 4000)], { folder_name: "Scans" });
        expect((await written()).used).toBe(10_000);
      }));

    it("a server with no limit (STORAGE_QUOTA_MB=0) shows 'unlimited'", () =>
      withQuota(0, async () => {
        await uploaded([pdf("a.pdf", 2000)]);
        expect(await get<StorageQuota>("/files/storage-quota")).toEqual({
          used: 2000,
          quota: null,
          remaining: null,
          percentage: 0,
          unlimited: true,
        });
      }));
  });

  describe("deleting", () => {
    it("a file: its row, its bytes and its space go; a second delete is not found", async () => {
      await freshSchool();
      const [kept, gone] = await uploaded([pdf("keep.pdf", 1500), pdf("remove.pdf", 2500)]);
      const before = await written();
      const res = await api.fetch(path_(`/files/${gone.id}`), { method: "DELETE", headers: school.auth });
      expect(res.status).toBe(200);
      const after = await written();
      expect(after).toMatchObject({ files: 1, used: 1500 });
      const removedKey = before.keys.find((k) => !after.keys.includes(k))!;
      expect(objectsOnDisk()).not.toContain(removedKey);
      expect(objectsOnDisk()).toContain(after.keys[0]);
      expect((await api.fetch(path_(`/files/${gone.id}`), { headers: school.auth })).status).toBe(404);
      expect((await api.fetch(path_(`/files/${gone.id}`), { method: "DELETE", headers: school.auth })).status).toBe(
        404,
      );
      expect(await get<FileRecord>(`/files/${kept.id}`)).toMatchObject({ original_name: "keep.pdf" });
    });

    it("a folder: it, its files, their bytes and their space go; other folders stay", async () => {
      await freshSchool();
      await uploaded([pdf("a.pdf", 1000), pdf("b.pdf", 1000)], { folder_name: "Old Letters" });
      const [kept] = await uploaded([pdf("c.pdf", 500)], { folder_name: "Receipts" });
      const keysBefore = (await written()).keys;
      const res = await api.fetch(path_(`/files/folder/${encodeURIComponent("old letters")}`), {
        method: "DELETE",
        headers: school.auth,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: FILE_MESSAGES.folderDeleted });
      const after = await written();
      expect(after).toMatchObject({ files: 1, folders: ["Receipts"], used: 500 });
      for (const key of keysBefore.filter((k) => !after.keys.includes(k))) expect(objectsOnDisk()).not.toContain(key);
      expect(await get<FileRecord>(`/files/${kept.id}`)).toMatchObject({ folder: "Receipts" });
      const again = await api.fetch(path_("/files/folder/Old%20Letters"), { method: "DELETE", headers: school.auth });
      expect(again.status).toBe(404);
    });
  });

  describe("a double submit", () => {
    it("with the same key stores the batch once, sent twice or three times at once", async () => {
      await freshSchool();
      const first = await upload([pdf("once.pdf", 1200)], { folder_name: "Once" }, { "Idempotency-Key": "form-key-1" });
      expect(first.status).toBe(201);
      const again = await upload([pdf("once.pdf", 1200)], { folder_name: "Once" }, { "Idempotency-Key": "form-key-1" });
      expect(again.status).toBe(200);
      expect(((await again.json()) as { data: FileRecord[] }).data).toEqual(
        ((await first.json()) as { data: FileRecord[] }).data,
      );

      const racing = await Promise.all(
        [1, 2, 3].map(() =>
          upload([pdf("race.pdf", 800)], { folder_name: "Race" }, { "Idempotency-Key": "form-key-2" }),
        ),
      );
      expect(racing.map((r) => r.status).sort()).toEqual([200, 200, 201]);
      const bodies = (await Promise.all(racing.map((r) => r.json()))) as Array<{ data: FileRecord[] }>;
      expect(new Set(bodies.map((b) => b.data[0].id)).size).toBe(1);
      expect(await written()).toMatchObject({ files: 2, used: 2000 });
      expect(objectsOnDisk().filter((name) => !name.endsWith(".tmp"))).toEqual(
        expect.arrayContaining((await written()).keys),
      );
    });
  });

  describe("share links and downloads", () => {
    const open = (link: ShareLink) => api.fetch(link.url);

    it("a link opens the file as an attachment with safe headers, until it expires", async () => {
      const [stored] = await uploaded([pdf("Term 1 Report.pdf", 4000)]);
      const link = await share(stored.id);
      // At PUBLIC_URL; the token (256 random bits) is stored only as its SHA-256.
      expect(link.url.startsWith(`${TEST_PUBLIC_URL}/api/files/shared/`)).toBe(true);
      const token = link.url.split("/").pop()!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const row = await api.db
        .selectFrom("public_links")
        .selectAll()
        .where("token_hash", "=", hashToken(token))
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        school_id: await schoolId(),
        purpose: "file-share",
        subject: String(stored.id),
        detail: "attachment",
        revoked_at: null,
      });
      expect(JSON.stringify(await api.db.selectFrom("public_links").selectAll().execute())).not.toContain(token);
      expect(link.disposition).toBe("attachment");
      expect(new Date(link.expires_at).getTime() - api.clock.now.getTime()).toBeLessThanOrEqual(
        SHARE_LINK_TTL_SECONDS * 1000,
      );
      const res = await open(link);
      expect(res.status).toBe(200);
      expect(Object.fromEntries(res.headers)).toMatchObject({
        "content-type": "application/pdf",
        "content-length": "4000",
        "content-disposition": `attachment; filename="Term 1 Report.pdf"; filename*=UTF-8''Term%201%20Report.pdf`,
        "x-content-type-options": "nosniff",
        "content-security-policy": "sandbox; default-src 'none'",
        "cache-control": "private, no-store, no-transform",
      });
      expect(Buffer.from(await res.arrayBuffer()).equals(pdfBytes(4000))).toBe(true);
      const head = await api.fetch(link.url, { method: "HEAD" });
      expect([head.status, head.headers.get("content-length"), await head.text()]).toEqual([200, "4000", ""]);

      const later = api.clock.now;
      api.clock.now = new Date(later.getTime() + SHARE_LINK_TTL_SECONDS * 1000 + 1000);
      try {
        const expired = await open(link);
        expect(expired.status).toBe(404);
        expect(await expired.json()).toEqual({ message: FILE_MESSAGES.linkExpired });
      } finally {
        api.clock.now = later;
      }
    });

    it("pictures and PDFs may be shown inline; anything else is always a download", async () => {
      const [picture, paper, sheet] = await uploaded([
        file(SAMPLES.png, "crest.png"),
        pdf("timetable.pdf"),
        file(SAMPLES.csv, "list.csv"),
      ]);
      const inlinePicture = await open(await share(picture.id, "inline"));
      expect(inlinePicture.headers.get("content-disposition")).toMatch(/^inline; /);
      expect(inlinePicture.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
      const inlinePdf = await open(await share(paper.id, "inline"));
      expect(inlinePdf.headers.get("content-disposition")).toMatch(/^inline; /);
      expect(inlinePdf.headers.get("content-security-policy")).toBe(
        "default-src 'none'; object-src 'self'; frame-ancestors 'self'",
      );
      const csvLink = await share(sheet.id, "inline");
      expect(csvLink.disposition).toBe("attachment");
      expect((await open(csvLink)).headers.get("content-disposition")).toMatch(/^attachment; /);
    });

    it("hostile file names are stored cleaned and sent in a header nothing can break out of", async () => {
      // A client other than a browser can name a file with anything through RFC 5987's filename*.
      const raw = (name: string) =>
        `--raw\r\nContent-Disposition: form-data; name="files[]"; filename*=UTF-8''${encodeURIComponent(name)}\r\n\r\n${pdfBytes(300).toString("latin1")}\r\n`;
      const rawBody = `--raw\r\nContent-Disposition: form-data; name="folder_name"\r\n\r\nRaw\r\n${raw('a"b\r\nX-Evil: 1.pdf')}${raw("..\\..\\x\u0000y.pdf")}--raw--\r\n`;
      const rawRes = await api.fetch(path_("/files"), {
        method: "POST",
        body: Buffer.from(rawBody, "latin1"),
        headers: { ...school.auth, "Content-Type": "multipart/form-data; boundary=raw" },
      });
      expect(rawRes.status, await rawRes.clone().text()).toBe(201);
      const rawStored = ((await rawRes.json()) as { data: FileRecord[] }).data;
      expect(rawStored.map((f) => f.original_name)).toEqual(['a"bX-Evil: 1.pdf', "xy.pdf"]);
      expect((await open(await share(rawStored[0].id))).headers.get("content-disposition")).toBe(
        `attachment; filename="a_bX-Evil: 1.pdf"; filename*=UTF-8''a%22bX-Evil%3A%201.pdf`,
      );

      // What a browser sends: quotes and line breaks as %22, %0D, %0A.
      const names = [
        'quote"d; name=evil.pdf',
        "line\r\nSet-Cookie: x=1.pdf",
        "../../etc/passwd.pdf",
        "C:\\Users\\Bursar\\fees.pdf",
        "Ọmọ́ Ẹ̀kọ́ – 2025 ₦.pdf",
        "invoice\u202Efdp.exe",
      ];
      const stored = [
        ...(await uploaded(names.slice(0, 3).map((name) => pdf(name)))),
        ...(await uploaded(names.slice(3).map((name) => pdf(name)))),
      ];
      expect(stored.map((f) => f.original_name)).toEqual([
        'quote"d; name=evil.pdf',
        "lineSet-Cookie: x=1.pdf",
        "passwd.pdf",
        "fees.pdf",
        "Ọmọ́ Ẹ̀kọ́ – 2025 ₦.pdf".normalize("NFC"),
        "invoicefdp.exe",
      ]);
      const headers = await Promise.all(
        stored.map(async (f) => (await open(await share(f.id))).headers.get("content-disposition")!),
      );
      expect(headers[0]).toBe(
        `attachment; filename="quote_d_ name=evil.pdf"; filename*=UTF-8''quote%22d%3B%20name%3Devil.pdf`,
      );
      expect(headers[1]).toBe(
        `attachment; filename="lineSet-Cookie: x=1.pdf"; filename*=UTF-8''lineSet-Cookie%3A%20x%3D1.pdf`,
      );
      expect(headers[4]).toMatch(/^attachment; filename="Omo Eko _ 2025 _\.pdf"; filename\*=UTF-8''/);
      // A PDF called .exe downloads as a PDF, not as something the computer would run.
      expect(headers[5]).toBe(`attachment; filename="invoicefdp.exe.pdf"; filename*=UTF-8''invoicefdp.exe.pdf`);
      for (const [i, header] of headers.entries()) {
        expect(header).not.toMatch(/[\r\n]/);
        const encoded = /filename\*=UTF-8''(.+)$/.exec(header)![1];
        expect(decodeURIComponent(encoded)).toBe(i === 5 ? `${stored[i].original_name}.pdf` : stored[i].original_name);
      }
    });

    it("a link never opens another school's file, and a changed or made-up link opens nothing", async () => {
      const [mine] = await uploaded([pdf("mine.pdf", 1111)]);
      const theirsRes = await upload([pdf("theirs.pdf", 2222)], { folder_name: "Private" }, {}, other);
      const [theirs] = ((await theirsRes.json()) as { data: FileRecord[] }).data;

      // Another school's file id on this school's paths is simply not found.
      for (const [method, p] of [
        ["GET", `/files/${theirs.id}`],
        ["DELETE", `/files/${theirs.id}`],
        ["POST", `/files/${theirs.id}/share`],
        ["DELETE", `/files/${theirs.id}/share`],
      ] as const) {
        const res = await api.fetch(path_(p), {
          method,
          headers: { ...school.auth, "Content-Type": "application/json" },
          body: method === "POST" ? "{}" : undefined,
        });
        expect(res.status, `${method} ${p}`).toBe(404);
        expect(await res.json()).toEqual({ message: MESSAGES.fileNotFound });
      }
      expect(await get<FileRecord>(`/files/${theirs.id}`, other)).toMatchObject({ original_name: "theirs.pdf" });
      for (const id of ["0", "-1", "1.5", "abc", "99999999999", "2147483648"]) {
        const res = await api.fetch(path_(`/files/${id}`), { headers: school.auth });
        expect(res.status, id).toBe(404);
        expect(await res.json()).toEqual({ message: MESSAGES.fileNotFound });
      }

      const link = await share(mine.id);
      const token = link.url.split("/").pop()!;
      const theirLink = await share(theirs.id, "attachment", other);
      expect((await open(theirLink)).headers.get("content-length")).toBe("2222");
      const changed = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
      for (const junk of [
        changed,
        "A".repeat(43),
        "x",
        `${token}.`,
        `${token}A`,
        token.slice(1),
        "..%2F..%2Fschool.sqlite",
      ]) {
        const res = await api.fetch(`/api/files/shared/${junk}`);
        expect(res.status, junk).toBe(404);
        expect(await res.json()).toEqual({ message: FILE_MESSAGES.linkExpired });
      }
      expect((await open(link)).status).toBe(200);

      // A link outlives its file only as a 404.
      await api.fetch(path_(`/files/${mine.id}`), { method: "DELETE", headers: school.auth });
      expect((await open(link)).status).toBe(404);
      expect((await open(theirLink)).status).toBe(200);
    });

    it("the school can stop a file's links; deleting a file or a folder stops them too", async () => {
      const [kept, stopped] = await uploaded([pdf("kept.pdf"), pdf("stopped.pdf")]);
      const keptLink = await share(kept.id);
      const stoppedLinks = [await share(stopped.id), await share(stopped.id, "inline")];
      const revoke = (id: number, who = school) =>
        api.fetch(path_(`/files/${id}/share`, who), { method: "DELETE", headers: who.auth });

      const res = await revoke(stopped.id);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: FILE_MESSAGES.linksRevoked });
      for (const link of stoppedLinks) {
        const gone = await open(link);
        expect(gone.status).toBe(404);
        expect(await gone.json()).toEqual({ message: FILE_MESSAGES.linkExpired });
      }
      expect((await open(keptLink)).status).toBe(200);
      // Stopping again is no error; a new link works.
      expect((await revoke(stopped.id)).status).toBe(200);
      expect((await open(await share(stopped.id))).status).toBe(200);
      expect((await revoke(kept.id, other)).status).toBe(404);
      expect((await open(keptLink)).status).toBe(200);

      const revokedOf = async (id: number) =>
        (
          await api.db
            .selectFrom("public_links")
            .select("revoked_at")
            .where("purpose", "=", "file-share")
            .where("subject", "=", String(id))
            .execute()
        ).map((r) => r.revoked_at !== null);
      await api.fetch(path_(`/files/${kept.id}`), { method: "DELETE", headers: school.auth });
      expect(await revokedOf(kept.id)).toEqual([true]);

      const inFolder = await uploaded([pdf("a.pdf"), pdf("b.pdf")], { folder_name: "Going" });
      const folderLinks = await Promise.all(inFolder.map((f) => share(f.id)));
      expect((await api.fetch(path_("/files/folder/Going"), { method: "DELETE", headers: school.auth })).status).toBe(
        200,
      );
      for (const f of inFolder) expect(await revokedOf(f.id)).toEqual([true]);
      for (const link of folderLinks) expect((await open(link)).status).toBe(404);
    });
  });

  describe("an upload cut off by the client", () => {
    let server: ServerType;
    let port: number;
    beforeAll(async () => {
      server = serve({ fetch: api.handle, port: 0, hostname: "127.0.0.1" });
      await new Promise<void>((resolve) => server.once("listening", () => resolve()));
      port = (server.address() as net.AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("leaves no file, no row, no space taken and no temporary file", async () => {
      const before = await written();
      const objects = objectsOnDisk();
      const socket = net.connect(port, "127.0.0.1");
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      const head =
        `POST ${path_("/files")} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${school.auth.Authorization}\r\n` +
        `Content-Type: multipart/form-data; boundary=cut\r\nContent-Length: 3000000\r\n\r\n` +
        `--cut\r\nContent-Disposition: form-data; name="folder_name"\r\n\r\nCut Off\r\n` +
        `--cut\r\nContent-Disposition: form-data; name="files[]"; filename="half.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
      socket.write(head);
      socket.write(pdfBytes(400_000));
      // Wait until the API is writing the file to its temporary folder, then hang up half-way.
      const deadline = Date.now() + 10_000;
      while (!tempLeft().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(tempLeft().length).toBe(1);
      socket.destroy();
      while (tempLeft().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(tempLeft()).toEqual([]);
      expect(await written()).toEqual(before);
      expect(objectsOnDisk()).toEqual(objects);
      expect(await get<string[]>("/files/folders")).not.toContain("Cut Off");
    });
  });
});
