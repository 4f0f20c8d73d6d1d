import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_MESSAGES } from "../../contract/access";
import { ADMISSION_LIMITS, ADMISSION_MESSAGES } from "../../contract/admissions";
import { ERASED_STUDENT_NAME } from "../../contract/students";
import { allowsPage, pageAccess } from "../../app/lib/access";
import { callApi, postForm, registerSchool, sendEarly, snapshot, type School } from "./support/client";
import { fillPattern, pageRoutes, paramsOf } from "./support/routes";
import { DATABASE, runCleanups, startEnvironment, type Cleanups, type TestDatabase } from "./support/server";

/**
 * Walls between schools and between an admin's keys, from outside: the public application form counts an
 * address's submissions per school (applications to one school never close another's form to that
 * address, and no header a client sends changes its address), and a sub-admin's post to any page of the
 * build closed to their keys answers the 403 page and writes nothing, however its body is sent; and a
 * former student's data leaves the school on request, as an archive for the school alone, or erased from
 * every table but the receipts, which keep no name.
 */

/** A form posted to `path` from `address` (the loopback's 127.0.0.x, one per visitor), with `headers` of its own. */
async function postFrom(
  base: string,
  address: string,
  path: string,
  form: FormData,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const encoded = new Request(base, { method: "POST", body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  return new Promise((resolve, reject) => {
    const request = http.request(
      base + path,
      {
        method: "POST",
        localAddress: address,
        agent: false,
        headers: { ...headers, "Content-Type": encoded.headers.get("content-type")!, "Content-Length": body.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** The 403 page (a page saying so; a scripted route's JSON answer by its status alone). */
function forbidden(status: number, type: string | null, body: string): boolean {
  const text = body.replace(/&#x27;|&#39;/g, "'");
  return status === 403 && (!type?.includes("html") || text.includes(ACCESS_MESSAGES.forbiddenPage));
}

let serial = 0;
/** An application's answers, each a new child. */
function application(): FormData {
  serial += 1;
  const form = new FormData();
  for (const [name, value] of Object.entries({
    surname: "Okafor",
    firstName: `Chidi${serial}`,
    dateOfBirth: "2014-03-09",
    gender: "Male",
    nationality: "Nigerian",
    stateOfOrigin: "Anambra",
    localGovernmentArea: "Onitsha North",
    homeAddress: "12 Allen Avenue, Ikeja",
    phoneNumber: `0803 300 ${String(1000 + serial)}`,
    emailAddress: `family${serial}@example.ng`,
    classApplyingInto: "JSS1",
    parentName: "Mrs. Ngozi Okafor",
    relationshipToApplicant: "Mother",
    religion: "Christianity",
    languagesSpoken: "English, Igbo",
    parentMaritalStatus: "Married",
    siblingsInSchool: "No",
  }))
    form.set(name, value);
  return form;
}

describe(`walls between schools and between keys, from outside on ${DATABASE}`, { timeout: 300_000 }, () => {
  const cleanups: Cleanups = [];
  let base: string;
  /** The server's log, whose warnings and errors explain a failed sign-in. */
  let logLines: string[];
  let database: TestDatabase;
  let a: School;
  let b: School;

  beforeAll(async () => {
    const environment = await startEnvironment(cleanups, "walls");
    base = environment.server.base;
    logLines = environment.server.logLines;
    database = environment.database;
    a = await registerSchool(base, "Walls School A");
    b = await registerSchool(base, "Walls School B");
  });
  afterAll(() => runCleanups(cleanups));

  async function openForm(school: School): Promise<string> {
    const made = await callApi(base, "POST", `/api/admin/${school.uniqueId}/create-admission-form`, school.token, {
      title: "2026/2027 Entrance",
      amount: 5000,
      cbt_enabled: false,
      status: "active",
    });
    expect(made.status, made.text).toBe(201);
    return (made.json() as { data: { public_id: string } }).data.public_id;
  }
  const apply = (publicId: string, address: string, headers?: Record<string, string>) =>
    postFrom(base, address, `/api/public/admission-forms/${publicId}/submissions`, application(), headers);

  it(`${ADMISSION_LIMITS.perAddressPerHour} applications from one address to one school's forms close that school's forms to it, not another school's, and no header a client sends changes its address`, async () => {
    const [first, second, other] = [await openForm(a), await openForm(a), await openForm(b)];
    for (let i = 0; i < ADMISSION_LIMITS.perAddressPerHour; i++) {
      // Each says it comes from somewhere else: without TRUST_PROXY, the connection's address is the one counted.
      const forged = { "X-Forwarded-For": `203.0.113.${i}`, "X-Client-Address": `198.51.100.${i}` };
      const sent = await apply(i % 2 ? second : first, "127.0.0.21", forged);
      expect(sent.status, sent.text).toBe(201);
    }
    const refused = await apply(first, "127.0.0.21", { "X-Forwarded-For": "203.0.113.200" });
    expect([refused.status, JSON.parse(refused.text).message, refused.headers["retry-after"]]).toEqual([
      429,
      ADMISSION_MESSAGES.tooManyFromAddress,
      "3600",
    ]);
    expect((await apply(second, "127.0.0.21")).status).toBe(429);
    // Another school's form still takes that address, and the first school's takes another address.
    expect((await apply(other, "127.0.0.21")).status).toBe(201);
    expect((await apply(first, "127.0.0.22")).status).toBe(201);
  });

  it("a sub-admin's post to every page closed to their keys answers the 403 page, urlencoded or multipart, and writes nothing", async () => {
    const added = await callApi(base, "POST", `/api/admin/${a.uniqueId}/sub-admins`, a.token, {
      name: "Musa Bello",
      email: "musa.bello@walls.test",
      features: ["students"],
    });
    expect(added.status, added.text).toBe(201);
    const { email, password } = (added.json() as { data: { email: string; password: string } }).data;
    const login = await postForm(base, "/choose-account", { unique_id: a.uniqueId, email, password });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("__session="))
      ?.split(";")[0];
    expect(
      [login.status, Boolean(cookie)],
      logLines.filter((line) => !line.includes('"level":"info"')).join("\n"),
    ).toEqual([302, true]);

    const closed = pageRoutes()
      .filter((route) => route.action && route.parents.includes("routes/admin/layout"))
      // Any id; an import's kind that another key holds.
      .map((route) => {
        const values = paramsOf(route.pattern).map((p) => [p, p === "kind" ? "parents" : "1"]);
        return fillPattern(route.pattern, Object.fromEntries(values));
      })
      .filter((url) => !allowsPage(["students"], pageAccess(url)));
    expect(closed.length).toBeGreaterThan(20);

    const fields = {
      intent: "save",
      name: "Grace Eze",
      title: "Planted",
      phone_number: "08031234567",
      group_name: "Books",
      email: "someone@walls.test",
    };
    const multipart = () => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      for (const name of ["file", "files", "logo", "photo"])
        form.set(name, new File(["name,class\n"], "list.csv", { type: "text/csv" }));
      return form;
    };
    const before = await snapshot(database.db, database.dialect);
    const answers: string[] = [];
    const attack = async (url: string) => {
      const plain = await postForm(base, url, fields, cookie);
      // The 403 comes before the body is read and the connection closes after it: a client still sending
      // (fetch, under load) would see the close as a failure, so the answer is read as it arrives.
      const encoded = new Request(base + url, { method: "POST", body: multipart() });
      const body = Buffer.from(await encoded.arrayBuffer());
      const withFiles = await sendEarly(base + url, {
        method: "POST",
        headers: {
          Origin: base,
          Cookie: cookie!,
          "Content-Type": encoded.headers.get("content-type")!,
          "Content-Length": String(body.length),
        },
        body,
      });
      if (!forbidden(plain.status, plain.headers.get("content-type"), plain.text))
        answers.push(`${url} urlencoded: ${plain.status}`);
      if (!forbidden(withFiles.status, withFiles.type, withFiles.text))
        answers.push(`${url} multipart: ${withFiles.status}`);
    };
    // Four pages at a time, as a few tabs would.
    for (let i = 0; i < closed.length; i += 4) await Promise.all(closed.slice(i, i + 4).map(attack));
    expect(answers).toEqual([]);
    expect(await snapshot(database.db, database.dialect)).toEqual(before);
  });

  it("a former student's data is exported to their school alone, and once erased their name is in no table: the receipts stay, renamed", async () => {
    const name = "Ifeoma Quayson-Obidike";
    const asA = (method: string, path: string, body?: unknown) =>
      callApi(base, method, `/api/admin/${a.uniqueId}${path}`, a.token, body);
    const made = await asA("POST", "/students", {
      student_data: { name, selectedClass: "JSS1", gender: "Female", phone_number: "0803 765 4321" },
    });
    expect(made.status, made.text).toBe(201);
    const { id, unique_id: uniqueId } = (made.json() as { data: { id: number; unique_id: string } }).data;
    const parent = await asA("POST", "/stu-parents", {
      parent_data: {
        name: "Mrs. Ngozi Adebayo",
        email: "ngozi.adebayo@walls.test",
        phone: "0803 765 4000",
        gender: "Female",
        children: [uniqueId],
      },
    });
    expect(parent.status, parent.text).toBe(201);
    const schoolId = Number(
      (
        await database.db
          .selectFrom("schools")
          .select("id")
          .where("unique_id", "=", a.uniqueId)
          .executeTakeFirstOrThrow()
      ).id,
    );
    await database.db
      .insertInto("fee_payments")
      .values({
        school_id: schoolId,
        receipt_no: 9001,
        student_id: Number(id),
        student_name: name,
        student_class: "JSS1",
        term: "1st Term",
        session: "2025/2026",
        amount_kobo: 2_500_000,
        paid_on: "2026-01-05",
        method: "Cash",
        reference: null,
        idempotency_key: null,
        recorded_at: "2026-01-05T09:00:00.000Z",
        reversed_at: null,
        reversal_reason: null,
      })
      .execute();
    expect((await asA("POST", `/students/${uniqueId}/backlog`, { reason: "Graduated" })).status).toBe(200);

    const exported = await fetch(`${base}/api/admin/${a.uniqueId}/students/${uniqueId}/data-export`, {
      headers: { Authorization: `Bearer ${a.token}` },
    });
    expect([exported.status, (await exported.arrayBuffer()).byteLength > 100]).toEqual([200, true]);
    for (const [method, path] of [
      ["GET", `/students/${uniqueId}/data-export`],
      ["POST", `/students/${uniqueId}/erase`],
    ])
      expect((await callApi(base, method, `/api/admin/${b.uniqueId}${path}`, b.token)).status).toBe(404);

    const erased = await asA("POST", `/students/${uniqueId}/erase`);
    expect(erased.status, erased.text).toBe(200);
    const everything = await snapshot(database.db, database.dialect);
    const holding = Object.entries(everything).flatMap(([table, rows]) =>
      rows.filter((row) => row.includes(name) || row.includes("Quayson")).map(() => table),
    );
    expect(holding).toEqual([]);
    expect(everything.fee_payments.filter((row) => row.includes(ERASED_STUDENT_NAME))).toHaveLength(1);
    expect(everything.audit_log.some((row) => row.includes(`Erased a former student (${uniqueId})`))).toBe(true);
  });
});
