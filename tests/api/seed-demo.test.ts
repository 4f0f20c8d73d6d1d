import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localStorage } from "../../api/storage/local";
import { currentTerm } from "../../contract/calendar";
import type { ScoreSheet } from "../../contract/results";
import { seedDemoSchool, type DemoSchool } from "../../scripts/lib/demo-school";
import { bearer, DATABASE, login, startApi, TEST_PUBLIC_URL, type TestApi } from "./harness";

describe(`demo school seed on ${DATABASE}`, () => {
  let api: TestApi;
  let demo: DemoSchool;
  let auth: { Authorization: string };
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "school-seed-"));

  beforeAll(async () => {
    api = await startApi();
    demo = await seedDemoSchool({
      db: api.db,
      dialect: DATABASE,
      storage: localStorage(uploads),
      now: () => api.clock.now,
      publicUrl: TEST_PUBLIC_URL,
    });
    const res = await login(api, demo.unique_id, demo.password);
    expect(res.status).toBe(200);
    auth = bearer(((await res.json()) as { data: { token: string } }).data.token);
  }, 60_000);
  afterAll(async () => {
    await api.close();
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  it("creates a school whose printed password signs in, and whose dashboard counts 300 students and 28 + 12 staff", async () => {
    expect(demo).toMatchObject({
      school_name: "Greenfield Demo College",
      students: 300,
      teaching_staff: 28,
      non_teaching_staff: 12,
    });
    expect(demo.parents).toBeGreaterThan(0);
    const res = await api.fetch(`/api/admin/${demo.unique_id}/dashboard`, { headers: auth });
    const { data } = await res.json();
    expect(data.total_male + data.total_female).toBe(300);
    expect(data.total_male).toBeGreaterThan(100);
    expect(data.total_female).toBeGreaterThan(100);
    expect(data).toMatchObject({ teaching_staff: 28, non_teaching_staff: 12 });
  });

  it("spreads students over JSS1–SS3 with E.164 phones, admission numbers and addresses in Nigerian cities", async () => {
    const students = await api.db.selectFrom("students").selectAll().execute();
    expect(new Set(students.map((s) => s.class_name))).toEqual(new Set(["JSS1", "JSS2", "JSS3", "SS1", "SS2", "SS3"]));
    for (const s of students) {
      expect(s.phone_number).toMatch(/^\+234[789]\d{9}$/);
      expect(s.admission_number).toMatch(/^ADM\/\d{4}\/\d{4}$/);
      expect(s.address).toMatch(/, (Lagos|Abuja|Ibadan|Enugu|Kano)$/);
      expect(["Male", "Female"]).toContain(s.gender);
    }
    expect(new Set(students.map((s) => s.admission_number)).size).toBe(300);
  });

  it("finds a seeded student through the list's search", async () => {
    const [first] = await api.db
      .selectFrom("students")
      .select(["name", "admission_number"])
      .orderBy("id")
      .limit(1)
      .execute();
    const res = await api.fetch(
      `/api/admin/${demo.unique_id}/students?q=${encodeURIComponent(first.admission_number!)}`,
      { headers: auth },
    );
    const { data } = await res.json();
    expect(data.data.map((s: { student_data: { name: string } }) => s.student_data.name)).toContain(first.name);
  });

  it("gives each class one form teacher, teachers the classes they teach in, and non-teaching staff no class", async () => {
    const staff = await api.db.selectFrom("staff").selectAll().execute();
    const formClasses = staff.map((s) => s.form_teacher).filter(Boolean);
    expect(formClasses.sort()).toEqual(["JSS1", "JSS2", "JSS3", "SS1", "SS2", "SS3"]);
    const taught = await api.db.selectFrom("staff_teaching").selectAll().execute();
    for (const s of staff.filter((m) => m.is_teaching_staff === 0)) {
      expect(s).toMatchObject({ form_teacher: null, teaching_review: null });
      expect(taught.filter((t) => t.staff_id === s.id)).toEqual([]);
    }
    for (const s of staff.filter((m) => m.is_teaching_staff === 1)) {
      const classes = [...new Set(taught.filter((t) => t.staff_id === s.id).map((t) => t.class_name))];
      expect(classes.length).toBeGreaterThanOrEqual(2);
      if (s.form_teacher) expect(classes).toContain(s.form_teacher);
    }
    const res = await api.fetch(`/api/admin/${demo.unique_id}/staffs?class=SS3&type=teaching`, { headers: auth });
    const { data } = await res.json();
    expect(data.total).toBeGreaterThan(1);
  });

  it("gives every student one or two parents, brothers and sisters sharing theirs, with unique emails and phones", async () => {
    expect(demo.parents).toBeGreaterThan(300);
    const parents = await api.db.selectFrom("parents").selectAll().execute();
    expect(parents).toHaveLength(demo.parents);
    expect(new Set(parents.map((p) => p.email)).size).toBe(parents.length);
    expect(new Set(parents.map((p) => p.phone)).size).toBe(parents.length);
    for (const p of parents) expect(p.phone).toMatch(/^\+234[789]\d{9}$/);
    const links = await api.db.selectFrom("parent_students").selectAll().execute();
    const parentsOf = new Map<number, number>();
    for (const link of links) parentsOf.set(link.student_id, (parentsOf.get(link.student_id) ?? 0) + 1);
    expect(parentsOf.size).toBe(300);
    expect(new Set(parentsOf.values())).toEqual(new Set([1, 2]));
    const childrenOf = new Map<number, number>();
    for (const link of links) childrenOf.set(link.parent_id, (childrenOf.get(link.parent_id) ?? 0) + 1);
    expect([...childrenOf.values()].some((n) => n > 1)).toBe(true);

    const withPhone = await api.db
      .selectFrom("students")
      .select("phone_number")
      .where(
        "phone_number",
        "in",
        parents.map((p) => p.phone),
      )
      .execute();
    expect(withPhone.length).toBeGreaterThan(50);
    const sample = parents[0];
    const res = await api.fetch(`/api/admin/${demo.unique_id}/stu-parents?q=${encodeURIComponent(sample.email)}`, {
      headers: auth,
    });
    const { data } = await res.json();
    expect(data.data.map((p: { unique_id: string }) => p.unique_id)).toEqual([sample.unique_id]);
    expect(data.data[0].children.length).toBeGreaterThan(0);
  });

  it("stocks Uniforms, Books and PE Kits, and records sales of items for the buyer's class that the stock covers", async () => {
    const get = async (path: string) =>
      (await (await api.fetch(`/api/admin/${demo.unique_id}${path}`, { headers: auth })).json()).data;
    const groups = await get("/inventory/groups");
    expect(groups.data.map((g: { name: string }) => g.name)).toEqual(["Books", "PE Kits", "Uniforms"]);
    expect(demo.sales).toBe(40);
    const purchases = await api.db
      .selectFrom("inventory_purchases as p")
      .innerJoin("students as s", "s.id", "p.student_id")
      .select(["p.class_name", "s.class_name as student_class", "p.quantity", "p.item_id"])
      .execute();
    expect(purchases).toHaveLength(40);
    for (const p of purchases) expect(["All Classes", p.student_class]).toContain(p.class_name);
    const items = await api.db.selectFrom("inventory_items").select(["id", "quantity", "withdrawn"]).execute();
    expect(items).toHaveLength(13);
    for (const item of items) expect(item.quantity).toBeGreaterThanOrEqual(0);
    // One item is withdrawn from sale with its 15 units: never sold, not counted in stock.
    const withdrawn = items.filter((i) => Number(i.withdrawn) === 1);
    expect(withdrawn.map((i) => i.quantity)).toEqual([15]);
    expect(purchases.some((p) => p.item_id === withdrawn[0].id)).toBe(false);
    const sold = purchases.reduce((n, p) => n + p.quantity, 0);
    const stock = items.filter((i) => Number(i.withdrawn) === 0).reduce((n, i) => n + i.quantity, 0);
    expect(await get("/inventory/stats")).toEqual({ items_in_stock: stock, items_purchased: sold });
    // 555 on sale at the start: whatever was sold came out of it.
    expect(stock + sold).toBe(555);
  });

  it("has JSS1's results of the term in two subjects, published", async () => {
    const term = encodeURIComponent(currentTerm(api.clock.now));
    const res = await api.fetch(
      `/api/admin/${demo.unique_id}/results/sheet?class=JSS1&subject=Mathematics&term=${term}`,
      {
        headers: auth,
      },
    );
    expect(res.status).toBe(200);
    const sheet = ((await res.json()) as { data: ScoreSheet }).data;
    expect(sheet).toMatchObject({ published: true, locked: true, version: 1 });
    expect(sheet.rows.length).toBeGreaterThan(10);
    expect(sheet.rows.filter((r) => r.total !== null && r.grade !== null && r.position !== null).length).toBe(
      sheet.rows.length,
    );
  });

  // Last: the tests above count every row of the database.
  it("seeds a second demo school into the same database under a school email of its own", async () => {
    const again = await seedDemoSchool({
      db: api.db,
      dialect: DATABASE,
      storage: localStorage(uploads),
      now: () => api.clock.now,
      publicUrl: TEST_PUBLIC_URL,
    });
    const emails = await api.db
      .selectFrom("schools")
      .select("school_email")
      .where("unique_id", "in", [demo.unique_id, again.unique_id])
      .execute();
    expect(emails.map((row) => row.school_email).sort()).toEqual([
      "principal2@greenfield.example.ng",
      "principal@greenfield.example.ng",
    ]);
  }, 60_000);
});
