import { scrypt } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { needsRehash } from "../../api/lib/crypto";
import { registerSchool as registerSchoolService } from "../../api/services/auth";
import { localStorage } from "../../api/storage/local";
import {
  bearer,
  DATABASE,
  login,
  PNG_BYTES,
  pngFileOfSize,
  registerSchool,
  registrationForm,
  startApi,
  TEST_PUBLIC_URL,
  textNamedPng,
  type TestApi,
} from "./harness";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const MB2 = 2_097_152;

interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

// Every login runs scrypt (about 128 MB and a noticeable fraction of a second): the lockout tests run a dozen.
describe(`registration and login on ${DATABASE}`, { timeout: 90_000 }, () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  const register = (form: FormData, headers: Record<string, string> = {}) =>
    api.fetch("/api/admin/register", { method: "POST", body: form, headers });
  const count = async (table: "schools" | "media" | "auth_tokens") =>
    Number(
      (
        await api.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const schoolRow = (uniqueId: string) =>
    api.db.selectFrom("schools").selectAll().where("unique_id", "=", uniqueId).executeTakeFirstOrThrow();

  describe("POST /api/admin/register", () => {
    it("creates the school and answers 201 with its Unique ID, a password and its data", async () => {
      const res = await register(
        registrationForm({
          school_name: "Green Valley College",
          principal_name: "Mr. Tunde Bakare",
          school_email: "Office@GreenValley.ng",
          phone_number: "0803 123 4567",
        }),
      );
      expect(res.status).toBe(201);
      const body = (await res.json()) as {
        message: string;
        data: { unique_id: string; password: string; admin_data: Record<string, string> };
      };
      expect(body.message).toEqual(expect.any(String));
      expect(body.data.unique_id).toMatch(/^SCH-[A-HJ-NP-Z2-9]{7}$/);
      expect(body.data.password).toMatch(/^[A-Za-z2-9]{14}$/);
      expect(body.data.admin_data).toMatchObject({
        school_name: "Green Valley College",
        principal_name: "Mr. Tunde Bakare",
        school_email: "office@greenvalley.ng",
        phone_number: "+2348031234567",
        logo_url: expect.stringMatching(/^\/api\/media\/[0-9a-f]{32}$/),
        signature_url: null,
      });

      const logo = await api.fetch(body.data.admin_data.logo_url);
      expect(logo.status).toBe(200);
      expect(logo.headers.get("content-type")).toBe("image/png");
      // Stored re-encoded (api/lib/images.ts): the same 1 × 1 picture, not the same bytes.
      const stored = await sharp(Buffer.from(await logo.arrayBuffer())).metadata();
      expect([stored.format, stored.width, stored.height]).toEqual(["png", 1, 1]);

      const row = await schoolRow(body.data.unique_id);
      expect(row.password_hash).not.toBe(body.data.password);
      expect(row.password_hash).not.toContain(body.data.password);
      expect(row.password_hash.startsWith("scrypt$")).toBe(true);
      expect(row.phone_number).toBe("+2348031234567");

      expect((await login(api, body.data.unique_id, body.data.password)).status).toBe(200);
    });

    it.each([
      ["0803 123 4567", "+2348031234567"],
      ["08091234567", "+2348091234567"],
      ["+234 701 234 5678", "+2347012345678"],
    ])("stores the Nigerian number %s as %s", async (phone, e164) => {
      const res = await register(registrationForm({ phone_number: phone }));
      expect(res.status).toBe(201);
      const { data } = (await res.json()) as { data: { unique_id: string } };
      expect((await schoolRow(data.unique_id)).phone_number).toBe(e164);
    });

    describe("bad input: 422 with the field's message, and nothing written", () => {
      let before: { schools: number; media: number };
      beforeAll(async () => {
        before = { schools: await count("schools"), media: await count("media") };
      });

      const cases: [string, () => FormData, string, string][] = [
        ["no school name", () => withoutField("school_name"), "school_name", "School name is required"],
        [
          "a blank school name",
          () => registrationForm({ school_name: "   " }),
          "school_name",
          "School name is required",
        ],
        ["no principal name", () => withoutField("principal_name"), "principal_name", "Principal name is required"],
        ["no school email", () => withoutField("school_email"), "school_email", "School email is required"],
        [
          "a malformed email",
          () => registrationForm({ school_email: "office@" }),
          "school_email",
          "Enter a valid email address.",
        ],
        ["no phone number", () => withoutField("phone_number"), "phone_number", "Phone number is required"],
        [
          "a bad phone number",
          () => registrationForm({ phone_number: "0803 12" }),
          "phone_number",
          "Enter a valid phone number.",
        ],
        [
          "letters for a phone number",
          () => registrationForm({ phone_number: "call me" }),
          "phone_number",
          "Enter a valid phone number.",
        ],
        ["no logo", () => registrationForm({}, null), "logo", "Logo is required"],
        ["an empty file input for the logo", () => registrationForm({}, new File([], "")), "logo", "Logo is required"],
        [
          "text bytes named logo.png",
          () => registrationForm({}, textNamedPng()),
          "logo",
          "Only image files are allowed.",
        ],
        [
          "a logo of exactly 2 MB",
          () => registrationForm({}, pngFileOfSize(MB2)),
          "logo",
          "File size must be less than 2MB.",
        ],
        [
          "a logo of 3 MB",
          () => registrationForm({}, pngFileOfSize(3 * 1024 * 1024)),
          "logo",
          "File size must be less than 2MB.",
        ],
      ];

      function withoutField(name: string) {
        const form = registrationForm();
        form.delete(name);
        return form;
      }

      it.each(cases)("%s", async (_what, form, field, message) => {
        const res = await register(form());
        expect(res.status).toBe(422);
        const body = (await res.json()) as ErrorBody;
        expect(body.errors?.[field]).toEqual([message]);
        expect(body.message).toBe(message);
      });

      it("reports every field at once", async () => {
        const res = await register(new FormData());
        expect(res.status).toBe(422);
        const body = (await res.json()) as ErrorBody;
        expect(Object.keys(body.errors ?? {}).sort()).toEqual([
          "logo",
          "phone_number",
          "principal_name",
          "school_email",
          "school_name",
        ]);
      });

      it("a bad phone and a bad logo are both reported", async () => {
        const res = await register(registrationForm({ phone_number: "12" }, textNamedPng()));
        const body = (await res.json()) as ErrorBody;
        expect(body.errors).toEqual({
          phone_number: ["Enter a valid phone number."],
          logo: ["Only image files are allowed."],
        });
      });

      it("none of the refused registrations wrote a school or a media row", async () => {
        expect({ schools: await count("schools"), media: await count("media") }).toEqual(before);
      });
    });

    it("accepts a logo just under 2 MB", async () => {
      expect((await register(registrationForm({}, pngFileOfSize(MB2 - 1)))).status).toBe(201);
    });

    it("a body that is not multipart is refused with 415", async () => {
      const res = await api.fetch("/api/admin/register", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      });
      expect(res.status).toBe(415);
    });

    describe("a school email already registered", () => {
      const taken = "This school email is already registered. Sign in with your Unique ID instead.";
      const key = () => `reg-${crypto.randomUUID()}`;
      const uniqueIdOf = async (res: Response) =>
        ((await res.json()) as { data: { unique_id: string } }).data.unique_id;

      it("is refused with 409 beside the email field, in any letter case, and nothing is written", async () => {
        expect((await register(registrationForm({ school_email: "Office@Taken.ng" }))).status).toBe(201);
        const before = { schools: await count("schools"), media: await count("media") };
        for (const email of ["office@taken.ng", "OFFICE@TAKEN.NG", "  Office@Taken.ng "]) {
          const res = await register(registrationForm({ school_email: email }), { "Idempotency-Key": key() });
          expect(res.status).toBe(409);
          expect((await res.json()) as ErrorBody).toEqual({ message: taken, errors: { school_email: [taken] } });
        }
        expect({ schools: await count("schools"), media: await count("media") }).toEqual(before);
      });

      it("a re-sent form still answers the school it created", async () => {
        const idempotencyKey = key();
        const form = () => registrationForm({ school_email: "resent@taken.ng" });
        const first = await register(form(), { "Idempotency-Key": idempotencyKey });
        expect(first.status).toBe(201);
        expect((await register(form(), { "Idempotency-Key": key() })).status).toBe(409);
        const again = await register(form(), { "Idempotency-Key": idempotencyKey });
        expect(again.status).toBe(201);
        expect(await uniqueIdOf(again)).toBe(await uniqueIdOf(first));
      });

      it("schools that already share an email are left as they are", async () => {
        const a = await registerSchool(api, { school_email: "shared@taken.ng" });
        const b = await registerSchool(api, { school_email: "other@taken.ng" });
        await api.db
          .updateTable("schools")
          .set({ school_email: "Shared@Taken.ng" })
          .where("unique_id", "=", b.uniqueId)
          .execute();
        expect((await login(api, a.uniqueId, a.password)).status).toBe(200);
        expect((await login(api, b.uniqueId, b.password)).status).toBe(200);
        expect((await register(registrationForm({ school_email: "shared@taken.ng" }))).status).toBe(409);
      });
    });

    describe("re-sending the same form (Idempotency-Key)", () => {
      const key = () => `reg-${crypto.randomUUID()}`;

      it("returns the same school with a new working password, and creates one school", async () => {
        const idempotencyKey = key();
        const schoolsBefore = await count("schools");
        const first = await register(registrationForm({ school_name: "Once Only Academy" }), {
          "Idempotency-Key": idempotencyKey,
        });
        const again = await register(registrationForm({ school_name: "Once Only Academy" }), {
          "Idempotency-Key": idempotencyKey,
        });
        expect([first.status, again.status]).toEqual([201, 201]);
        const a = ((await first.json()) as { data: { unique_id: string; password: string } }).data;
        const b = ((await again.json()) as { data: { unique_id: string; password: string } }).data;
        expect(b.unique_id).toBe(a.unique_id);
        expect(b.password).not.toBe(a.password);
        expect(await count("schools")).toBe(schoolsBefore + 1);
        expect((await login(api, b.unique_id, b.password)).status).toBe(200);
        expect((await login(api, a.unique_id, a.password)).status).toBe(401);
      });

      it("the key may come as a form field too", async () => {
        const idempotencyKey = key();
        const form = () => {
          const f = registrationForm();
          f.set("idempotency_key", idempotencyKey);
          return f;
        };
        const a = ((await (await register(form())).json()) as { data: { unique_id: string } }).data;
        const b = ((await (await register(form())).json()) as { data: { unique_id: string } }).data;
        expect(b.unique_id).toBe(a.unique_id);
      });

      it("a double submit sent at the same moment creates one school", async () => {
        const idempotencyKey = key();
        const schoolsBefore = await count("schools");
        const answers = await Promise.all(
          [1, 2, 3].map(() =>
            register(registrationForm({ school_name: "Double Tap School" }), { "Idempotency-Key": idempotencyKey }),
          ),
        );
        expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
        const ids = await Promise.all(
          answers.map(async (r) => ((await r.json()) as { data: { unique_id: string } }).data.unique_id),
        );
        expect(new Set(ids).size).toBe(1);
        expect(await count("schools")).toBe(schoolsBefore + 1);
      });

      it("a send whose form another send saved after its lookup still answers that one school", async () => {
        // Right after this send finds the key unused, another send of the same form saves its school:
        // the moment a double tap can produce. SQLite has one connection, so the other insert queues for
        // it and runs before this send's next query; PostgreSQL runs it on a second connection.
        const idempotencyKey = key();
        const rival = { unique_id: "SCH-RIVAL22" };
        const lookups = new Set<unknown>();
        let rivalSaved: Promise<unknown> | null = null;
        const db = api.db.withPlugin({
          transformQuery: ({ node, queryId }) => {
            if (node.kind === "SelectQueryNode" && JSON.stringify(node).includes(idempotencyKey))
              lookups.add(queryId.queryId);
            return node;
          },
          transformResult: async ({ result, queryId }) => {
            if (lookups.delete(queryId.queryId) && !rivalSaved) {
              const now = api.clock.now.toISOString();
              rivalSaved = api.db
                .insertInto("schools")
                .values({
                  ...rival,
                  school_name: "Race Day Academy",
                  principal_name: "Mrs. Ada Obi",
                  school_email: "race@school.ng",
                  phone_number: "+2348031234567",
                  password_hash: "x",
                  registration_key: idempotencyKey,
                  logo_key: null,
                  signature_key: null,
                  created_at: now,
                  updated_at: now,
                })
                .execute();
              if (DATABASE === "postgres") await rivalSaved;
            }
            return result;
          },
        });
        const deps = {
          db,
          dialect: DATABASE,
          storage: localStorage(fs.mkdtempSync(path.join(os.tmpdir(), "school-race-"))),
          now: () => api.clock.now,
          publicUrl: TEST_PUBLIC_URL,
        } as const;
        const logo = {
          field: "logo",
          filename: "logo.png",
          declaredType: "image/png",
          bytes: new Uint8Array(PNG_BYTES),
          size: PNG_BYTES.length,
          truncated: false,
        };
        const fields = {
          school_name: "Race Day Academy",
          principal_name: "Mrs. Ada Obi",
          school_email: "race@school.ng",
          phone_number: "08031234567",
        };
        const answer = await registerSchoolService(deps, fields, logo, idempotencyKey);
        expect(rivalSaved).not.toBeNull();
        expect(answer.unique_id).toBe(rival.unique_id);
        const withKey = await api.db
          .selectFrom("schools")
          .select("unique_id")
          .where("registration_key", "=", idempotencyKey)
          .execute();
        expect(withKey).toEqual([rival]);
        expect((await login(api, rival.unique_id, answer.password)).status).toBe(200);
      });

      it("different keys make different schools", async () => {
        const a = (
          (await (await register(registrationForm(), { "Idempotency-Key": key() })).json()) as {
            data: { unique_id: string };
          }
        ).data;
        const b = (
          (await (await register(registrationForm(), { "Idempotency-Key": key() })).json()) as {
            data: { unique_id: string };
          }
        ).data;
        expect(a.unique_id).not.toBe(b.unique_id);
      });

      it("a form re-sent after more than an hour is refused", async () => {
        const idempotencyKey = key();
        expect((await register(registrationForm(), { "Idempotency-Key": idempotencyKey })).status).toBe(201);
        const schoolsBefore = await count("schools");
        api.clock.now = new Date(api.clock.now.getTime() + 61 * MINUTE);
        const late = await register(registrationForm(), { "Idempotency-Key": idempotencyKey });
        expect(late.status).toBe(409);
        expect(await count("schools")).toBe(schoolsBefore);
      });
    });
  });

  describe("POST /api/admin/login", () => {
    it("answers a long random token and stores only its hash", async () => {
      const school = await registerSchool(api);
      const res = await login(api, school.uniqueId, school.password);
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as {
        data: { token: string; unique_id: string; expires_at: string; admin_data: object };
      };
      // At least 128 bits: 22 or more base64url characters, not a run of one character.
      expect(data.token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      expect(new Set(data.token).size).toBeGreaterThan(10);
      expect(data.token).not.toBe(school.token);
      expect(data.unique_id).toBe(school.uniqueId);
      expect(JSON.stringify(data.admin_data)).not.toMatch(/password|scrypt/i);

      const hashes = await api.db
        .selectFrom("auth_tokens")
        .innerJoin("schools", "schools.id", "auth_tokens.school_id")
        .select("auth_tokens.token_hash")
        .where("schools.unique_id", "=", school.uniqueId)
        .execute();
      expect(hashes).toHaveLength(2);
      for (const { token_hash } of hashes) {
        expect(token_hash).not.toBe(data.token);
        expect(token_hash).not.toContain(data.token);
        expect(token_hash).not.toContain(school.token);
      }
      expect((await api.fetch(`/api/admin/${school.uniqueId}/adminData`, { headers: bearer(data.token) })).status).toBe(
        200,
      );
    });

    it("accepts the Unique ID in any letter case", async () => {
      const school = await registerSchool(api);
      expect((await login(api, school.uniqueId.toLowerCase(), school.password)).status).toBe(200);
    });

    it("makes a hash of earlier parameters again at sign-in, and the password still works", async () => {
      const school = await registerSchool(api);
      const salt = Buffer.alloc(16, 3);
      const key = await new Promise<Buffer>((resolve, reject) =>
        scrypt(school.password.normalize("NFKC"), salt, 32, { N: 2 ** 12, r: 8, p: 1 }, (e, k) =>
          e ? reject(e) : resolve(k),
        ),
      );
      const earlier = ["scrypt", 2 ** 12, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
      await api.db
        .updateTable("schools")
        .set({ password_hash: earlier })
        .where("unique_id", "=", school.uniqueId)
        .execute();
      expect((await login(api, school.uniqueId, school.password)).status).toBe(200);
      const rehashed = (await schoolRow(school.uniqueId)).password_hash;
      expect(rehashed).not.toBe(earlier);
      expect(needsRehash(rehashed)).toBe(false);
      expect((await login(api, school.uniqueId, school.password)).status).toBe(200);
      expect((await login(api, school.uniqueId, "not-the-password")).status).toBe(401);
    });

    it("an unknown school and a wrong password get the same answer", async () => {
      const school = await registerSchool(api);
      const wrong = await login(api, school.uniqueId, "not-the-password");
      const unknown = await login(api, "SCH-NOSUCH9", school.password);
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(wrong.status);
      expect(await unknown.json()).toEqual(await wrong.json());
    });

    it("missing fields give 422 with each field's message", async () => {
      const res = await api.fetch("/api/admin/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      });
      expect(res.status).toBe(422);
      expect(((await res.json()) as ErrorBody).errors).toEqual({
        unique_id: ["Unique ID is required"],
        password: ["Password is required"],
      });
    });

    it("a body that is not JSON gives 400", async () => {
      const res = await api.fetch("/api/admin/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{nope",
      });
      expect(res.status).toBe(400);
    });

    it("locks the Unique ID for 15 minutes after 5 failures, then lets it in again", async () => {
      const school = await registerSchool(api);
      const other = await registerSchool(api);
      const start = api.clock.now.getTime();
      for (let i = 0; i < 5; i++) {
        api.clock.now = new Date(start + i * MINUTE);
        expect((await login(api, school.uniqueId, `wrong-${i}`)).status).toBe(401);
      }
      api.clock.now = new Date(start + 5 * MINUTE);
      const locked = await login(api, school.uniqueId, school.password);
      expect(locked.status).toBe(429);
      expect(((await locked.json()) as ErrorBody).message).toBe("Too many failed attempts. Please wait and try again.");
      // The first failure was 5 minutes ago: the lock lifts 10 minutes from now.
      expect(Number(locked.headers.get("retry-after"))).toBe(10 * 60);
      expect((await login(api, school.uniqueId.toLowerCase(), school.password)).status).toBe(429);

      // Another school is not affected.
      expect((await login(api, other.uniqueId, other.password)).status).toBe(200);

      api.clock.now = new Date(start + 15 * MINUTE - 1000);
      const stillLocked = await login(api, school.uniqueId, school.password);
      expect(stillLocked.status).toBe(429);
      expect(Number(stillLocked.headers.get("retry-after"))).toBe(1);

      api.clock.now = new Date(start + 15 * MINUTE);
      expect((await login(api, school.uniqueId, school.password)).status).toBe(200);
    });

    it("unknown Unique IDs are locked the same way", async () => {
      for (let i = 0; i < 5; i++) expect((await login(api, "SCH-GHOST22", "x")).status).toBe(401);
      expect((await login(api, "SCH-GHOST22", "x")).status).toBe(429);
    });

    it("a successful login clears the failures", async () => {
      const school = await registerSchool(api);
      for (let i = 0; i < 4; i++) expect((await login(api, school.uniqueId, "wrong")).status).toBe(401);
      expect((await login(api, school.uniqueId, school.password)).status).toBe(200);
      for (let i = 0; i < 4; i++) expect((await login(api, school.uniqueId, "wrong")).status).toBe(401);
      expect((await login(api, school.uniqueId, school.password)).status).toBe(200);
    });

    /** A sign-in from `address`, as the server sets it on every request, with this device's token if it has one. */
    const loginFrom = (address: string, uniqueId: string, password: string, deviceToken?: string, email?: string) =>
      api.fetch("/api/admin/login", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Client-Address": address,
          ...(deviceToken ? { "X-Device-Token": deviceToken } : {}),
        },
        body: JSON.stringify({ unique_id: uniqueId, password, ...(email ? { email } : {}) }),
      });
    const deviceOf = async (response: Response) =>
      ((await response.json()) as { data: { device_token: string } }).data.device_token;

    /** Failures of the account from many addresses, as a spread-out attack leaves them (each one a wrong password). */
    const failuresFrom = async (loginKey: string, addresses: number) => {
      const at = api.clock.now.toISOString();
      for (let i = 0; i < addresses; i++) {
        for (let n = 0; n < 5; n++) {
          await api.db
            .insertInto("login_failures")
            .values({ login_key: loginKey, address: `198.51.100.${i}`, created_at: at })
            .execute();
        }
      }
    };

    it("an attacker's failures from one address lock that address, not the real user at another", async () => {
      const school = await registerSchool(api);
      for (let i = 0; i < 5; i++) expect((await loginFrom("203.0.113.9", school.uniqueId, "guess")).status).toBe(401);
      const refused = await loginFrom("203.0.113.9", school.uniqueId, school.password);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBe(15 * 60);
      expect((await loginFrom("192.0.2.10", school.uniqueId, school.password)).status).toBe(200);
      // The real user's success does not reset the attacker's count.
      expect((await loginFrom("203.0.113.9", school.uniqueId, school.password)).status).toBe(429);
    });

    it("past the per-account ceiling a new device waits, a device that signed in before does not", async () => {
      const school = await registerSchool(api);
      const known = await loginFrom("192.0.2.20", school.uniqueId, school.password);
      expect(known.status).toBe(200);
      const device = await deviceOf(known);
      expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);

      await failuresFrom(school.uniqueId, 10);
      const stranger = await loginFrom("192.0.2.30", school.uniqueId, school.password);
      expect(stranger.status).toBe(429);
      expect(Number(stranger.headers.get("retry-after"))).toBe(15 * 60);
      // A token the API never issued, or one issued for another account, passes nothing.
      expect((await loginFrom("192.0.2.30", school.uniqueId, school.password, "x".repeat(43))).status).toBe(429);
      const other = await registerSchool(api);
      const otherDevice = await deviceOf(await loginFrom("192.0.2.40", other.uniqueId, other.password));
      expect((await loginFrom("192.0.2.30", school.uniqueId, school.password, otherDevice)).status).toBe(429);

      // The known device signs in from a new address, and keeps its token.
      const again = await loginFrom("192.0.2.50", school.uniqueId, school.password, device);
      expect(again.status).toBe(200);
      expect(await deviceOf(again)).toBe(device);
      // Its wrong passwords still count against its own address.
      for (let i = 0; i < 5; i++)
        expect((await loginFrom("192.0.2.50", school.uniqueId, "x", device)).status).toBe(401);
      expect((await loginFrom("192.0.2.50", school.uniqueId, school.password, device)).status).toBe(429);

      api.clock.now = new Date(api.clock.now.getTime() + 15 * MINUTE + 1000);
      expect((await loginFrom("192.0.2.30", school.uniqueId, school.password)).status).toBe(200);
    });

    it("a sub-admin's sign-in is throttled by address and ceiling the same way", async () => {
      const school = await registerSchool(api);
      const email = "bursar@example.ng";
      await failuresFrom(`${school.uniqueId}:${email}`, 10);
      expect((await loginFrom("192.0.2.60", school.uniqueId, "x", undefined, email)).status).toBe(429);
      // The school's main admin is another account.
      expect((await loginFrom("192.0.2.60", school.uniqueId, school.password)).status).toBe(200);
    });
  });

  describe("tokens", () => {
    it("expire after 7 days", async () => {
      const school = await registerSchool(api);
      const signedInAt = api.clock.now.getTime();
      const dashboard = () => api.fetch(`/api/admin/${school.uniqueId}/dashboard`, { headers: school.auth });
      api.clock.now = new Date(signedInAt + 7 * DAY - 1000);
      expect((await dashboard()).status).toBe(200);
      api.clock.now = new Date(signedInAt + 7 * DAY + 1000);
      const expired = await dashboard();
      expect(expired.status).toBe(401);
      expect(((await expired.json()) as ErrorBody).message).toBe("Your session has ended. Please log in again.");
    });

    it("logout revokes the token it was sent with, and only that one", async () => {
      const school = await registerSchool(api);
      const second = (
        (await (await login(api, school.uniqueId, school.password)).json()) as { data: { token: string } }
      ).data.token;
      const out = await api.fetch(`/api/admin/${school.uniqueId}/logout`, { method: "POST", headers: school.auth });
      expect(out.status).toBe(200);
      expect((await api.fetch(`/api/admin/${school.uniqueId}/adminData`, { headers: school.auth })).status).toBe(401);
      expect(
        (await api.fetch(`/api/admin/${school.uniqueId}/logout`, { method: "POST", headers: school.auth })).status,
      ).toBe(401);
      expect((await api.fetch(`/api/admin/${school.uniqueId}/adminData`, { headers: bearer(second) })).status).toBe(
        200,
      );
    });

    it.each([
      ["no header", {}],
      ["an empty bearer", { Authorization: "Bearer " }],
      ["another scheme", { Authorization: "Basic dXNlcjpwYXNz" }],
      ["a made-up token", { Authorization: "Bearer aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" }],
    ])("%s gives 401", async (_what, headers) => {
      const school = await registerSchool(api);
      expect((await api.fetch(`/api/admin/${school.uniqueId}/adminData`, { headers })).status).toBe(401);
    });
  });
});
