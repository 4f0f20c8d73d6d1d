import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, DATABASE, login, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";

describe(`dashboard on ${DATABASE}`, { timeout: 90_000 }, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  let other: RegisteredSchool;
  let serial = 0;
  beforeAll(async () => {
    api = await startApi();
    school = await registerSchool(api, { school_name: "Unity Model School", principal_name: "Mrs. Halima Sani" });
    other = await registerSchool(api);
  });
  afterAll(() => api.close());

  const schoolId = async (s: RegisteredSchool) =>
    (await api.db.selectFrom("schools").select("id").where("unique_id", "=", s.uniqueId).executeTakeFirstOrThrow()).id;

  async function addStudents(
    s: RegisteredSchool,
    gender: "Male" | "Female",
    status: "active" | "backlog",
    count: number,
  ) {
    const id = await schoolId(s);
    const now = api.clock.now.toISOString();
    for (let i = 0; i < count; i++) {
      serial += 1;
      const name = `${gender} Student ${serial}`;
      await api.db
        .insertInto("students")
        .values({
          school_id: id,
          unique_id: `STU-DASH${serial}`,
          name,
          gender,
          status,
          takes_lesson: 0,
          sort_name: name.toLowerCase(),
          search_text: name.toLowerCase(),
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  }

  async function addStaff(s: RegisteredSchool, teaching: boolean, count: number) {
    const id = await schoolId(s);
    const now = api.clock.now.toISOString();
    for (let i = 0; i < count; i++) {
      serial += 1;
      await api.db
        .insertInto("staff")
        .values({
          school_id: id,
          unique_id: `STF-DASH${serial}`,
          name: `Staff ${serial}`,
          is_teaching_staff: teaching ? 1 : 0,
          sort_name: `staff ${serial}`,
          search_text: `staff ${serial}`,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  }

  const dashboard = async (s: RegisteredSchool, token = s.token) => {
    const res = await api.fetch(`/api/admin/${s.uniqueId}/dashboard`, { headers: bearer(token) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Record<string, unknown> }).data;
  };

  it("a new school has all counts at zero", async () => {
    expect(await dashboard(school)).toMatchObject({
      principal_name: "Mrs. Halima Sani",
      school_name: "Unity Model School",
      total_male: 0,
      total_female: 0,
      teaching_staff: 0,
      non_teaching_staff: 0,
    });
  });

  it("counts active students by gender and staff by kind, live, and only this school's", async () => {
    await addStudents(school, "Male", "active", 3);
    await addStudents(school, "Female", "active", 2);
    await addStudents(school, "Male", "backlog", 4);
    await addStudents(school, "Female", "backlog", 1);
    await addStaff(school, true, 5);
    await addStaff(school, false, 2);
    await addStudents(other, "Male", "active", 7);
    await addStudents(other, "Female", "active", 6);
    await addStaff(other, true, 9);
    await addStaff(other, false, 8);

    expect(await dashboard(school)).toMatchObject({
      total_male: 3,
      total_female: 2,
      teaching_staff: 5,
      non_teaching_staff: 2,
    });
    expect(await dashboard(other)).toMatchObject({
      total_male: 7,
      total_female: 6,
      teaching_staff: 9,
      non_teaching_staff: 8,
    });

    await addStudents(school, "Female", "active", 1);
    await addStaff(school, false, 1);
    expect(await dashboard(school)).toMatchObject({
      total_male: 3,
      total_female: 3,
      teaching_staff: 5,
      non_teaching_staff: 3,
    });

    await api.db
      .updateTable("students")
      .set({ status: "backlog" })
      .where("school_id", "=", await schoolId(school))
      .where("gender", "=", "Male")
      .execute();
    expect(await dashboard(school)).toMatchObject({ total_male: 0, total_female: 3 });
  });

  it("counts are numbers on both databases", async () => {
    const data = await dashboard(school);
    for (const key of ["total_male", "total_female", "teaching_staff", "non_teaching_staff"])
      expect(typeof data[key]).toBe("number");
  });

  it.each([
    ["2026-10-05T09:00:00Z", "1st Term", "2026/2027"],
    ["2026-12-31T22:00:00Z", "1st Term", "2026/2027"],
    ["2027-02-01T09:00:00Z", "2nd Term", "2026/2027"],
    ["2027-04-30T12:00:00Z", "2nd Term", "2026/2027"],
    ["2027-06-01T09:00:00Z", "3rd Term", "2026/2027"],
    ["2027-08-31T22:59:00Z", "3rd Term", "2026/2027"],
    ["2027-08-31T23:30:00Z", "1st Term", "2027/2028"],
  ])("on %s (by the API's clock) the term is %s of %s", async (iso, term, session) => {
    api.clock.now = new Date(iso);
    // A token from another date may have expired: sign in on the day itself.
    const signedIn = await login(api, school.uniqueId, school.password);
    const token = ((await signedIn.json()) as { data: { token: string } }).data.token;
    expect(await dashboard(school, token)).toMatchObject({ current_term: term, current_session: session });
  });
});
