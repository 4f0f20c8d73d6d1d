import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE, registerSchool, startApi, type TestApi } from "./harness";

describe(`school API on ${DATABASE}`, () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it("registers, logs in and reads the dashboard", async () => {
    const school = await registerSchool(api);
    const res = await api.fetch(`/api/admin/${school.uniqueId}/dashboard`, { headers: school.auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data).toMatchObject({ total_male: 0, total_female: 0, teaching_staff: 0, non_teaching_staff: 0 });
  });
});
