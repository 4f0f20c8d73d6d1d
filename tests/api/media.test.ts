import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILE_MESSAGES, listNames, type FileRecord, type ShareLink } from "../../contract/files";
import { APP_MESSAGES } from "../../contract/messages";
import { randomKey } from "../../api/lib/crypto";
import { localStorage } from "../../api/storage/local";
import { headerOnlyPng, picture, polyglotPng, POLYGLOT_PAYLOAD } from "../support/images";
import { DATABASE, registerSchool, registrationForm, startApi, type RegisteredSchool, type TestApi } from "./harness";
import { peopleClient } from "./people-client";

/**
 * Images by their header and bounded once stored (api/lib/images.ts, api/services/media.ts): a pixel bomb
 * is refused wherever an image is taken, naming the cap; what is stored is re-encoded within its bounds;
 * the file manager keeps a picture as sent; a PDF (timetable or report card) draws only a bounded logo,
 * re-encoding one stored before the bounds; and a school's photos and signature are served only to that school,
 * never cached.
 */

const BOMB = () => new File([headerOnlyPng(20_000, 20_000)], "bomb.png", { type: "image/png" });
const asFile = (bytes: Uint8Array<ArrayBuffer>, name: string, type = "image/png") => new File([bytes], name, { type });

describe(`images and media on ${DATABASE}`, { timeout: 120_000 }, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  let other: RegisteredSchool;
  let client: ReturnType<typeof peopleClient>;

  beforeAll(async () => {
    api = await startApi();
    client = peopleClient(api);
    school = await registerSchool(api);
    other = await registerSchool(api);
  });
  afterAll(() => api.close());

  const at = (p: string, who = school) => `/api/admin/${who.uniqueId}${p}`;
  const mediaCount = async () =>
    Number(
      (
        await api.db
          .selectFrom("media")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const keyOf = (url: string) => url.split("/").pop()!;
  const bytesOf = async (key: string) => Buffer.from((await localStorage(api.uploadsDir).get(key))!);
  const stored = async (url: string) => sharp(await bytesOf(keyOf(url))).metadata();
  const updateProfile = (files: Record<string, File>) => {
    const form = new FormData();
    for (const [k, f] of Object.entries(files)) form.set(k, f);
    return api.fetch(at("/update/adminData"), { method: "POST", body: form, headers: school.auth });
  };
  const profile = async (who = school) => {
    const res = await api.fetch(at("/adminData", who), { headers: who.auth });
    return ((await res.json()) as { data: Array<{ admin_data: { logo_url: string; signature_url: string | null } }> })
      .data[0].admin_data;
  };
  const parent = (n: number) => ({
    name: `Mrs. Photo ${n}`,
    email: `photo${n}@family.ng`,
    phone: `0803 444 ${1000 + n}`,
  });

  describe("a PNG whose header declares 20000 × 20000 pixels is refused, naming the cap, and nothing is written", () => {
    it("as a logo at registration", async () => {
      const before = await mediaCount();
      const res = await api.fetch("/api/admin/register", { method: "POST", body: registrationForm({}, BOMB()) });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { errors: unknown }).errors).toEqual({ logo: [APP_MESSAGES.imageTooManyPixels] });
      expect(await mediaCount()).toBe(before);
    });

    it("as a logo and as a signature on the profile", async () => {
      const before = { media: await mediaCount(), profile: await profile() };
      for (const field of ["logo", "signature"]) {
        const res = await updateProfile({ [field]: BOMB() });
        expect(res.status).toBe(422);
        expect(((await res.json()) as { errors: unknown }).errors).toEqual({
          [field]: [APP_MESSAGES.imageTooManyPixels],
        });
      }
      expect({ media: await mediaCount(), profile: await profile() }).toEqual(before);
    });

    it("as a parent's and a staff member's photo", async () => {
      const before = await mediaCount();
      const asParent = await client.send(school, "POST", "/stu-parents", "parent_data", parent(1), { photo: BOMB() });
      expect(asParent.status).toBe(422);
      expect(asParent.body.errors).toEqual({ profile_img: [APP_MESSAGES.imageTooManyPixels] });
      const staff = { name: "Mr. Bomb", email: "bomb@staff.ng", phone: "0803 555 0001" };
      const asStaff = await client.send(school, "POST", "/staffs", "staff_data", staff, { photo: BOMB() });
      expect(asStaff.status).toBe(422);
      expect(asStaff.body.errors).toEqual({ profile_img: [APP_MESSAGES.imageTooManyPixels] });
      expect(await mediaCount()).toBe(before);
    });

    it("as a file-manager file, named in the message", async () => {
      const form = new FormData();
      form.set("folder_name", "Scans");
      form.append("files[]", BOMB());
      const res = await api.fetch(at("/files"), { method: "POST", body: form, headers: school.auth });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { errors: unknown }).errors).toEqual({
        files: [listNames(FILE_MESSAGES.picturesTooLarge, ["bomb.png"])],
      });
      expect(await api.db.selectFrom("files").select("id").execute()).toEqual([]);
    });

    it("as an applicant's passport photograph", async () => {
      const created = await api.fetch(at("/create-admission-form"), {
        method: "POST",
        headers: { ...school.auth, "Content-Type": "application/json" },
        body: JSON.stringify({ title: "Entrance", amount: 5000, cbt_enabled: false, status: "active" }),
      });
      const publicId = ((await created.json()) as { data: { public_id: string } }).data.public_id;
      const form = new FormData();
      form.set("surname", "Okafor");
      form.set("passportPhotograph", BOMB());
      const res = await api.fetch(`/api/public/admission-forms/${publicId}/submissions`, {
        method: "POST",
        body: form,
        headers: { "X-Client-Address": "10.9.9.9" },
      });
      expect(res.status).toBe(422);
      const body = (await res.json()) as { errors: Record<string, string[]> };
      expect(body.errors.passportPhotograph).toEqual([APP_MESSAGES.imageTooManyPixels]);
      expect(await api.db.selectFrom("admission_documents").select("id").execute()).toEqual([]);
    });
  });

  it("a picture just within the cap is taken, and stored re-encoded within its bounds: a logo at 1024 px, a photo at 512 px", async () => {
    const large = await picture(5000, 5000, "jpeg");
    expect((await updateProfile({ logo: asFile(large, "big.jpg", "image/jpeg") })).status).toBe(200);
    expect(await stored((await profile()).logo_url)).toMatchObject({ format: "jpeg", width: 1024, height: 1024 });

    const wide = await picture(3000, 1000);
    const added = await client.send(school, "POST", "/stu-parents", "parent_data", parent(2), {
      photo: asFile(wide, "wide.png"),
    });
    expect(added.status).toBe(201);
    expect(await stored(added.body.data.parent_data.profile_img)).toMatchObject({
      format: "png",
      width: 512,
      height: 171,
    });
  });

  it("a PNG with a web page after it is stored as a plain picture, the page gone", async () => {
    const res = await updateProfile({ signature: asFile(await polyglotPng(), "signature.png") });
    expect(res.status).toBe(200);
    const url = (await profile()).signature_url!;
    const bytes = await bytesOf(keyOf(url));
    expect(bytes.includes(Buffer.from("<script"))).toBe(false);
    expect(bytes.includes(Buffer.from(POLYGLOT_PAYLOAD))).toBe(false);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "png", width: 40, height: 40 });
  });

  it("the file manager keeps a picture within the cap exactly as it was sent (a school's document)", async () => {
    const scan = await picture(1500, 1200, "jpeg");
    const form = new FormData();
    form.set("folder_name", "Scans");
    form.append("files[]", asFile(scan, "scan.jpg", "image/jpeg"));
    const res = await api.fetch(at("/files"), { method: "POST", body: form, headers: school.auth });
    expect(res.status).toBe(201);
    const [file] = ((await res.json()) as { data: FileRecord[] }).data;
    const shared = await api.fetch(at(`/files/${file.id}/share`), { method: "POST", headers: school.auth });
    const link = ((await shared.json()) as { data: ShareLink }).data;
    const download = await api.fetch(link.url);
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(scan))).toBe(true);
  });

  describe("who sees which image", () => {
    let photo: string;
    let signature: string;
    let logo: string;
    beforeAll(async () => {
      expect((await updateProfile({ signature: asFile(await picture(60, 20), "s.png") })).status).toBe(200);
      ({ logo_url: logo, signature_url: signature } = (await profile()) as { logo_url: string; signature_url: string });
      const added = await client.send(school, "POST", "/stu-parents", "parent_data", parent(3), {
        photo: asFile(await picture(30, 30), "p.png"),
      });
      photo = added.body.data.parent_data.profile_img;
    });

    it("a school's logo is public, cached for long", async () => {
      const res = await api.fetch(logo);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    });

    it("a photo or a signature: 401 without a token, 404 for another school, 200 never stored for the school", async () => {
      for (const url of [photo, signature]) {
        expect((await api.fetch(url)).status).toBe(401);
        expect((await api.fetch(url, { headers: { Authorization: "Bearer not-a-token" } })).status).toBe(401);
        const theirs = await api.fetch(url, { headers: other.auth });
        expect(theirs.status).toBe(404);
        expect(await theirs.json()).toEqual({ message: APP_MESSAGES.notFound });
        const own = await api.fetch(url, { headers: school.auth });
        expect(own.status).toBe(200);
        expect(own.headers.get("cache-control")).toBe("private, no-store");
        expect(own.headers.get("x-content-type-options")).toBe("nosniff");
      }
      // An unknown key is answered as a photo would be: nothing tells it apart.
      expect((await api.fetch(`/api/media/${randomKey()}`)).status).toBe(401);
      expect((await api.fetch(`/api/media/${randomKey()}`, { headers: school.auth })).status).toBe(404);
    });

    it("a sub-admin of the school sees them too, whatever keys they hold", async () => {
      const added = await api.fetch(at("/sub-admins"), {
        method: "POST",
        headers: { ...school.auth, "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Mrs. Sub", email: "sub@media.ng", phone: "0803 000 0000", features: ["files"] }),
      });
      const { password } = ((await added.json()) as { data: { password: string } }).data;
      const signedIn = await api.fetch("/api/admin/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ unique_id: school.uniqueId, email: "sub@media.ng", password }),
      });
      const { token } = ((await signedIn.json()) as { data: { token: string } }).data;
      for (const url of [photo, signature])
        expect((await api.fetch(url, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    });

    it("a deleted person's photo is gone: parent, staff member, student", async () => {
      const parentRecord = await client.send(school, "POST", "/stu-parents", "parent_data", parent(4), {
        photo: asFile(await picture(30, 30), "p.png"),
      });
      const staff = await client.send(
        school,
        "POST",
        "/staffs",
        "staff_data",
        { name: "Mr. Gone", email: "gone@staff.ng", phone: "0803 555 0002" },
        { photo: asFile(await picture(30, 30), "s.png") },
      );
      const photos = [parentRecord.body.data.parent_data.profile_img, staff.body.data.staff_data.profile_img];
      for (const url of photos) expect((await api.fetch(url, { headers: school.auth })).status).toBe(200);
      expect((await client.remove(school, `/stu-parents/${parentRecord.body.data.unique_id}`)).status).toBe(200);
      expect((await client.remove(school, `/staffs/${staff.body.data.unique_id}`)).status).toBe(200);
      for (const url of photos) expect((await api.fetch(url, { headers: school.auth })).status).toBe(404);

      // A student's photo comes from an approved application; here it is given directly to the row.
      const student = await client.student(school, { name: "Ada Photo" });
      const key = randomKey();
      const schoolRow = await api.db
        .selectFrom("schools")
        .select("id")
        .where("unique_id", "=", school.uniqueId)
        .executeTakeFirstOrThrow();
      await localStorage(api.uploadsDir).put(key, await picture(30, 30));
      await api.db
        .insertInto("media")
        .values({ key, school_id: schoolRow.id, mime_type: "image/png", size: 1, created_at: new Date().toISOString() })
        .execute();
      await api.db
        .updateTable("students")
        .set({ profile_img_key: key })
        .where("unique_id", "=", student.unique_id)
        .execute();
      expect((await api.fetch(`/api/media/${key}`, { headers: school.auth })).status).toBe(200);
      expect((await client.remove(school, `/students/${student.unique_id}`)).status).toBe(200);
      expect((await api.fetch(`/api/media/${key}`, { headers: school.auth })).status).toBe(404);
      expect(await localStorage(api.uploadsDir).get(key)).toBeNull();
    });
  });

  describe("a PDF draws only a bounded logo", () => {
    async function timetablePdf(who: RegisteredSchool) {
      const made = await api.fetch(at("/timetables", who), {
        method: "POST",
        headers: { ...who.auth, "Content-Type": "application/json" },
        body: JSON.stringify({ type: "Regular School Period", class: "JSS1", session: "2025/2026", term: "1st Term" }),
      });
      const { id } = ((await made.json()) as { data: { id: number } }).data;
      return api.fetch(at(`/timetable/${id}/download-pdf`, who), { headers: who.auth });
    }
    /** Puts `bytes` in place of the school's logo, as an image stored before the bounds would be. */
    async function storeLogoAsIs(who: RegisteredSchool, bytes: Uint8Array) {
      const key = keyOf((await profile(who)).logo_url);
      await localStorage(api.uploadsDir).put(key, bytes);
      return key;
    }

    it("a logo stored before the bounds is re-encoded on its first PDF, and kept so", async () => {
      const s = await registerSchool(api);
      const key = await storeLogoAsIs(s, await picture(4000, 3000));
      const pdf = await timetablePdf(s);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
      const now = await sharp(await bytesOf(key)).metadata();
      expect([now.format, now.width, now.height]).toEqual(["png", 1024, 768]);
      const row = await api.db.selectFrom("media").selectAll().where("key", "=", key).executeTakeFirstOrThrow();
      expect([row.mime_type, Number(row.size)]).toEqual(["image/png", now.size]);
    });

    /** A report card of the school's one student, in a class of its own. */
    async function reportCardPdf(who: RegisteredSchool) {
      const json = (method: string, path: string, body: unknown) =>
        api.fetch(at(path, who), {
          method,
          headers: { ...who.auth, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
      const settings = await json("POST", "/school-settings", {
        school_settings: {
          sections: ["Junior Secondary"],
          classes: [{ class_name: "JSS1", section: "Junior Secondary", subjects: ["Mathematics"] }],
        },
      });
      expect(settings.status, await settings.clone().text()).toBe(200);
      const added = await json("POST", "/students", {
        student_data: { name: "Ada Card", selectedClass: "JSS1", gender: "Female", phone_number: "0803 123 4567" },
      });
      const { id } = ((await added.json()) as { data: { id: number } }).data;
      return api.fetch(at(`/results/report-card/${id}?term=1st%20Term&year=2025%2F2026`, who), { headers: who.auth });
    }

    it("a report card draws the bounded copy of a logo stored before the bounds, and leaves a stored bomb out", async () => {
      const s = await registerSchool(api);
      const key = await storeLogoAsIs(s, await picture(4000, 3000));
      const card = await reportCardPdf(s);
      expect(card.status, await card.clone().text()).toBe(200);
      expect(card.headers.get("content-type")).toBe("application/pdf");
      const now = await sharp(await bytesOf(key)).metadata();
      expect([now.format, now.width, now.height]).toEqual(["png", 1024, 768]);

      const bombed = await registerSchool(api);
      const bombKey = await storeLogoAsIs(bombed, headerOnlyPng(20_000, 20_000));
      const bombCard = await reportCardPdf(bombed);
      expect(bombCard.status).toBe(200);
      expect((await bytesOf(bombKey)).equals(headerOnlyPng(20_000, 20_000))).toBe(true);
    });

    it("a stored pixel bomb is left out of the PDF, never decoded", async () => {
      const s = await registerSchool(api);
      const key = await storeLogoAsIs(s, headerOnlyPng(20_000, 20_000));
      const pdf = await timetablePdf(s);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
      expect((await bytesOf(key)).equals(headerOnlyPng(20_000, 20_000))).toBe(true);
    });
  });
});
