import { createHash } from "node:crypto";
import http from "node:http";
import { sql } from "kysely";
import type { Db } from "../../../api/db";
import { ownTables, PNG_BYTES } from "../../api/harness";

/** How the suite talks to a running server: as a script calling the API, and as a browser posting forms. */

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: () => unknown;
}

export async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

export interface School {
  uniqueId: string;
  password: string;
  token: string;
  name: string;
}

let counter = 0;

export async function registerSchool(base: string, name = `Security School ${++counter}`): Promise<School> {
  const form = new FormData();
  form.set("school_name", name);
  form.set("principal_name", "Mrs. Ngozi Eze");
  form.set("school_email", `security${Date.now()}${++counter}@example.ng`);
  form.set("phone_number", "0803 123 4567");
  form.set("logo", new File([PNG_BYTES], "logo.png", { type: "image/png" }));
  const registered = await fetch(`${base}/api/admin/register`, { method: "POST", body: form });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const { data } = (await registered.json()) as { data: { unique_id: string; password: string } };
  return {
    uniqueId: data.unique_id,
    password: data.password,
    token: await apiLogin(base, data.unique_id, data.password),
    name,
  };
}

export async function apiLogin(base: string, uniqueId: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ unique_id: uniqueId, password }),
  });
  if (response.status !== 200) throw new Error(`login: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** Signs in through the login page, as a browser does; returns the session cookie. */
export async function pageLogin(base: string, uniqueId: string, password: string): Promise<string> {
  const response = await fetch(`${base}/choose-account`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ unique_id: uniqueId, password }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (response.status !== 302 || !cookie) throw new Error(`page login: ${response.status}`);
  return cookie.split(";")[0];
}

/** A call to the school API with a bearer token; a plain object body goes as JSON. */
export async function callApi(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (token) (init.headers as Record<string, string>).Authorization = `Bearer ${token}`;
  if (body instanceof FormData || typeof body === "string") init.body = body as BodyInit;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)["Content-Type"] = "application/json";
  }
  return answer(await fetch(base + path, init));
}

/** A page as a browser asks for it, with the session cookie; redirects are not followed. */
export async function getPage(base: string, path: string, cookie?: string): Promise<Answer> {
  return answer(
    await fetch(base + path, {
      redirect: "manual",
      headers: cookie ? { Cookie: cookie, "Accept-Encoding": "identity" } : {},
    }),
  );
}

/** A form posted as a browser posts it (same-origin, url-encoded). */
export async function postForm(
  base: string,
  path: string,
  fields: Record<string, string> | URLSearchParams,
  cookie?: string,
): Promise<Answer> {
  return answer(
    await fetch(base + path, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: base,
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: fields instanceof URLSearchParams ? fields : new URLSearchParams(fields),
    }),
  );
}

/** Makes a token expire now, as seven days would. */
export async function expireToken(db: Db, token: string): Promise<void> {
  const hash = createHash("sha256").update(token).digest("hex");
  await sql`update auth_tokens set expires_at = ${new Date(Date.now() - 1000).toISOString()} where token_hash = ${hash}`.execute(
    db,
  );
}

/** Every row of every table of the database the test owns, in a stable order (kysely's own tables left out). */
export async function snapshot(db: Db, dialect: "sqlite" | "postgres"): Promise<Record<string, string[]>> {
  const tables = await ownTables(db, dialect);
  const dump: Record<string, string[]> = {};
  for (const t of tables) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(t.name)}`.execute(db)).rows;
    dump[t.name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return dump;
}

export async function count(db: Db, table: string, where?: ReturnType<typeof sql>): Promise<number> {
  const rows = (
    await sql<{
      n: number | string;
    }>`select count(*) as n from ${sql.table(table)} ${where ? sql`where ${where}` : sql``}`.execute(db)
  ).rows;
  return Number(rows[0].n);
}

/**
 * A request over a bare socket that reports the answer as soon as it arrives, even if the server stops
 * reading the body first (as it should for one too large): fetch would report only the cut upload.
 */
export function sendEarly(
  url: string,
  options: { method: string; headers: Record<string, string>; body?: Buffer | "never" },
): Promise<{ status: number; text: string; type: string | null }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method, headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const type = res.headers["content-type"] ?? null;
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8"), type });
        request.destroy();
      });
    });
    request.on("error", (error) => (request.destroyed ? undefined : reject(error)));
    if (options.body === "never") request.flushHeaders();
    else request.end(options.body);
  });
}
