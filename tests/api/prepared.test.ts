import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepared } from "../../api/db/prepared";
import { DATABASE, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";

/**
 * A prepared query (api/db/prepared.ts) is built once per database and then run with each call's own values, the
 * query's constants kept, on SQLite and PostgreSQL alike.
 */
describe(`prepared queries on ${DATABASE}`, () => {
  let api: TestApi;
  let schools: RegisteredSchool[];

  beforeAll(async () => {
    api = await startApi();
    schools = [await registerSchool(api), await registerSchool(api)];
  });
  afterAll(() => api.close());

  it("answers each call with its own values and builds the query once", async () => {
    let builds = 0;
    const schoolByUniqueId = prepared((db, values: { uniqueId: string; idAbove: number }) => {
      builds++;
      return db
        .selectFrom("schools")
        .select(["id", "unique_id"])
        .where("unique_id", "=", values.uniqueId)
        .where("id", ">", values.idAbove)
        .where("unique_id", "like", "%-%");
    });
    for (const school of [...schools, ...schools]) {
      const rows = await schoolByUniqueId(api.db, { uniqueId: school.uniqueId, idAbove: 0 });
      expect(rows.map((row) => row.unique_id)).toEqual([school.uniqueId]);
    }
    expect(await schoolByUniqueId(api.db, { uniqueId: schools[0].uniqueId, idAbove: 1e9 })).toEqual([]);
    expect(await schoolByUniqueId(api.db, { uniqueId: "SCH-NOSUCH1", idAbove: 0 })).toEqual([]);
    expect(builds).toBe(1);
  });

  it("keeps the constants of the query beside the values of the call", async () => {
    const named = prepared((db, values: { uniqueId: string }) =>
      db.selectFrom("schools").select("unique_id").where("unique_id", "in", [values.uniqueId, schools[1].uniqueId]),
    );
    const rows = await named(api.db, { uniqueId: schools[0].uniqueId });
    expect(rows.map((row) => row.unique_id).sort()).toEqual(schools.map((s) => s.uniqueId).sort());
  });
});
