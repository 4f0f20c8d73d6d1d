import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  bearer,
  DATABASE,
  login,
  pngFile,
  pngFileOfSize,
  registerSchool,
  startApi,
  textNamedPng,
  type RegisteredSchool,
  type TestApi,
} from "./harness";
import { picture } from "../support/images";

const MB2 = 2_097_152;
const JPEG_BYTES = await picture(8, 8, "jpeg");

interface AdminRecord {
  unique_id: string;
  admin_data: {
    school_name: string;
    principal_name: string;
    school_email: string;
    phone_number: string;
    school_address: string | null;
    logo_url: string | null;
    signature_url: string | null;
  };
}
interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

describe(`profile and password on ${DATABASE}`, { timeout: 90_000 }, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  // One school email registers one school: each test's school has an address of its own.
  let schoolEmail = "";
  let registered = 0;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());
  beforeEach(async () => {
    schoolEmail = `info${(registered += 1)}@royalcrest.ng`;
    school = await registerSchool(api, {
      school_name: "Royal Crest Academy",
      principal_name: "Dr. Ngozi Eze",
      school_email: schoolEmail,
    });
  });

  const path = (p: string) => `/api/admin/${school.uniqueId}${p}`;
  const adminData = async () => {
    const res = await api.fetch(path("/adminData"), { headers: school.auth });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: AdminRecord[] }).data[0];
  };
  const update = (fields: Record<string, string>, files: Record<string, File> = {}) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    for (const [k, f] of Object.entries(files)) form.set(k, f);
    return api.fetch(path("/update/adminData"), { method: "POST", body: form, headers: school.auth });
  };
  const row = () =>
    api.db.selectFrom("schools").selectAll().where("unique_id", "=", school.uniqueId).executeTakeFirstOrThrow();
  const mediaRows = async () =>
    (
      await api.db
        .selectFrom("media")
        .innerJoin("schools", "schools.id", "media.school_id")
        .select("media.key")
        .where("schools.unique_id", "=", school.uniqueId)
        .execute()
    )
      .map((m) => m.key)
      .sort();
  const changePassword = (body: unknown, token = school.token) =>
    api.fetch(path("/change-password"), {
      method: "POST",
      headers: { ...bearer(token), "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  describe("POST /update/adminData limits", () => {
    it("refuses more files than the form has, and an over-long text field, changing nothing", async () => {
      const before = await row();
      const media = await mediaRows();
      const form = new FormData();
      form.set("school_name", "Changed Name");
      for (const name of ["logo", "signature", "extra"]) form.append(name, pngFile(`${name}.png`));
      const tooMany = await api.fetch(path("/update/adminData"), { method: "POST", body: form, headers: school.auth });
      expect(tooMany.status).toBe(413);

      const tooLong = await update({ school_name: "x".repeat(70 * 1024) });
      expect(tooLong.status).toBe(413);
      expect(await row()).toEqual(before);
      expect(await mediaRows()).toEqual(media);
    });
  });

  describe("GET /adminData", () => {
    it("answers data[0] with the Unique ID and the school's data, never a password or its hash", async () => {
      const res = await api.fetch(path("/adminData"), { headers: school.auth });
      const text = await res.text();
      const body = JSON.parse(text) as { data: AdminRecord[] };
      expect(body.data).toHaveLength(1);
      expect(body.data[0]).toEqual({
        unique_id: school.uniqueId,
        admin_data: {
          school_name: "Royal Crest Academy",
          principal_name: "Dr. Ngozi Eze",
          school_email: schoolEmail,
          phone_number: "+2348031234567",
          school_address: null,
          logo_url: expect.stringMatching(/^\/api\/media\/[0-9a-f]{32}$/),
          signature_url: null,
        },
      });
      expect(text).not.toMatch(/password|scrypt/i);
      expect(text).not.toContain(school.password);
    });

    it("accepts the Unique ID in the path in any letter case", async () => {
      const res = await api.fetch(`/api/admin/${school.uniqueId.toLowerCase()}/adminData`, { headers: school.auth });
      expect(res.status).toBe(200);
    });
  });

  describe("POST /update/adminData", () => {
    it("changes only the fields sent", async () => {
      const before = await adminData();
      const res = await update({ principal_name: "Mrs. Funke Adeyemi" });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { message: string; data: AdminRecord };
      expect(body.message).toBe("Profile updated successfully!");
      expect(body.data.admin_data).toEqual({ ...before.admin_data, principal_name: "Mrs. Funke Adeyemi" });
      expect(await adminData()).toEqual(body.data);
    });

    it("changes all four fields, storing the email in lower case and the phone as E.164", async () => {
      const res = await update({
        school_name: "Royal Crest College",
        principal_name: "Mr. Musa Bello",
        school_email: "Admin@RoyalCrest.NG",
        phone_number: "0909 876 5432",
      });
      expect(res.status).toBe(200);
      expect((await adminData()).admin_data).toMatchObject({
        school_name: "Royal Crest College",
        principal_name: "Mr. Musa Bello",
        school_email: "admin@royalcrest.ng",
        phone_number: "+2349098765432",
      });
    });

    it("sets the school's address, refuses one too long beside the field, and clears it when sent empty", async () => {
      const res = await update({ school_address: "  12 Adeola Odeku Street, Victoria Island, Lagos  " });
      expect(res.status).toBe(200);
      expect((await adminData()).admin_data.school_address).toBe("12 Adeola Odeku Street, Victoria Island, Lagos");

      const rowBefore = await row();
      const tooLong = await update({ school_address: "x".repeat(301) });
      expect(tooLong.status).toBe(422);
      expect(((await tooLong.json()) as ErrorBody).errors).toEqual({
        school_address: ["School address must be at most 300 characters"],
      });
      expect(await row()).toEqual(rowBefore);

      expect((await update({ school_address: "" })).status).toBe(200);
      expect((await adminData()).admin_data.school_address).toBeNull();
    });

    it("refuses an email another school is registered with, in any case, and saves nothing", async () => {
      await registerSchool(api, { school_email: `other${registered}@royalcrest.ng` });
      const rowBefore = await row();
      const res = await update({ school_name: "Renamed", school_email: `OTHER${registered}@RoyalCrest.ng` });
      expect(res.status).toBe(409);
      expect(((await res.json()) as ErrorBody).errors).toEqual({
        school_email: ["Another school is registered with this email."],
      });
      expect(await row()).toEqual(rowBefore);
    });

    it("keeps its own email when it is sent again in another case", async () => {
      const res = await update({ school_email: schoolEmail.toUpperCase() });
      expect(res.status).toBe(200);
      expect((await adminData()).admin_data.school_email).toBe(schoolEmail);
    });

    it("an empty file input keeps the logo", async () => {
      const before = await adminData();
      const res = await update({ school_name: "Renamed" }, { logo: new File([], "") });
      expect(res.status).toBe(200);
      expect((await adminData()).admin_data.logo_url).toBe(before.admin_data.logo_url);
      expect(await mediaRows()).toHaveLength(1);
    });

    it("a new logo replaces the old one: the old media row and file are gone", async () => {
      const oldUrl = (await adminData()).admin_data.logo_url!;
      const oldKey = oldUrl.split("/").pop()!;
      const res = await update({}, { logo: new File([JPEG_BYTES], "new-logo.jpg", { type: "image/jpeg" }) });
      expect(res.status).toBe(200);
      const newUrl = (await adminData()).admin_data.logo_url!;
      expect(newUrl).not.toBe(oldUrl);
      expect(await mediaRows()).toEqual([newUrl.split("/").pop()]);
      expect(await mediaRows()).not.toContain(oldKey);
      expect((await api.fetch(oldUrl, { headers: school.auth })).status).toBe(404);
      const served = await api.fetch(newUrl);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/jpeg");
    });

    it("adds a signature, then replaces it", async () => {
      expect((await update({}, { signature: pngFile("signature.png") })).status).toBe(200);
      const first = (await adminData()).admin_data.signature_url!;
      expect(first).toMatch(/^\/api\/media\/[0-9a-f]{32}$/);
      expect((await update({}, { signature: pngFile("signature2.png") })).status).toBe(200);
      const second = (await adminData()).admin_data.signature_url!;
      expect(second).not.toBe(first);
      expect((await api.fetch(first, { headers: school.auth })).status).toBe(404);
      expect(await mediaRows()).toHaveLength(2);
    });

    it("accepts an image just under 2 MB", async () => {
      expect((await update({}, { logo: pngFileOfSize(MB2 - 1) })).status).toBe(200);
    });

    describe("bad input: 422 with the field's message, and nothing changes", () => {
      const cases: [string, Record<string, string>, Record<string, () => File>, string, string][] = [
        ["a malformed email", { school_email: "info@royalcrest" }, {}, "school_email", "Enter a valid email address."],
        ["an empty school name", { school_name: "" }, {}, "school_name", "School name is required"],
        ["an empty principal name", { principal_name: "  " }, {}, "principal_name", "Principal name is required"],
        ["a bad phone", { phone_number: "0803 12" }, {}, "phone_number", "Enter a valid phone number."],
        [
          "a text logo",
          { school_name: "Changed" },
          { logo: () => textNamedPng() },
          "logo",
          "Only image files are allowed.",
        ],
        [
          "a logo of exactly 2 MB",
          { school_name: "Changed" },
          { logo: () => pngFileOfSize(MB2) },
          "logo",
          "File size must be less than 2MB.",
        ],
        [
          "a logo of 3 MB",
          {},
          { logo: () => pngFileOfSize(3 * 1024 * 1024) },
          "logo",
          "File size must be less than 2MB.",
        ],
        [
          "a text signature",
          {},
          { signature: () => textNamedPng("signature.png") },
          "signature",
          "Only image files are allowed.",
        ],
        [
          "a signature of 2 MB",
          {},
          { signature: () => pngFileOfSize(MB2) },
          "signature",
          "File size must be less than 2MB.",
        ],
        [
          "a good logo with a bad signature",
          { school_name: "Changed" },
          { logo: () => pngFile(), signature: () => textNamedPng() },
          "signature",
          "Only image files are allowed.",
        ],
        [
          "a good logo with a bad email",
          { school_email: "nope" },
          { logo: () => pngFile() },
          "school_email",
          "Enter a valid email address.",
        ],
      ];

      it.each(cases)("%s", async (_what, fields, files, field, message) => {
        const rowBefore = await row();
        const mediaBefore = await mediaRows();
        const res = await update(fields, Object.fromEntries(Object.entries(files).map(([k, make]) => [k, make()])));
        expect(res.status).toBe(422);
        const body = (await res.json()) as ErrorBody;
        expect(body.errors?.[field]).toEqual([message]);
        expect(await row()).toEqual(rowBefore);
        expect(await mediaRows()).toEqual(mediaBefore);
      });

      it("every bad field is named at once", async () => {
        const res = await update(
          { school_email: "nope", phone_number: "12" },
          { logo: textNamedPng(), signature: pngFileOfSize(MB2) },
        );
        expect(res.status).toBe(422);
        expect(((await res.json()) as ErrorBody).errors).toEqual({
          school_email: ["Enter a valid email address."],
          phone_number: ["Enter a valid phone number."],
          logo: ["Only image files are allowed."],
          signature: ["File size must be less than 2MB."],
        });
      });
    });
  });

  describe("POST /change-password", () => {
    it("a wrong current password gives 422 on current_password and changes nothing", async () => {
      const hashBefore = (await row()).password_hash;
      const res = await changePassword({ current_password: "not-it", new_password: "a-new-password" });
      expect(res.status).toBe(422);
      expect(((await res.json()) as ErrorBody).errors).toEqual({
        current_password: ["Current password is incorrect."],
      });
      expect((await row()).password_hash).toBe(hashBefore);
      expect((await login(api, school.uniqueId, school.password)).status).toBe(200);
    });

    it("missing or short fields give their messages", async () => {
      const res = await changePassword({ new_password: "short" });
      expect(res.status).toBe(422);
      expect(((await res.json()) as ErrorBody).errors).toEqual({
        current_password: ["Current password is required"],
        new_password: ["New password must be at least 8 characters"],
      });
    });

    it("changes the password, signs out every other device and keeps this one", async () => {
      const other = ((await (await login(api, school.uniqueId, school.password)).json()) as { data: { token: string } })
        .data.token;
      const res = await changePassword({ current_password: school.password, new_password: "Kaduna-Lagos-2026" });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { message: string }).message).toBe("Password changed successfully!");

      const stored = (await row()).password_hash;
      expect(stored.startsWith("scrypt$")).toBe(true);
      expect(stored).not.toContain("Kaduna-Lagos-2026");

      expect((await api.fetch(path("/adminData"), { headers: school.auth })).status).toBe(200);
      expect((await api.fetch(path("/adminData"), { headers: bearer(other) })).status).toBe(401);
      expect((await login(api, school.uniqueId, school.password)).status).toBe(401);
      expect((await login(api, school.uniqueId, "Kaduna-Lagos-2026")).status).toBe(200);
    });
  });
});
