import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchQuery } from "../../api/db/search";
import { DATABASE, registerSchool, sql, startApi, type RegisteredSchool, type TestApi } from "./harness";
import { peopleClient } from "./people-client";

/**
 * The one search of students, parents and staff (api/db/search.ts): the same queries give the same
 * records on SQLite (FTS5 trigram) and PostgreSQL (pg_trgm), each school sees only its own, and the
 * index follows every add, edit and delete.
 */
describe(`search of people on ${DATABASE}`, { timeout: 120_000 }, () => {
  let api: TestApi;
  let a: RegisteredSchool;
  let b: RegisteredSchool;
  let client: ReturnType<typeof peopleClient>;

  const lists = {
    students: { path: "/students", name: (r: { student_data: { name: string } }) => r.student_data.name },
    parents: { path: "/stu-parents", name: (r: { parent_data: { name: string } }) => r.parent_data.name },
    staff: { path: "/staffs", name: (r: { staff_data: { name: string } }) => r.staff_data.name },
  } as const;
  type Kind = keyof typeof lists;
  const search = async (s: RegisteredSchool, kind: Kind, q: string) =>
    (await client.list<never>(s, `${lists[kind].path}?per_page=100&q=${encodeURIComponent(q)}`)).data
      .map((r) => lists[kind].name(r as never))
      .sort();

  // The same people in each list: a name with tone marks, an _ in an email, a quote in a name.
  const people = [
    { name: "Adébáyọ̀ Ògúnlẹ́yẹ", email: "adebayo_ogun@mail.ng", phone: "0803 555 0101" },
    { name: "Ngozi O'Neil", email: "ngozi.oneil@mail.ng", phone: "0805 555 0202" },
    { name: "Ngozika Eze", email: "ngozika@mail.ng", phone: "0807 555 0303" },
    { name: "Bo Li", email: "bo@mail.ng", phone: "0809 555 0404" },
  ];
  async function fill(s: RegisteredSchool, prefix = "") {
    for (const p of people) {
      const name = prefix + p.name;
      await client.student(s, { name, email: p.email, phone_number: p.phone });
      expect((await client.send(s, "POST", "/stu-parents", "parent_data", { ...p, name })).status).toBe(201);
      expect(
        (await client.send(s, "POST", "/staffs", "staff_data", { ...p, name, position: "Class Teacher" })).status,
      ).toBe(201);
    }
  }

  beforeAll(async () => {
    api = await startApi();
    client = peopleClient(api);
    [a, b] = [await registerSchool(api), await registerSchool(api)];
    await fill(a);
    await fill(b, "Other ");
  });
  afterAll(() => api.close());

  describe.each(Object.keys(lists) as Kind[])("%s", (kind) => {
    it.each([
      ["part of a name, any case", "GOZI", ["Ngozi O'Neil", "Ngozika Eze"]],
      ["a name without its tone marks", "adebayo og", ["Adébáyọ̀ Ògúnlẹ́yẹ"]],
      ["a name with its tone marks", "Ògúnlẹ́", ["Adébáyọ̀ Ògúnlẹ́yẹ"]],
      ["a quote", "o'ne", ["Ngozi O'Neil"]],
      ["a double quote finds nothing, and breaks nothing", 'ngozi"', []],
      ["% literally (no one has one)", "%", []],
      ["_ literally", "_", ["Adébáyọ̀ Ògúnlẹ́yẹ"]],
      ["_ literally in a longer text", "yo_og", ["Adébáyọ̀ Ògúnlẹ́yẹ"]],
      ["an email", "ngozika@", ["Ngozika Eze"]],
      ["a phone as typed locally", "0805 555 0202", ["Ngozi O'Neil"]],
      ["a phone with brackets", "(0807) 555-0303", ["Ngozika Eze"]],
      ["a phone in E.164", "+2348095550404", ["Bo Li"]],
      ["two letters, anywhere", "li", ["Bo Li"]],
      ["two letters with their tone marks", "Ẹ́Y", ["Adébáyọ̀ Ògúnlẹ́yẹ"]],
      ["one character", "'", ["Ngozi O'Neil"]],
      ["spaces around and inside", "  bo   li ", ["Bo Li"]],
      ["text no one has", "zzz", []],
    ])("finds %s", async (_, q, expected) => {
      expect(await search(a, kind, q)).toEqual(expected);
    });

    it("never answers another school's records", async () => {
      expect(await search(b, kind, "ngozi")).toEqual(["Other Ngozi O'Neil", "Other Ngozika Eze"]);
      expect(await search(a, kind, "other")).toEqual([]);
    });
  });

  it("follows every edit and delete", async () => {
    const s = await registerSchool(api);
    const student = await client.student(s, { name: "Tolu Ade" });
    const parent = (
      await client.send(s, "POST", "/stu-parents", "parent_data", {
        name: "Tolu Ade",
        email: "tolu@mail.ng",
        phone: "0803 777 0001",
      })
    ).body.data;
    const member = (
      await client.send(s, "POST", "/staffs", "staff_data", {
        name: "Tolu Ade",
        email: "tolu@mail.ng",
        phone: "0803 777 0001",
      })
    ).body.data;
    for (const kind of Object.keys(lists) as Kind[]) expect(await search(s, kind, "tolu")).toEqual(["Tolu Ade"]);

    await client.post(s, `/students/${student.id}`, {
      student_data: { name: "Kunle Ade", gender: "Male", phone_number: "0803 777 0001" },
    });
    await client.send(s, "PUT", `/stu-parents/${parent.id}`, "parent_data", {
      name: "Kunle Ade",
      email: "kunle@mail.ng",
      phone: "0803 777 0001",
    });
    await client.send(s, "PUT", `/staffs/${member.id}`, "staff_data", {
      name: "Kunle Ade",
      email: "kunle@mail.ng",
      phone: "0803 777 0001",
    });
    for (const kind of Object.keys(lists) as Kind[]) {
      expect(await search(s, kind, "tolu")).toEqual([]);
      expect(await search(s, kind, "kunle")).toEqual(["Kunle Ade"]);
    }

    await client.remove(s, `/students/${student.unique_id}`);
    await client.remove(s, `/stu-parents/${parent.unique_id}`);
    await client.remove(s, `/staffs/${member.unique_id}`);
    for (const kind of Object.keys(lists) as Kind[]) expect(await search(s, kind, "kunle")).toEqual([]);
  });

  it("a backlogged student leaves the search of the students list", async () => {
    const s = await registerSchool(api);
    const student = await client.student(s, { name: "Gone Student" });
    await client.post(s, `/students/${student.unique_id}/backlog`, { reason: "Graduated" });
    expect(await search(s, "students", "gone")).toEqual([]);
  });

  it.runIf(DATABASE === "sqlite")("SQLite answers three characters and more from the FTS5 trigram index", async () => {
    const plan = await sql<{
      detail: string;
    }>`explain query plan select id from students where school_id = 1 and id in (select rowid from students_search where students_search match '"ngozi"')`.execute(
      api.db,
    );
    expect(plan.rows.map((r) => r.detail).join("\n")).toMatch(/VIRTUAL TABLE INDEX/);
    const indexed = await sql<{ n: number }>`select count(*) as n from students_search`.execute(api.db);
    expect(Number(indexed.rows[0].n)).toBe(
      (
        await api.db
          .selectFrom("students")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  });

  it.runIf(DATABASE === "postgres")("PostgreSQL keeps a pg_trgm GIN index on each list's search text", async () => {
    const indexes = await sql<{
      indexdef: string;
    }>`select indexdef from pg_indexes where schemaname = current_schema() and indexname like '%_search_trgm'`.execute(
      api.db,
    );
    expect(indexes.rows.map((r) => r.indexdef).sort()).toEqual([
      expect.stringMatching(/ON .*parents USING gin \(search_text public\.gin_trgm_ops\)/),
      expect.stringMatching(/ON .*staff USING gin \(search_text public\.gin_trgm_ops\)/),
      expect.stringMatching(/ON .*students USING gin \(search_text public\.gin_trgm_ops\)/),
    ]);
  });

  it("normalises a query: case, accents, spaces; a phone loses its spaces; empty is no search", () => {
    expect(searchQuery("  Adébáyọ̀   OGÚN ")).toBe("adebayo ogun");
    expect(searchQuery("+234 (803) 555-0101")).toBe("+2348035550101");
    expect(searchQuery("   ")).toBeNull();
    expect(searchQuery(undefined)).toBeNull();
  });
});
