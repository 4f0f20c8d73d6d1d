import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE } from "../../contract/limits";
import { APP_MESSAGES, DEFAULT_SUCCESS, MESSAGES } from "../../contract/messages";
import { PEOPLE_MESSAGES } from "../../contract/people";
import { STAFF_MESSAGES, type StaffRecord } from "../../contract/staff";
import {
  DATABASE,
  PNG_BYTES,
  registerSchool,
  sql,
  startApi,
  textNamedPng,
  type RegisteredSchool,
  type TestApi,
} from "./harness";
import { peopleClient } from "./people-client";
import { teaching } from "../../api/db/migrations/0016_teaching";

/** Staff (contract/staff.ts), on the real database. */
describe(`staff API on ${DATABASE}`, { timeout: 120_000 }, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  let client: ReturnType<typeof peopleClient>;
  beforeAll(async () => {
    api = await startApi();
    school = await registerSchool(api);
    client = peopleClient(api);
  });
  afterAll(() => api.close());

  let serial = 0;
  const member = (overrides: Record<string, unknown> = {}) => {
    serial += 1;
    return {
      name: `Mr. Femi Ajayi ${serial}`,
      email: `femi${serial}@school.ng`,
      phone: `0806 400 ${String(1000 + serial)}`,
      ...overrides,
    };
  };
  const add = (s: RegisteredSchool, data: Record<string, unknown>, init: { key?: string; photo?: File } = {}) =>
    client.send(s, "POST", "/staffs", "staff_data", data, init);
  const put = (s: RegisteredSchool, key: string | number, data: Record<string, unknown>) =>
    client.send(s, "PUT", `/staffs/${key}`, "staff_data", data);
  async function created(s: RegisteredSchool, data: Record<string, unknown> = member()): Promise<StaffRecord> {
    const { status, body } = await add(s, data);
    expect(status, JSON.stringify(body)).toBe(201);
    return body.data;
  }
  const list = (s: RegisteredSchool, query = "") => client.list<StaffRecord>(s, `/staffs${query}`);
  const names = async (s: RegisteredSchool, query: string) => (await list(s, query)).data.map((m) => m.staff_data.name);
  const dashboard = async (s: RegisteredSchool) =>
    (await client.get(s, "/dashboard")).body.data as { teaching_staff: number; non_teaching_staff: number };

  describe("POST /staffs", () => {
    it("creates a teacher: 201, the product's record, phone in E.164, the pairs taught, classes and subjects read from them", async () => {
      const s = await registerSchool(api);
      const { status, body } = await add(s, {
        name: " Mrs. Chioma Eze ",
        email: "Chioma@School.NG",
        phone: "0803 123 4567",
        address: "5 Ring Road, Ibadan",
        position: "Head of Sciences",
        is_teaching_staff: true,
        form_teacher: "SS2",
        teaching: [
          { class: "SS3", subject: "Chemistry" },
          { class: " SS2", subject: "Biology " },
          { class: "SS2", subject: "Chemistry" },
        ],
      });
      expect(status).toBe(201);
      expect(body.message).toBe(DEFAULT_SUCCESS.created);
      expect(body.data).toEqual({
        unique_id: expect.stringMatching(/^STF-/),
        id: expect.any(Number),
        sign_in: false,
        staff_data: {
          name: "Mrs. Chioma Eze",
          email: "chioma@school.ng",
          phone: "+2348031234567",
          address: "5 Ring Road, Ibadan",
          position: "Head of Sciences",
          class: "SS2, SS3",
          profile_img: null,
          is_teaching_staff: true,
          form_teacher: "SS2",
          subjects: ["Biology", "Chemistry"],
          teaching: [
            { class: "SS2", subject: "Biology" },
            { class: "SS2", subject: "Chemistry" },
            { class: "SS3", subject: "Chemistry" },
          ],
          teaching_review: null,
        },
      });
      expect((await client.get(s, `/staffs/${body.data.id}`)).body.data).toEqual(body.data);
      expect((await client.get(s, `/staffs/${body.data.unique_id}`)).body.data).toEqual(body.data);
    });

    it("takes the pairs as JSON text or as the import's text, flags as text; non-teaching staff keep no pairs", async () => {
      const teacher = await created(
        school,
        member({ is_teaching_staff: "true", teaching: "JSS1: Mathematics, French; JSS2: Mathematics" }),
      );
      expect(teacher.staff_data).toMatchObject({
        is_teaching_staff: true,
        class: "JSS1, JSS2",
        subjects: ["French", "Mathematics"],
        teaching: [
          { class: "JSS1", subject: "French" },
          { class: "JSS1", subject: "Mathematics" },
          { class: "JSS2", subject: "Mathematics" },
        ],
      });
      const json = await created(
        school,
        member({ is_teaching_staff: true, teaching: JSON.stringify([{ class: "SS1", subject: "Physics" }]) }),
      );
      expect(json.staff_data.teaching).toEqual([{ class: "SS1", subject: "Physics" }]);
      const bursar = await created(
        school,
        member({
          position: "Bursar",
          is_teaching_staff: false,
          form_teacher: "JSS3",
          teaching: [{ class: "JSS3", subject: "Mathematics" }],
        }),
      );
      expect(bursar.staff_data).toMatchObject({
        position: "Bursar",
        is_teaching_staff: false,
        form_teacher: null,
        class: null,
        subjects: [],
        teaching: [],
      });
    });

    it.each([
      [
        "a class or a subject missing, beside its pair",
        [{ class: "JSS1" }, { subject: "Mathematics" }, { class: "JSS1", subject: "Mathematics" }],
        {
          "teaching[0].subject": [STAFF_MESSAGES.subjectRequired],
          "teaching[1].class": [STAFF_MESSAGES.classRequired],
        },
      ],
      [
        "a class the school lacks, a subject its class lacks, a pair twice",
        [
          { class: "Year 9", subject: "Mathematics" },
          { class: "JSS1", subject: "Physics" },
          { class: "SS1", subject: "Physics" },
          { class: "SS1", subject: "Physics" },
        ],
        {
          "teaching[0].class": [STAFF_MESSAGES.classUnknown],
          "teaching[1].subject": [STAFF_MESSAGES.subjectUnknown("JSS1")],
          "teaching[3].subject": [STAFF_MESSAGES.pairTwice],
        },
      ],
      ["text that is not pairs", "JSS1 Mathematics", { teaching: [STAFF_MESSAGES.teachingText] }],
      ["not a list", 42, { teaching: [STAFF_MESSAGES.teachingText] }],
    ])("refuses %s; writes nothing", async (_, teaching, errors) => {
      const before = (await list(school)).total;
      const res = await add(school, member({ is_teaching_staff: true, teaching }));
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual(errors);
      expect((await list(school)).total).toBe(before);
    });

    it("requires name, email and phone; checks email, phone, classes, subjects and photo, all at once; writes nothing", async () => {
      const before = (await list(school)).total;
      const empty = await add(school, {});
      expect(empty.status).toBe(422);
      expect(empty.body.errors).toEqual({
        name: [PEOPLE_MESSAGES.nameRequired],
        email: [PEOPLE_MESSAGES.emailRequired],
        phone: [PEOPLE_MESSAGES.phoneRequired],
      });
      const bad = await add(
        school,
        member({
          email: "nope",
          phone: "0803",
          is_teaching_staff: true,
          form_teacher: "Year 9",
          teaching: [{ class: "JSS1", subject: "Astrology" }],
        }),
        { photo: textNamedPng() },
      );
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({
        email: [APP_MESSAGES.invalidEmail],
        phone: [APP_MESSAGES.invalidPhone],
        form_teacher: [STAFF_MESSAGES.classUnknown],
        "teaching[0].subject": [STAFF_MESSAGES.subjectUnknown("JSS1")],
        profile_img: [MESSAGES.onlyImages],
      });
      expect((await list(school)).total).toBe(before);
    });

    it("a class has one form teacher: a clash names the other teacher, on add and on edit", async () => {
      const s = await registerSchool(api);
      await created(s, member({ name: "Mr. Tunde Bakare", is_teaching_staff: true, form_teacher: "JSS2" }));
      const clash = await add(s, member({ is_teaching_staff: true, form_teacher: "JSS2" }));
      expect(clash.status).toBe(409);
      expect(clash.body).toEqual({
        message: STAFF_MESSAGES.formClassTaken("Mr. Tunde Bakare", "JSS2"),
        errors: { form_teacher: [STAFF_MESSAGES.formClassTaken("Mr. Tunde Bakare", "JSS2")] },
      });
      const other = await created(s, member({ is_teaching_staff: true, form_teacher: "JSS3" }));
      const moved = await put(s, other.id, {
        ...member(),
        name: other.staff_data.name,
        email: other.staff_data.email,
        is_teaching_staff: true,
        form_teacher: "JSS2",
      });
      expect(moved.status).toBe(409);
      expect(moved.body.errors.form_teacher).toEqual([STAFF_MESSAGES.formClassTaken("Mr. Tunde Bakare", "JSS2")]);
      // A form teacher may keep their own class on edit.
      expect(
        (
          await put(s, other.unique_id, {
            name: "Kept",
            email: other.staff_data.email!,
            phone: other.staff_data.phone!,
            is_teaching_staff: true,
            form_teacher: "JSS3",
          })
        ).status,
      ).toBe(200);
    });

    it("refuses another member's email or phone in the same school with 409, allows them in another", async () => {
      const s = await registerSchool(api);
      await created(s, member({ email: "taken@school.ng", phone: "0807 000 1111" }));
      const both = await add(s, member({ email: "Taken@School.ng", phone: "+234 807 000 1111" }));
      expect(both.status).toBe(409);
      expect(both.body.errors).toEqual({
        email: [STAFF_MESSAGES.duplicateEmail],
        phone: [STAFF_MESSAGES.duplicatePhone],
      });
      expect((await add(school, member({ email: "taken@school.ng", phone: "0807 000 1111" }))).status).toBe(201);
    });

    it("creates one member for a re-sent request with the same idempotency key, even at the same time", async () => {
      const s = await registerSchool(api);
      const data = member();
      const answers = await Promise.all([1, 2, 3].map(() => add(s, data, { key: "staff-form-key-0001" })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
      expect(new Set(answers.map((a) => a.body.data.unique_id)).size).toBe(1);
      expect((await add(s, data, { key: "staff-form-key-0001" })).status).toBe(200);
      expect((await list(s)).total).toBe(1);
    });

    it("takes a photo, keeps it on an edit without one, removes it on request", async () => {
      const s = await registerSchool(api);
      const { body } = await add(s, member(), { photo: new File([PNG_BYTES], "me.png", { type: "image/png" }) });
      const photo = body.data.staff_data.profile_img;
      expect((await api.fetch(photo, { headers: s.auth })).status).toBe(200);
      const contact = {
        name: body.data.staff_data.name,
        email: body.data.staff_data.email,
        phone: body.data.staff_data.phone,
      };
      expect((await put(s, body.data.id, contact)).body.data.staff_data.profile_img).toBe(photo);
      expect(
        (await put(s, body.data.id, { ...contact, remove_photo: "true" })).body.data.staff_data.profile_img,
      ).toBeNull();
      expect((await api.fetch(photo, { headers: s.auth })).status).toBe(404);
    });
  });

  describe("GET /staffs", () => {
    let s: RegisteredSchool;
    beforeAll(async () => {
      s = await registerSchool(api);
      for (let i = 1; i <= PAGE_SIZE + 1; i++) {
        await created(
          s,
          member({
            name: `Teacher ${String(i).padStart(2, "0")}`,
            email: `t${i}@list.ng`,
            phone: `0808 100 ${String(1000 + i)}`,
            is_teaching_staff: true,
            position: "Teacher",
          }),
        );
      }
      await created(
        s,
        member({
          name: "Mrs. Amina Yusuf",
          email: "amina@list.ng",
          position: "Vice Principal",
          is_teaching_staff: true,
          form_teacher: "SS1",
          teaching: [{ class: "SS2", subject: "Government" }],
        }),
      );
      await created(
        s,
        member({
          name: "Mr. Sani Garba",
          email: "sani@list.ng",
          position: "Teacher",
          is_teaching_staff: true,
          teaching: [
            { class: "SS1", subject: "Economics" },
            { class: "SS3", subject: "Economics" },
          ],
        }),
      );
      await created(
        s,
        member({ name: "Mr. Okon Bassey", email: "okon.bursar@list.ng", position: "Bursar", is_teaching_staff: false }),
      );
    });

    it("pages in the database by name without titles, and the chips: All, Teaching, Non-Teaching", async () => {
      const all = await list(s);
      expect(all).toMatchObject({ current_page: 1, per_page: PAGE_SIZE, total: PAGE_SIZE + 4, last_page: 2 });
      expect(all.data.slice(0, 3).map((m) => m.staff_data.name)).toEqual([
        "Mrs. Amina Yusuf",
        "Mr. Okon Bassey",
        "Mr. Sani Garba",
      ]);
      expect((await list(s, "?type=teaching")).total).toBe(PAGE_SIZE + 3);
      expect(await names(s, "?type=non-teaching")).toEqual(["Mr. Okon Bassey"]);
      expect((await list(s, "?type=everyone")).total).toBe(PAGE_SIZE + 4);
    });

    it("filters by class: the form teacher of it, or a teacher in it", async () => {
      expect(await names(s, "?class=SS1")).toEqual(["Mrs. Amina Yusuf", "Mr. Sani Garba"]);
      expect(await names(s, "?class=SS2")).toEqual(["Mrs. Amina Yusuf"]);
      expect(await names(s, "?class=SS3&type=teaching")).toEqual(["Mr. Sani Garba"]);
      expect(await names(s, "?class=SS3&type=non-teaching")).toEqual([]);
      expect(await names(s, "?class=JSS1")).toEqual([]);
    });

    it.each([
      ["a name", "amina", ["Mrs. Amina Yusuf"]],
      ["a position", "vice principal", ["Mrs. Amina Yusuf"]],
      ["a position, with the chip", "bursar", ["Mr. Okon Bassey"]],
      ["an email", "okon.bursar@", ["Mr. Okon Bassey"]],
    ])("searches by %s", async (_, q, expected) => {
      expect(await names(s, `?q=${encodeURIComponent(q)}`)).toEqual(expected);
    });

    it("combines search, chip and class", async () => {
      expect((await list(s, "?q=teacher&type=teaching")).total).toBe(PAGE_SIZE + 2);
      expect(await names(s, "?q=teacher&class=SS3")).toEqual(["Mr. Sani Garba"]);
      expect(await names(s, "?q=bursar&type=teaching")).toEqual([]);
    });
  });

  describe("names with titles", () => {
    it("sorts by the name without its titles, shown as written, and an update moves the name", async () => {
      const s = await registerSchool(api);
      const ids: Record<string, string> = {};
      for (const name of ["Hauwa Musa", "Mrs. Grace Eze", "Fatima Bello", "Drake Obi"])
        ids[name] = (await created(s, member({ name }))).unique_id;
      const order = async () => (await list(s)).data.map((m) => m.staff_data.name);
      expect(await order()).toEqual(["Drake Obi", "Fatima Bello", "Mrs. Grace Eze", "Hauwa Musa"]);
      expect((await put(s, ids["Drake Obi"]!, member({ name: "Engr. Zainab Ali" }))).status).toBe(200);
      expect(await order()).toEqual(["Fatima Bello", "Mrs. Grace Eze", "Hauwa Musa", "Engr. Zainab Ali"]);
    });
  });

  describe("PUT and DELETE /staffs/{id}", () => {
    it("replaces the details (a field left out is cleared); the dashboard's counts follow every change", async () => {
      const s = await registerSchool(api);
      const record = await created(
        s,
        member({
          address: "Old",
          position: "Teacher",
          is_teaching_staff: true,
          form_teacher: "JSS1",
          teaching: [{ class: "JSS1", subject: "Mathematics" }],
        }),
      );
      await created(s, member({ is_teaching_staff: false }));
      expect(await dashboard(s)).toMatchObject({ teaching_staff: 1, non_teaching_staff: 1 });

      const res = await put(s, record.id, {
        name: "Now Bursar",
        email: "bursar@school.ng",
        phone: "0809 111 2222",
        position: "Bursar",
        is_teaching_staff: false,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        message: DEFAULT_SUCCESS.updated,
        data: {
          ...record,
          staff_data: {
            name: "Now Bursar",
            email: "bursar@school.ng",
            phone: "+2348091112222",
            address: null,
            position: "Bursar",
            class: null,
            profile_img: null,
            is_teaching_staff: false,
            form_teacher: null,
            subjects: [],
            teaching: [],
            teaching_review: null,
          },
        },
      });
      expect(await dashboard(s)).toMatchObject({ teaching_staff: 0, non_teaching_staff: 2 });
      // JSS1 has no form teacher any more: another teacher may take it.
      await created(s, member({ is_teaching_staff: true, form_teacher: "JSS1" }));
      expect(await dashboard(s)).toMatchObject({ teaching_staff: 1, non_teaching_staff: 2 });

      expect(await client.remove(s, `/staffs/${record.unique_id}`)).toEqual({
        status: 200,
        body: { message: DEFAULT_SUCCESS.deleted },
      });
      expect(await dashboard(s)).toMatchObject({ teaching_staff: 1, non_teaching_staff: 1 });
      expect((await client.get(s, `/staffs/${record.id}`)).status).toBe(404);
    });

    it("renamed classes take their form teachers and teachers along, swaps included", async () => {
      const s = await registerSchool(api);
      const first = await created(
        s,
        member({ is_teaching_staff: true, form_teacher: "JSS1", teaching: "JSS1: Mathematics, French; JSS2: French" }),
      );
      const second = await created(
        s,
        member({
          is_teaching_staff: true,
          form_teacher: "JSS2",
          teaching: [{ class: "JSS2", subject: "Mathematics" }],
        }),
      );
      const settings = (await client.get(s, "/school-settings")).body.data;
      const classes = settings.classes.map((c: { class_name: string; section: string }) => ({
        class_name: c.class_name === "JSS1" ? "JSS2" : c.class_name === "JSS2" ? "JSS1" : c.class_name,
        section: c.section,
      }));
      const saved = await client.post(s, "/school-settings", {
        school_settings: { classes },
        class_renames: [
          { from: "JSS1", to: "JSS2" },
          { from: "JSS2", to: "JSS1" },
        ],
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect((await client.get(s, `/staffs/${first.id}`)).body.data.staff_data).toMatchObject({
        form_teacher: "JSS2",
        teaching: [
          { class: "JSS1", subject: "French" },
          { class: "JSS2", subject: "French" },
          { class: "JSS2", subject: "Mathematics" },
        ],
      });
      expect((await client.get(s, `/staffs/${second.id}`)).body.data.staff_data).toMatchObject({
        form_teacher: "JSS1",
        teaching: [{ class: "JSS1", subject: "Mathematics" }],
      });
      expect(await names(s, "?class=JSS1")).toHaveLength(2);
    });

    it("answers 404 for an unknown member, by id or unique_id", async () => {
      for (const key of ["424242", "STF-unknown"]) {
        expect((await client.get(school, `/staffs/${key}`)).body).toEqual({ message: STAFF_MESSAGES.notFound });
        expect((await put(school, key, member())).status).toBe(404);
        expect((await client.remove(school, `/staffs/${key}`)).status).toBe(404);
      }
    });
  });

  // Last in the file: it takes the whole database back to the separate lists and forward again.
  describe("migration 0016_teaching", () => {
    it("pairs one class with its subjects and one subject with its classes; flags the rest with their lists kept", async () => {
      const s = await registerSchool(api);
      const kept = await created(
        s,
        member({ is_teaching_staff: true, teaching: [{ class: "SS1", subject: "Physics" }] }),
      );
      const migration = teaching(DATABASE);
      await migration.down!(api.db as never);
      const schoolId = (
        await sql<{ id: number }>`select id from schools where unique_id = ${s.uniqueId}`.execute(api.db)
      ).rows[0].id;
      const oldId = (name: string) => `STF-old-${name.replace(/ /g, "-")}`;
      const old = async (name: string, teacher: boolean, classes: string[], subjects: string | null) => {
        const now = new Date().toISOString();
        const { id } = (
          await sql<{
            id: number;
          }>`insert into staff (school_id, unique_id, name, is_teaching_staff, subjects, created_at, updated_at)
            values (${schoolId}, ${oldId(name)}, ${name}, ${teacher ? 1 : 0}, ${subjects}, ${now}, ${now}) returning id`.execute(
            api.db,
          )
        ).rows[0];
        for (const className of classes)
          await sql`insert into staff_classes (staff_id, school_id, class_name) values (${id}, ${schoolId}, ${className})`.execute(
            api.db,
          );
      };
      await old("One Class", true, ["JSS1"], "Mathematics, French");
      await old("One Subject", true, ["JSS1", "JSS2"], "Mathematics");
      await old("Empty", true, [], null);
      await old("Two Each", true, ["JSS1", "SS1"], "Mathematics, Physics");
      await old("Classes Only", true, ["JSS3"], null);
      await old("Bursar", false, [], null);
      await migration.up(api.db as never);

      const data = async (name: string) => (await client.get(s, `/staffs/${oldId(name)}`)).body.data.staff_data;
      expect(await data("One Class")).toMatchObject({
        teaching: [
          { class: "JSS1", subject: "French" },
          { class: "JSS1", subject: "Mathematics" },
        ],
        teaching_review: null,
      });
      expect(await data("One Subject")).toMatchObject({
        teaching: [
          { class: "JSS1", subject: "Mathematics" },
          { class: "JSS2", subject: "Mathematics" },
        ],
        teaching_review: null,
      });
      expect(await data("Empty")).toMatchObject({ teaching: [], teaching_review: null });
      expect(await data("Bursar")).toMatchObject({ teaching: [], teaching_review: null });
      expect(await data("Two Each")).toMatchObject({
        teaching: [],
        teaching_review: { class: ["JSS1", "SS1"], subjects: ["Mathematics", "Physics"] },
      });
      expect(await data("Classes Only")).toMatchObject({
        teaching: [],
        teaching_review: { class: ["JSS3"], subjects: [] },
      });
      // Pairs made since come back through the separate lists unchanged when they were one class's.
      expect((await client.get(s, `/staffs/${kept.id}`)).body.data.staff_data.teaching).toEqual([
        { class: "SS1", subject: "Physics" },
      ]);

      // Saving the member clears the flag.
      const saved = await put(s, oldId("Two Each"), {
        ...member(),
        is_teaching_staff: true,
        teaching: "JSS1: Mathematics; SS1: Physics",
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data.staff_data.teaching_review).toBeNull();
    });
  });
});
