import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALENDAR_MESSAGES as M, type TermCalendar } from "../../contract/calendar";
import type { SchoolSettings } from "../../contract/settings";
import { DATABASE, login, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";

const SESSION = "2026/2027";
/** A whole session: 14, 13 and 12 weeks, Monday to Friday each. */
const TERMS = [
  { term: "1st Term", starts_on: "2026-09-14", ends_on: "2026-12-18", next_term_starts_on: "2027-01-11" },
  { term: "2nd Term", starts_on: "2027-01-11", ends_on: "2027-04-09", next_term_starts_on: "2027-04-26" },
  { term: "3rd Term", starts_on: "2027-04-26", ends_on: "2027-07-16", next_term_starts_on: "2027-09-13" },
];

describe(`term calendar on ${DATABASE}`, { timeout: 90_000 }, () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  const path = (school: RegisteredSchool, year?: string) =>
    `/api/admin/${school.uniqueId}/calendar${year === undefined ? "" : `?year=${encodeURIComponent(year)}`}`;

  async function read(school: RegisteredSchool, year: string | undefined = SESSION, token = school.token) {
    const res = await api.fetch(path(school, year), { headers: { Authorization: `Bearer ${token}` } });
    return {
      status: res.status,
      body: (await res.json()) as { data: TermCalendar; errors?: Record<string, string[]> },
    };
  }

  async function save(
    school: RegisteredSchool,
    body: unknown,
    year: string | undefined = SESSION,
    token = school.token,
  ) {
    const res = await api.fetch(path(school, year), {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as { message?: string; data: TermCalendar; errors?: Record<string, string[]> },
    };
  }

  /** A token signed in on the API clock's day (one from another date may have expired). */
  async function tokenToday(school: RegisteredSchool) {
    const signedIn = await login(api, school.uniqueId, school.password);
    return ((await signedIn.json()) as { data: { token: string } }).data.token;
  }

  const empty = (session: string): TermCalendar => ({
    session,
    terms: ["1st Term", "2nd Term", "3rd Term"].map((term) => ({
      term: term as "1st Term",
      starts_on: null,
      ends_on: null,
      next_term_starts_on: null,
      closures: [],
      school_days: null,
    })),
  });

  it("a school without a calendar has the three terms unset; no year is the school's current session", async () => {
    api.clock.now = new Date("2026-10-05T09:00:00Z");
    const school = await registerSchool(api);
    expect(await read(school)).toEqual({ status: 200, body: { data: empty(SESSION) } });
    expect((await read(school, undefined)).body.data.session).toBe(SESSION);
    expect((await read(school, "2025/2026")).body.data).toEqual(empty("2025/2026"));
  });

  it.each(["2026-2027", "2026/2028", "x", "2026/2027/2028"])("year %s is refused", async (year) => {
    const school = await registerSchool(api);
    const got = await read(school, year);
    expect(got.status).toBe(422);
    expect(got.body.errors).toEqual({ year: [M.yearInvalid] });
    const put = await save(school, { terms: TERMS }, year);
    expect(put.status).toBe(422);
    expect(put.body.errors).toEqual({ year: [M.yearInvalid] });
  });

  it("saves the three terms with closures, counts their school days, and reads them back", async () => {
    const school = await registerSchool(api);
    const closures = [
      { date: "2026-10-01", name: "Independence Day" },
      { date: "2026-11-02", name: null },
      { date: "2026-10-01", name: "Independence Day" },
    ];
    const saved = await save(school, { terms: [{ ...TERMS[0], closures }, TERMS[1], TERMS[2]] });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(M.saved);
    expect(saved.body.data.terms).toEqual([
      {
        ...TERMS[0],
        closures: [
          { date: "2026-10-01", name: "Independence Day" },
          { date: "2026-11-02", name: null },
        ],
        school_days: 68,
      },
      { ...TERMS[1], closures: [], school_days: 65 },
      { ...TERMS[2], closures: [], school_days: 60 },
    ]);
    expect((await read(school)).body.data).toEqual(saved.body.data);
  });

  it("a term left out keeps its dates, closures left out are kept, and a term sent empty is cleared", async () => {
    const school = await registerSchool(api);
    await save(school, { terms: [{ ...TERMS[0], closures: [{ date: "2026-10-01" }] }, TERMS[1]] });
    const moved = await save(school, { terms: [{ ...TERMS[0], ends_on: "2026-12-11" }] });
    expect(moved.status).toBe(200);
    expect(moved.body.data.terms[0]).toMatchObject({
      ends_on: "2026-12-11",
      closures: [{ date: "2026-10-01", name: null }],
      school_days: 64,
    });
    expect(moved.body.data.terms[1]).toMatchObject(TERMS[1]);
    const cleared = await save(school, {
      terms: [{ term: "2nd Term", starts_on: "", ends_on: null, next_term_starts_on: null }],
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.terms[1]).toEqual(empty(SESSION).terms[1]);
    const removed = await save(school, { terms: [{ ...TERMS[0], ends_on: "2026-12-11", closures: [] }] });
    expect(removed.body.data.terms[0]).toMatchObject({ closures: [], school_days: 65 });
  });

  const refusals: Array<[string, unknown[], string, string]> = [
    ["a date that is not one", [{ ...TERMS[0], starts_on: "2026-02-30" }], "terms.0.starts_on", M.dateInvalid],
    ["a date in another shape", [{ ...TERMS[0], ends_on: "18/12/2026" }], "terms.0.ends_on", M.dateInvalid],
    ["a start without an end", [{ term: "1st Term", starts_on: "2026-09-14" }], "terms.0.ends_on", M.endRequired],
    ["an end without a start", [{ term: "1st Term", ends_on: "2026-12-18" }], "terms.0.starts_on", M.startRequired],
    ["an end before the start", [{ ...TERMS[0], ends_on: "2026-09-11" }], "terms.0.ends_on", M.endBeforeStart],
    [
      "the next term beginning before this one ends",
      [{ ...TERMS[0], next_term_starts_on: "2026-12-18" }],
      "terms.0.next_term_starts_on",
      M.nextBeforeEnd,
    ],
    [
      "overlapping terms",
      [TERMS[0], { ...TERMS[1], starts_on: "2026-12-14" }],
      "terms.1.starts_on",
      M.startsBefore("1st Term", "2026-12-18"),
    ],
    [
      "terms out of order",
      [{ ...TERMS[1], starts_on: "2026-09-01", ends_on: "2026-09-10" }, TERMS[0]],
      "terms.0.starts_on",
      M.startsBefore("1st Term", "2026-12-18"),
    ],
    [
      "a date outside the session's years",
      [{ ...TERMS[0], starts_on: "2025-09-14" }],
      "terms.0.starts_on",
      M.outsideSession(SESSION),
    ],
    [
      "a closure outside its term",
      [{ ...TERMS[0], closures: [{ date: "2026-10-01" }, { date: "2026-12-21" }] }],
      "terms.0.closures.1.date",
      M.closureOutside("1st Term", "2026-09-14", "2026-12-18"),
    ],
    [
      "a closure in a term without dates",
      [{ term: "2nd Term", closures: [{ date: "2027-02-01" }] }],
      "terms.0.closures",
      M.closureNeedsDates,
    ],
    [
      "a closure that is not a date",
      [{ ...TERMS[0], closures: [{ date: "soon" }] }],
      "terms.0.closures.0.date",
      M.dateInvalid,
    ],
    [
      "a closure name too long",
      [{ ...TERMS[0], closures: [{ date: "2026-10-01", name: "x".repeat(61) }] }],
      "terms.0.closures.0.name",
      M.closureNameTooLong,
    ],
    ["an unknown term", [{ ...TERMS[0], term: "4th Term" }], "terms.0.term", M.termUnknown],
    ["a term sent twice", [TERMS[0], TERMS[0]], "terms.1.term", M.termTwice],
    ["no terms", [], "terms", M.termsRequired],
  ];

  it.each(refusals)("%s is refused beside its field and nothing is written", async (_, terms, field, message) => {
    const school = await registerSchool(api);
    const res = await save(school, { terms });
    expect(res.status).toBe(422);
    expect(res.body.errors?.[field]).toEqual([message]);
    expect((await read(school)).body.data).toEqual(empty(SESSION));
  });

  it("every bad field is named at once", async () => {
    const school = await registerSchool(api);
    const res = await save(school, {
      terms: [
        { ...TERMS[0], ends_on: "2026-09-01" },
        { ...TERMS[1], next_term_starts_on: "2027-01-01" },
      ],
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {}).sort()).toEqual(["terms.0.ends_on", "terms.1.next_term_starts_on"]);
  });

  it("moving a term's end past the next term's start is refused on the end sent", async () => {
    const school = await registerSchool(api);
    await save(school, { terms: TERMS });
    const res = await save(school, { terms: [{ ...TERMS[0], ends_on: "2027-01-15", next_term_starts_on: null }] });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ "terms.0.ends_on": [M.endsAfter("2nd Term", "2027-01-11")] });
  });

  it("shortening a term past its closures is refused on the closure", async () => {
    const school = await registerSchool(api);
    await save(school, { terms: [{ ...TERMS[0], closures: [{ date: "2026-12-15" }] }] });
    const res = await save(school, { terms: [{ ...TERMS[0], ends_on: "2026-12-11" }] });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      "terms.0.closures.0.date": [M.closureOutside("1st Term", "2026-09-14", "2026-12-11")],
    });
  });

  it("a term overlapping another session's term is refused", async () => {
    const school = await registerSchool(api);
    await save(school, { terms: TERMS });
    const res = await save(
      school,
      { terms: [{ term: "3rd Term", starts_on: "2026-04-27", ends_on: "2026-09-18" }] },
      "2025/2026",
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      "terms.0.starts_on": [M.overlaps("1st Term", SESSION, "2026-09-14", "2026-12-18")],
    });
  });

  it("the same calendar sent twice at once is saved once", async () => {
    const school = await registerSchool(api);
    const body = { terms: [{ ...TERMS[0], closures: [{ date: "2026-10-01", name: "Independence Day" }] }, TERMS[1]] };
    const results = await Promise.all([save(school, body), save(school, body), save(school, body)]);
    for (const r of results) expect(r.status).toBe(200);
    const { data } = (await read(school)).body;
    expect(data.terms[0].closures).toEqual([{ date: "2026-10-01", name: "Independence Day" }]);
    expect(data.terms[1]).toMatchObject(TERMS[1]);
  });

  it("a save is in the audit log", async () => {
    const school = await registerSchool(api);
    await save(school, { terms: TERMS });
    const res = await api.fetch(`/api/admin/${school.uniqueId}/audit-log`, { headers: school.auth });
    const { data } = (await res.json()) as { data: { data: { summary: string; kind: string }[] } };
    expect(data.data[0]).toMatchObject({ kind: "settings", summary: `Changed the term calendar of ${SESSION}` });
  });

  describe("the school's current term comes from the calendar when it covers today", () => {
    let school: RegisteredSchool;
    beforeAll(async () => {
      api.clock.now = new Date("2026-10-05T09:00:00Z");
      school = await registerSchool(api);
      // A calendar that disagrees with the month rules, so that which one answered shows.
      const shifted = [
        { term: "1st Term", starts_on: "2026-10-12", ends_on: "2027-01-22", next_term_starts_on: "2027-02-08" },
        { term: "2nd Term", starts_on: "2027-02-08", ends_on: "2027-05-14", next_term_starts_on: null },
      ];
      expect((await save(school, { terms: shifted })).status).toBe(200);
    });

    async function current(iso: string) {
      api.clock.now = new Date(iso);
      const token = await tokenToday(school);
      const get = (p: string) =>
        api
          .fetch(`/api/admin/${school.uniqueId}${p}`, { headers: { Authorization: `Bearer ${token}` } })
          .then(async (r) => ((await r.json()) as { data: Record<string, unknown> }).data);
      const dashboard = await get("/dashboard");
      const settings = (await get("/school-settings")) as unknown as SchoolSettings;
      const overview = await get("/fees/overview");
      return {
        dashboard: [dashboard.current_term, dashboard.current_session],
        fees: [overview.term, overview.session],
        school_term: settings.school_term,
        calendar: (await get("/calendar")).session,
      };
    }

    it.each([
      // In Lagos (UTC+1), 23:30 UTC on the 11th is already the 12th, the term's first day.
      ["2026-10-11T23:30:00Z", "1st Term", "1st Term", "calendar"],
      ["2027-01-22T12:00:00Z", "1st Term", "1st Term", "calendar"],
      ["2027-02-01T12:00:00Z", "1st Term", "2nd Term", "calendar"],
      ["2027-05-10T12:00:00Z", "2nd Term", "2nd Term", "calendar"],
    ])("on %s it is the %s (planning the %s)", async (iso, term, planning, from) => {
      const got = await current(iso);
      expect(got.dashboard).toEqual([term, SESSION]);
      expect(got.fees).toEqual([term, SESSION]);
      expect(got.school_term).toEqual({
        term,
        session: SESSION,
        planning_term: planning,
        planning_session: SESSION,
        from,
      });
      expect(got.calendar).toBe(SESSION);
    });

    it("outside the calendar the month rules answer again", async () => {
      // 10 October: the month says 1st Term, two days before the calendar's starts.
      const before = await current("2026-10-10T12:00:00Z");
      expect(before.school_term).toMatchObject({ term: "1st Term", planning_term: "1st Term", from: "month" });
      // 20 May: after the 2nd Term, whose next beginning is not set; the month says 3rd Term.
      const after = await current("2027-05-20T12:00:00Z");
      expect(after.dashboard).toEqual(["3rd Term", SESSION]);
      expect(after.school_term).toMatchObject({ from: "month" });
    });

    it("another school is not affected by this school's calendar", async () => {
      api.clock.now = new Date("2027-02-01T12:00:00Z");
      const other = await registerSchool(api);
      const res = await api.fetch(`/api/admin/${other.uniqueId}/dashboard`, { headers: other.auth });
      const { data } = (await res.json()) as { data: { current_term: string } };
      expect(data.current_term).toBe("2nd Term");
    });
  });

  describe("tenant isolation", () => {
    it("another school can neither read nor write this school's calendar, and keeps its own", async () => {
      api.clock.now = new Date("2026-10-05T09:00:00Z");
      const a = await registerSchool(api);
      const b = await registerSchool(api);
      await save(a, { terms: TERMS });
      const read404 = await api.fetch(path(a, SESSION), { headers: b.auth });
      expect(read404.status).toBe(404);
      const write404 = await save(a, { terms: [{ ...TERMS[0], ends_on: "2026-12-11" }] }, SESSION, b.token);
      expect(write404.status).toBe(404);
      expect((await read(a)).body.data.terms[0]).toMatchObject(TERMS[0]);
      // B's own calendar may use the very same dates, and starts empty.
      expect((await read(b)).body.data).toEqual(empty(SESSION));
      expect((await save(b, { terms: TERMS })).status).toBe(200);
      const noToken = await api.fetch(path(a, SESSION));
      expect(noToken.status).toBe(401);
    });
  });
});
