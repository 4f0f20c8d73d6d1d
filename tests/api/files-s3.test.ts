import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FileRecord, ShareLink } from "../../contract/files";
import { configuredStorage } from "../../api/storage/configured";
import { startS3, type LocalS3 } from "../support/s3";
import { pdfBytes, SAMPLES } from "./file-samples";
import { DATABASE, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";

/**
 * The file manager and the media on an S3-compatible bucket (a local server started here), as a school
 * running several app servers would configure it: every byte goes to the bucket, none to the disk.
 */
describe(`files on an S3-compatible bucket, ${DATABASE}`, { timeout: 120_000 }, () => {
  let s3: LocalS3;
  let api: TestApi;
  let school: RegisteredSchool;

  beforeAll(async () => {
    s3 = await startS3();
    api = await startApi({ storage: configuredStorage({ kind: "s3", ...s3.options }) });
    school = await registerSchool(api);
  });
  afterAll(async () => {
    await api?.close();
    await s3?.close();
  });

  const at = (p: string) => `/api/admin/${school.uniqueId}${p}`;
  const storedKeys = async () =>
    (await api.db.selectFrom("files").select("storage_key").execute()).map((r) => r.storage_key);
  function upload(files: File[], folder = "Scans") {
    const form = new FormData();
    form.set("folder_name", folder);
    for (const f of files) form.append("files[]", f);
    return api.fetch(at("/files"), { method: "POST", body: form, headers: school.auth });
  }

  it("the school's logo lives in the bucket and is served from it", async () => {
    const res = await api.fetch(at("/adminData"), { headers: school.auth });
    const logoUrl = ((await res.json()) as { data: Array<{ admin_data: { logo_url: string } }> }).data[0].admin_data
      .logo_url;
    const logoKey = logoUrl.split("/").pop()!;
    expect(await s3.keys()).toContain(logoKey);
    const logo = await api.fetch(logoUrl);
    expect(logo.status).toBe(200);
    expect((await sharp(Buffer.from(await logo.arrayBuffer())).metadata()).format).toBe("png");
  });

  it("uploads go to the bucket, download from it, and deleting removes them; a refused batch stores nothing", async () => {
    const before = await s3.keys();
    const refused = await upload([
      new File([new Uint8Array(pdfBytes(500))], "ok.pdf"),
      new File([new Uint8Array(SAMPLES.exe)], "tool.pdf"),
    ]);
    expect(refused.status).toBe(422);
    expect(await s3.keys()).toEqual(before);

    const res = await upload([
      new File([new Uint8Array(pdfBytes(250_000))], "big.pdf"),
      new File([new Uint8Array(SAMPLES.csv)], "list.csv"),
    ]);
    expect(res.status).toBe(201);
    const [big, list] = ((await res.json()) as { data: FileRecord[] }).data;
    const keys = await storedKeys();
    expect(await s3.keys()).toEqual([...before, ...keys].sort());

    const shared = await api.fetch(at(`/files/${big.id}/share`), { method: "POST", headers: school.auth });
    const link = ((await shared.json()) as { data: ShareLink }).data;
    const download = await api.fetch(link.url);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-length")).toBe("250000");
    expect(Buffer.from(await download.arrayBuffer()).equals(pdfBytes(250_000))).toBe(true);

    expect((await api.fetch(at(`/files/${list.id}`), { method: "DELETE", headers: school.auth })).status).toBe(200);
    expect((await s3.keys()).filter((k) => keys.includes(k))).toHaveLength(1);
    expect((await api.fetch(at("/files/folder/Scans"), { method: "DELETE", headers: school.auth })).status).toBe(200);
    expect(await s3.keys()).toEqual(before);
  });
});
