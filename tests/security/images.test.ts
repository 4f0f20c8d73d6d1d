import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILE_MESSAGES, listNames } from "../../contract/files";
import { APP_MESSAGES } from "../../contract/messages";
import { headerOnlyPng, picture, polyglotPng, POLYGLOT_PAYLOAD } from "../support/images";
import { peakDuring } from "../support/memory";
import { callApi, count, getPage, pageLogin, registerSchool, type School } from "./support/client";
import {
  DATABASE,
  runCleanups,
  startEnvironment,
  type Cleanups,
  type RunningServer,
  type TestDatabase,
} from "./support/server";

/**
 * Image bombs and children's photos, against the production build: a PNG of 57 bytes whose header
 * declares 20000 × 20000 pixels (1.2 GB decoded) is refused wherever an image is taken; a PNG with a web
 * page after it is stored as a plain picture; the server's memory, measured, stays bounded around a PDF
 * drawn with a large legitimate logo; and a person's photo is seen only by a signed-in user of its
 * school, never cached, gone once the person is deleted, while the logo stays public.
 */

const BOMB = () => new File([headerOnlyPng(20_000, 20_000)], "bomb.png", { type: "image/png" });
const MB = 1024 * 1024;
/** What a PDF or an upload with a large image may cost above the server's resident memory before it. */
const PDF_MEMORY_BUDGET = 100 * MB;

describe(`image bombs and people's photos on ${DATABASE}`, { timeout: 300_000 }, () => {
  const cleanups: Cleanups = [];
  let server: RunningServer;
  let database: TestDatabase;
  let dataDir: string;
  let a: School;
  let b: School;
  let cookieA: string;
  let cookieB: string;

  const asA = (method: string, p: string, body?: unknown) =>
    callApi(server.base, method, `/api/admin/${a.uniqueId}${p}`, a.token, body);
  const parentForm = (n: number, photo: File) => {
    const form = new FormData();
    form.set(
      "parent_data",
      JSON.stringify({ name: `Mrs. Photo ${n}`, email: `p${n}@family.ng`, phone: `0803 600 ${1000 + n}` }),
    );
    form.set("profile_img", photo);
    return form;
  };
  const logoKey = async (who: School) => {
    const answer = await callApi(server.base, "GET", `/api/admin/${who.uniqueId}/adminData`, who.token);
    return (answer.json() as { data: Array<{ admin_data: { logo_url: string } }> }).data[0].admin_data.logo_url
      .split("/")
      .pop()!;
  };
  const storedPath = (key: string) => path.join(dataDir, "uploads", key.slice(0, 2), key);

  beforeAll(async () => {
    ({ server, database, dataDir } = await startEnvironment(cleanups, "images"));
    a = await registerSchool(server.base, "Image School A");
    b = await registerSchool(server.base, "Image School B");
    cookieA = await pageLogin(server.base, a.uniqueId, a.password);
    cookieB = await pageLogin(server.base, b.uniqueId, b.password);
  });
  afterAll(() => runCleanups(cleanups));

  it("a 57-byte PNG declaring 20000 × 20000 pixels is refused as a logo, a signature, a photo and a file, naming the cap", async () => {
    const mediaBefore = await count(database.db, "media");
    const registration = new FormData();
    registration.set("school_name", "Bomb School");
    registration.set("principal_name", "Mr. Bomb");
    registration.set("school_email", "bomb@school.ng");
    registration.set("phone_number", "0803 123 4567");
    registration.set("logo", BOMB());
    const registered = await callApi(server.base, "POST", "/api/admin/register", undefined, registration);
    expect([registered.status, registered.json()]).toEqual([
      422,
      expect.objectContaining({ errors: { logo: [APP_MESSAGES.imageTooManyPixels] } }),
    ]);

    for (const field of ["logo", "signature"]) {
      const form = new FormData();
      form.set(field, BOMB());
      const answer = await asA("POST", "/update/adminData", form);
      expect([answer.status, answer.json()], field).toEqual([
        422,
        expect.objectContaining({ errors: { [field]: [APP_MESSAGES.imageTooManyPixels] } }),
      ]);
    }

    const photo = await asA("POST", "/stu-parents", parentForm(1, BOMB()));
    expect([photo.status, photo.json()]).toEqual([
      422,
      expect.objectContaining({ errors: { profile_img: [APP_MESSAGES.imageTooManyPixels] } }),
    ]);

    const upload = new FormData();
    upload.set("folder_name", "Scans");
    upload.append("files[]", BOMB());
    const file = await asA("POST", "/files", upload);
    expect([file.status, file.json()]).toEqual([
      422,
      expect.objectContaining({ errors: { files: [listNames(FILE_MESSAGES.picturesTooLarge, ["bomb.png"])] } }),
    ]);

    // The profile page, JavaScript off, says the same beside the field.
    const page = new FormData();
    page.set("intent", "images");
    page.set("logo", BOMB());
    const posted = await fetch(`${server.base}/admin/profile`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookieA, Origin: server.base },
      body: page,
    });
    expect(posted.status).toBe(422);
    expect(await posted.text()).toContain(APP_MESSAGES.imageTooManyPixels);

    expect(await count(database.db, "media")).toBe(mediaBefore);
    expect(await count(database.db, "files")).toBe(0);
  });

  it("a PNG with a web page after it is stored and served as a plain picture, the page gone", async () => {
    const form = new FormData();
    form.set("signature", new File([await polyglotPng()], "signature.png", { type: "image/png" }));
    expect((await asA("POST", "/update/adminData", form)).status).toBe(200);
    const profile = await callApi(server.base, "GET", `/api/admin/${a.uniqueId}/adminData`, a.token);
    const key = (
      profile.json() as { data: Array<{ admin_data: { signature_url: string } }> }
    ).data[0].admin_data.signature_url
      .split("/")
      .pop()!;
    const served = await fetch(`${server.base}/media/${key}`, { headers: { Cookie: cookieA } });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.includes(Buffer.from(POLYGLOT_PAYLOAD))).toBe(false);
    expect(bytes.includes(Buffer.from("<script"))).toBe(false);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "png", width: 40, height: 40 });
    expect(fs.readFileSync(storedPath(key)).equals(bytes)).toBe(true);
  });

  it("the server's memory stays bounded around a PDF drawn with a large legitimate logo, stored before the bounds or since", async () => {
    const pid = server.process.pid!;
    const timetable = (
      await asA("POST", "/timetables", {
        type: "Regular School Period",
        class: "JSS1",
        session: "2025/2026",
        term: "1st Term",
      })
    ).json() as { data: { id: number } };
    const pdf = async () => {
      const answer = await fetch(`${server.base}/api/admin/${a.uniqueId}/timetable/${timetable.data.id}/download-pdf`, {
        headers: { Authorization: `Bearer ${a.token}` },
      });
      expect(answer.status).toBe(200);
      return Buffer.from(await answer.arrayBuffer());
    };
    await pdf(); // Warm: the fonts and pdfkit loaded once, as on any running server.

    // A transparent 25-megapixel logo (5000 × 5000, the cap; 1.6 MB) placed as it was before the bounds:
    // stored whole, never re-encoded. pdfkit decodes a PNG with an alpha channel to draw it, which cost
    // 316 MB above the resident size (measured with pdfkit alone, drawing it as it was stored); its first PDF now
    // re-encodes it.
    const key = await logoKey(a);
    const large = await picture(5000, 5000, "png", true);
    expect(large.length).toBeLessThan(2 * MB);
    fs.writeFileSync(storedPath(key), large);
    const first = await peakDuring(pid, pdf);
    const stored = await sharp(fs.readFileSync(storedPath(key))).metadata();
    expect([stored.width, stored.height]).toEqual([1024, 1024]);
    const again = await peakDuring(pid, pdf);

    // The same picture uploaded as the logo now: re-encoded when stored.
    const upload = new FormData();
    upload.set("logo", new File([large], "large-logo.png", { type: "image/png" }));
    const uploaded = await peakDuring(pid, async () =>
      expect((await asA("POST", "/update/adminData", upload)).status).toBe(200),
    );
    const afterUpload = await peakDuring(pid, pdf);

    const above = (m: { before: number; peak: number }) => Math.round((m.peak - m.before) / MB);
    console.info(
      `server memory above its resident size before: first PDF with a stored 25 MP logo +${above(first)} MB ` +
        `(re-encoded on first use), the next +${above(again)} MB; uploading it as the logo +${above(uploaded)} MB, ` +
        `its PDF +${above(afterUpload)} MB`,
    );
    for (const m of [first, again, uploaded, afterUpload]) expect(m.peak - m.before).toBeLessThan(PDF_MEMORY_BUDGET);
  });

  describe("people's photos", () => {
    let photoKey: string;
    beforeAll(async () => {
      const added = await asA("POST", "/stu-parents", parentForm(2, new File([await picture(64, 64)], "me.png")));
      expect(added.status).toBe(201);
      photoKey = (added.json() as { data: { parent_data: { profile_img: string } } }).data.parent_data.profile_img
        .split("/")
        .pop()!;
    });

    it("are shown on the school's pages through /media, JavaScript on or off alike (a plain <img>)", async () => {
      const list = await getPage(server.base, "/admin/parents", cookieA);
      expect(list.status).toBe(200);
      expect(list.text).toContain(`src="/media/${photoKey}"`);
      expect(list.text).not.toContain(`/api/media/${photoKey}`);
    });

    it("are served only to a signed-in user of their school, never stored: 401 signed out, 404 for another school", async () => {
      const web = (cookie?: string) =>
        fetch(`${server.base}/media/${photoKey}`, { headers: cookie ? { Cookie: cookie } : {} });
      const api = (token?: string) => callApi(server.base, "GET", `/api/media/${photoKey}`, token);

      const own = await web(cookieA);
      expect(own.status).toBe(200);
      expect(own.headers.get("cache-control")).toBe("private, no-store");
      expect((await sharp(Buffer.from(await own.arrayBuffer())).metadata()).width).toBe(64);
      const ownApi = await api(a.token);
      expect([ownApi.status, ownApi.headers.get("cache-control")]).toEqual([200, "private, no-store"]);

      const signedOut = await web();
      expect([signedOut.status, signedOut.headers.get("cache-control")]).toEqual([401, "private, no-store"]);
      expect((await api()).status).toBe(401);
      expect((await web(cookieB)).status).toBe(404);
      expect((await api(b.token)).status).toBe(404);
    });

    it("the school's logo stays public, for the application page", async () => {
      const logo = await callApi(server.base, "GET", `/api/media/${await logoKey(b)}`);
      expect(logo.status).toBe(200);
      expect(logo.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    });

    it("a deleted person's photo is gone, from the API and the web alike", async () => {
      const added = await asA("POST", "/stu-parents", parentForm(3, new File([await picture(32, 32)], "gone.png")));
      const parent = (added.json() as { data: { unique_id: string; parent_data: { profile_img: string } } }).data;
      const key = parent.parent_data.profile_img.split("/").pop()!;
      expect((await fetch(`${server.base}/media/${key}`, { headers: { Cookie: cookieA } })).status).toBe(200);
      expect((await asA("DELETE", `/stu-parents/${parent.unique_id}`)).status).toBe(200);
      expect((await fetch(`${server.base}/media/${key}`, { headers: { Cookie: cookieA } })).status).toBe(404);
      expect((await callApi(server.base, "GET", `/api/media/${key}`, a.token)).status).toBe(404);
      expect(fs.existsSync(storedPath(key))).toBe(false);
    });
  });
});
