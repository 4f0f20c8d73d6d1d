import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE } from "../../contract/limits";
import { APP_MESSAGES, DEFAULT_SUCCESS, MESSAGES } from "../../contract/messages";
import { MAX_CHILDREN, PARENT_MESSAGES, type ParentDetail, type ParentRecord } from "../../contract/parents";
import { PEOPLE_MESSAGES } from "../../contract/people";
import type { StudentRecord } from "../../contract/students";
import {
  DATABASE,
  PNG_BYTES,
  pngFileOfSize,
  registerSchool,
  startApi,
  textNamedPng,
  type RegisteredSchool,
  type TestApi,
} from "./harness";
import { peopleClient } from "./people-client";

/** Parents and their children (contract/parents.ts), on the real database. */
describe(`parents API on ${DATABASE}`, { timeout: 120_000 }, () => {
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
  const parent = (overrides: Record<string, unknown> = {}) => {
    serial += 1;
    return {
      name: `Mrs. Bisi Adeyemi ${serial}`,
      email: `bisi${serial}@example.ng`,
      phone: `0803 200 ${String(1000 + serial)}`,
      ...overrides,
    };
  };
  const add = (s: RegisteredSchool, data: Record<string, unknown>, init: { key?: string; photo?: File } = {}) =>
    client.send(s, "POST", "/stu-parents", "parent_data", data, init);
  async function created(s: RegisteredSchool, data: Record<string, unknown> = parent()): Promise<ParentDetail> {
    const { status, body } = await add(s, data);
    expect(status, JSON.stringify(body)).toBe(201);
    return body.data;
  }
  const list = (s: RegisteredSchool, query = "") => client.list<ParentRecord>(s, `/stu-parents${query}`);
  const pupil = (s: RegisteredSchool, data: Record<string, unknown>) =>
    client.student(s, data) as Promise<StudentRecord>;
  const rows = async (table: "parents" | "parent_students" | "media") =>
    (await api.db.selectFrom(table).selectAll().execute()).length;

  describe("POST /stu-parents", () => {
    it("creates a parent with children named by unique_id or id: 201, the product's record and detail", async () => {
      const s = await registerSchool(api);
      const ada = await pupil(s, { name: "Ada Okafor", selectedClass: "JSS1" });
      const obi = await pupil(s, { name: "Obi Okafor", selectedClass: "SS2" });
      const { status, body } = await add(s, {
        name: "  Mrs. Ngozi Okafor ",
        email: "Ngozi@Example.NG",
        phone: "0803 123 4567",
        address: "12 Allen Avenue, Ikeja",
        children: [ada.unique_id, String(obi.id)],
      });
      expect(status).toBe(201);
      expect(body.message).toBe(DEFAULT_SUCCESS.created);
      const child = (s: StudentRecord) => ({
        unique_id: s.unique_id,
        id: s.id,
        status: "active",
        student_data: { name: s.student_data.name, class: s.student_data.class, profile_img: null },
      });
      expect(body.data).toEqual({
        unique_id: expect.stringMatching(/^PAR-/),
        id: expect.any(Number),
        parent_data: {
          name: "Mrs. Ngozi Okafor",
          email: "ngozi@example.ng",
          phone: "+2348031234567",
          address: "12 Allen Avenue, Ikeja",
          profile_img: null,
        },
        children: [child(ada), child(obi)],
        students: [
          { id: ada.id, unique_id: ada.unique_id, name: "Ada Okafor", class: "JSS1", profile_image: null },
          { id: obi.id, unique_id: obi.unique_id, name: "Obi Okafor", class: "SS2", profile_image: null },
        ],
      });
      const fetched = await client.get(s, `/stu-parents/${body.data.unique_id}`);
      expect(fetched).toEqual({ status: 200, body: { data: body.data } });
    });

    it("requires name, email and phone, each with its message, and writes nothing", async () => {
      const before = await rows("parents");
      const { status, body } = await add(school, { address: "Lekki" });
      expect(status).toBe(422);
      expect(body.errors).toEqual({
        name: [PEOPLE_MESSAGES.nameRequired],
        email: [PEOPLE_MESSAGES.emailRequired],
        phone: [PEOPLE_MESSAGES.phoneRequired],
      });
      expect(body.message).toBe(PEOPLE_MESSAGES.nameRequired);
      expect((await client.send(school, "POST", "/stu-parents", "parent_data", undefined)).status).toBe(422);
      expect(await rows("parents")).toBe(before);
    });

    it("reports a bad email, a bad phone, an unknown child and a bad photo together, and writes nothing", async () => {
      const before = { parents: await rows("parents"), media: await rows("media") };
      const { status, body } = await add(
        school,
        parent({ email: "not-an-email", phone: "12345", children: ["STU-nobody"] }),
        { photo: textNamedPng("face.png") },
      );
      expect(status).toBe(422);
      expect(body.errors).toEqual({
        email: [APP_MESSAGES.invalidEmail],
        phone: [APP_MESSAGES.invalidPhone],
        children: [PARENT_MESSAGES.childUnknown],
        profile_img: [MESSAGES.onlyImages],
      });
      expect({ parents: await rows("parents"), media: await rows("media") }).toEqual(before);
    });

    it("refuses another school's student, a third parent and too many children, naming the student", async () => {
      const s = await registerSchool(api);
      const other = await registerSchool(api);
      const theirs = await pupil(other, { name: "Not Yours" });
      expect((await add(s, parent({ children: [theirs.unique_id] }))).body.errors).toEqual({
        children: [PARENT_MESSAGES.childUnknown],
      });
      expect((await add(s, parent({ children: [String(theirs.id)] }))).body.errors).toEqual({
        children: [PARENT_MESSAGES.childUnknown],
      });

      const tola = await pupil(s, { name: "Tola Ajayi" });
      await created(s, parent({ children: [tola.unique_id] }));
      await created(s, parent({ children: [tola.unique_id] }));
      const third = await add(s, parent({ children: [tola.unique_id] }));
      expect(third.status).toBe(422);
      expect(third.body.errors).toEqual({ children: [PARENT_MESSAGES.twoParents("Tola Ajayi")] });

      const many = Array.from({ length: MAX_CHILDREN + 1 }, (_, i) => `STU-${i}`);
      expect((await add(s, parent({ children: many }))).body.errors).toEqual({
        children: [PARENT_MESSAGES.tooManyChildren],
      });
      expect((await list(s)).total).toBe(2);
    });

    it("refuses another parent's email or phone in the same school with 409, allows them in another", async () => {
      const s = await registerSchool(api);
      await created(s, parent({ email: "same@example.ng", phone: "0803 999 0001" }));
      const email = await add(s, parent({ email: "SAME@example.ng" }));
      expect(email.status).toBe(409);
      expect(email.body).toEqual({
        message: PARENT_MESSAGES.duplicateEmail,
        errors: { email: [PARENT_MESSAGES.duplicateEmail] },
      });
      const phone = await add(s, parent({ phone: "+234 803 999 0001" }));
      expect(phone.status).toBe(409);
      expect(phone.body.errors).toEqual({ phone: [PARENT_MESSAGES.duplicatePhone] });
      const both = await add(s, parent({ email: "same@example.ng", phone: "08039990001" }));
      expect(both.body.errors).toEqual({
        email: [PARENT_MESSAGES.duplicateEmail],
        phone: [PARENT_MESSAGES.duplicatePhone],
      });
      expect((await add(school, parent({ email: "same@example.ng", phone: "0803 999 0001" }))).status).toBe(201);
    });

    it("creates one parent for a re-sent request with the same idempotency key, even at the same time", async () => {
      const s = await registerSchool(api);
      const data = parent();
      const key = "parent-form-key-0001";
      const first = await add(s, data, { key });
      const again = await add(s, data, { key });
      expect([first.status, again.status]).toEqual([201, 200]);
      expect(again.body.data.unique_id).toBe(first.body.data.unique_id);
      const racing = parent();
      const answers = await Promise.all([1, 2, 3].map(() => add(s, racing, { key: "parent-form-key-0002" })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
      expect(new Set(answers.map((a) => a.body.data.unique_id)).size).toBe(1);
      expect((await list(s)).total).toBe(2);
    });

    it("takes a photo by the profile's rules: served back, under 2 MB, an image by its bytes", async () => {
      const { status, body } = await add(school, parent(), {
        photo: new File([PNG_BYTES], "me.png", { type: "image/png" }),
      });
      expect(status).toBe(201);
      expect(body.data.parent_data.profile_img).toMatch(/^\/api\/media\/[a-f0-9]{32}$/);
      const media = await api.fetch(body.data.parent_data.profile_img, { headers: school.auth });
      expect(media.status).toBe(200);
      expect(media.headers.get("content-type")).toBe("image/png");

      const before = await rows("media");
      const large = await add(school, parent(), { photo: pngFileOfSize(2_097_152) });
      expect(large.status).toBe(422);
      expect(large.body.errors).toEqual({ profile_img: [MESSAGES.imageTooLarge] });
      expect(await rows("media")).toBe(before);
    });
  });

  describe("GET /stu-parents", () => {
    let s: RegisteredSchool;
    let jss1: StudentRecord;
    beforeAll(async () => {
      s = await registerSchool(api);
      jss1 = await pupil(s, { name: "Kemi Bello", selectedClass: "JSS1" });
      const ss3 = await pupil(s, { name: "Tayo Bello", selectedClass: "SS3" });
      const former = await pupil(s, { name: "Dapo Bello", selectedClass: "JSS2" });
      await client.post(s, `/students/${former.unique_id}/backlog`, { reason: "Graduated" });
      for (let i = 1; i <= PAGE_SIZE + 2; i++) {
        await created(
          s,
          parent({
            name: `Parent ${String(i).padStart(2, "0")}`,
            email: `parent${i}@list.ng`,
            phone: `0805 300 ${String(1000 + i)}`,
          }),
        );
      }
      await created(
        s,
        parent({
          name: "Alhaji Musa Bello",
          email: "musa.bello@mail.ng",
          phone: "0809 876 5432",
          children: [jss1.unique_id, ss3.unique_id],
        }),
      );
      await created(
        s,
        parent({ name: "Hajiya Bello", email: "hajiya@mail.ng", phone: "0809 876 5433", children: [former.unique_id] }),
      );
    });

    it("pages in the database, by name without titles, each parent with their children", async () => {
      const first = await list(s);
      expect(first).toMatchObject({ current_page: 1, per_page: PAGE_SIZE, total: PAGE_SIZE + 4, last_page: 2 });
      expect(first.data[0].parent_data.name).toBe("Hajiya Bello");
      expect(first.data[0].children).toEqual([
        expect.objectContaining({ status: "backlog", student_data: expect.objectContaining({ name: "Dapo Bello" }) }),
      ]);
      expect(first.data[1].parent_data.name).toBe("Alhaji Musa Bello");
      expect(first.data[1].children.map((c) => [c.student_data.name, c.student_data.class])).toEqual([
        ["Kemi Bello", "JSS1"],
        ["Tayo Bello", "SS3"],
      ]);
      expect(first.data[2]).toMatchObject({ parent_data: { name: "Parent 01" }, children: [] });
      expect((await list(s, "?page=2")).data.map((p) => p.parent_data.name)).toEqual([
        "Parent 19",
        "Parent 20",
        "Parent 21",
        "Parent 22",
      ]);
    });

    it.each([
      ["a name, any case", "mUsA"],
      ["part of a name", "usa bel"],
      ["an email", "musa.bello@mail"],
      ["a phone as typed locally", "0809 876 5432"],
      ["a phone in E.164", "+2348098765432"],
    ])("searches by %s", async (_, q) => {
      expect((await list(s, `?q=${encodeURIComponent(q)}`)).data.map((p) => p.parent_data.name)).toEqual([
        "Alhaji Musa Bello",
      ]);
    });

    it("filters by a current child's class, with or without a search", async () => {
      expect((await list(s, "?class=JSS1")).data.map((p) => p.parent_data.name)).toEqual(["Alhaji Musa Bello"]);
      expect((await list(s, "?class=SS3&q=musa")).total).toBe(1);
      expect((await list(s, "?class=SS3&q=parent")).total).toBe(0);
      expect((await list(s, "?class=JSS2")).total).toBe(0);
      expect((await list(s, "?class=")).total).toBe(PAGE_SIZE + 4);
    });
  });

  describe("names with titles", () => {
    it("sorts by the name without its titles, shown as written, and an update moves the name", async () => {
      const s = await registerSchool(api);
      const ids: Record<string, string> = {};
      for (const name of ["Hauwa Musa", "Mrs. Grace Eze", "Fatima Bello", "Drake Obi"])
        ids[name] = (await created(s, parent({ name }))).unique_id;
      const order = async () => (await list(s)).data.map((p) => p.parent_data.name);
      expect(await order()).toEqual(["Drake Obi", "Fatima Bello", "Mrs. Grace Eze", "Hauwa Musa"]);
      const { status } = await client.send(
        s,
        "PUT",
        `/stu-parents/${ids["Drake Obi"]}`,
        "parent_data",
        parent({ name: "Chief Dr. Zainab Ali" }),
      );
      expect(status).toBe(200);
      expect(await order()).toEqual(["Fatima Bello", "Mrs. Grace Eze", "Hauwa Musa", "Chief Dr. Zainab Ali"]);
    });
  });

  describe("PUT and DELETE /stu-parents/{id}, the product's record keys", () => {
    it("replaces details and children by the parent's id; a field left out is cleared", async () => {
      const s = await registerSchool(api);
      const [a, b, c] = [
        await pupil(s, { name: "A Child" }),
        await pupil(s, { name: "B Child" }),
        await pupil(s, { name: "C Child" }),
      ];
      const record = await created(s, parent({ address: "Old address", children: [a.unique_id, b.unique_id] }));
      const res = await client.send(s, "PUT", `/stu-parents/${record.id}`, "parent_data", {
        name: "New Name",
        email: "new@mail.ng",
        phone: "0812 345 6789",
        children: [b.unique_id, c.unique_id],
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(DEFAULT_SUCCESS.updated);
      expect(res.body.data).toMatchObject({
        id: record.id,
        unique_id: record.unique_id,
        parent_data: { name: "New Name", email: "new@mail.ng", phone: "+2348123456789", address: null },
        students: [{ name: "B Child" }, { name: "C Child" }],
      });
      const cleared = await client.send(s, "PUT", `/stu-parents/${record.unique_id}`, "parent_data", {
        name: "New Name",
        email: "new@mail.ng",
        phone: "0812 345 6789",
      });
      expect(cleared.body.data.children).toEqual([]);
      expect((await client.get(s, `/stu-parents/${record.id}`)).body.data.children).toEqual([]);

      const missing = await client.send(s, "PUT", `/stu-parents/${record.id}`, "parent_data", {});
      expect(missing.status).toBe(422);
      expect(Object.keys(missing.body.errors)).toEqual(["name", "email", "phone"]);
    });

    it("a parent's own email and phone stay theirs on update; another parent's are refused", async () => {
      const s = await registerSchool(api);
      const first = await created(s, parent({ email: "one@mail.ng", phone: "0803 000 0011" }));
      const second = await created(s, parent({ email: "two@mail.ng", phone: "0803 000 0022" }));
      expect(
        (
          await client.send(s, "PUT", `/stu-parents/${first.id}`, "parent_data", {
            name: "One",
            email: "one@mail.ng",
            phone: "08030000011",
          })
        ).status,
      ).toBe(200);
      const taken = await client.send(s, "PUT", `/stu-parents/${second.id}`, "parent_data", {
        name: "Two",
        email: "one@mail.ng",
        phone: "08030000022",
      });
      expect(taken.status).toBe(409);
      expect(taken.body.errors).toEqual({ email: [PARENT_MESSAGES.duplicateEmail] });
    });

    it("replaces the photo, removes it on request, and deletes it with the parent", async () => {
      const s = await registerSchool(api);
      const photo = () => new File([PNG_BYTES], "p.png", { type: "image/png" });
      const record = (await add(s, parent(), { photo: photo() })).body.data as ParentDetail;
      const contact = {
        name: record.parent_data.name,
        email: record.parent_data.email,
        phone: record.parent_data.phone,
      };
      const replaced = await client.send(s, "PUT", `/stu-parents/${record.id}`, "parent_data", contact, {
        photo: photo(),
      });
      expect(replaced.body.data.parent_data.profile_img).not.toBe(record.parent_data.profile_img);
      expect((await api.fetch(record.parent_data.profile_img!, { headers: s.auth })).status).toBe(404);
      const kept = await client.send(s, "PUT", `/stu-parents/${record.id}`, "parent_data", contact);
      expect(kept.body.data.parent_data.profile_img).toBe(replaced.body.data.parent_data.profile_img);
      const removed = await client.send(s, "PUT", `/stu-parents/${record.id}`, "parent_data", {
        ...contact,
        remove_photo: true,
      });
      expect(removed.body.data.parent_data.profile_img).toBeNull();
      expect((await api.fetch(replaced.body.data.parent_data.profile_img, { headers: s.auth })).status).toBe(404);

      const again = await client.send(s, "PUT", `/stu-parents/${record.id}`, "parent_data", contact, {
        photo: photo(),
      });
      expect((await client.remove(s, `/stu-parents/${record.unique_id}`)).status).toBe(200);
      expect((await api.fetch(again.body.data.parent_data.profile_img, { headers: s.auth })).status).toBe(404);
    });

    it("deleting a parent keeps the children; deleting a student removes the link, not the parent", async () => {
      const s = await registerSchool(api);
      const [kid, sibling] = [await pupil(s, { name: "Kid One" }), await pupil(s, { name: "Kid Two" })];
      const mother = await created(s, parent({ children: [kid.unique_id, sibling.unique_id] }));
      const father = await created(s, parent({ children: [kid.unique_id] }));

      const deleted = await client.remove(s, `/stu-parents/${mother.unique_id}`);
      expect(deleted).toEqual({ status: 200, body: { message: DEFAULT_SUCCESS.deleted } });
      expect((await client.get(s, `/stu-parents/${mother.id}`)).status).toBe(404);
      expect((await client.list(s, "/students")).total).toBe(2);

      expect((await client.remove(s, `/students/${kid.id}`)).status).toBe(200);
      const left = (await client.get(s, `/stu-parents/${father.id}`)).body.data as ParentDetail;
      expect(left.children).toEqual([]);
      expect((await list(s)).total).toBe(1);
    });

    it("answers 404 for an unknown parent, by id or unique_id, on every call", async () => {
      for (const key of ["999999", "PAR-unknown", "99999999999999999999"]) {
        expect((await client.get(school, `/stu-parents/${key}`)).status).toBe(404);
        expect((await client.send(school, "PUT", `/stu-parents/${key}`, "parent_data", parent())).status).toBe(404);
        const gone = await client.remove(school, `/stu-parents/${key}`);
        expect(gone).toEqual({ status: 404, body: { message: PARENT_MESSAGES.notFound } });
      }
    });
  });
});
