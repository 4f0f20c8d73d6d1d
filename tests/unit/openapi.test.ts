import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { createApi, type ApiDeps } from "../../api/app";
import { PUBLIC_ROUTES, ROUTE_ACCESS } from "../../api/lib/access";
import { NO_AREA } from "../../api/openapi";

/**
 * `GET /api/openapi.json`: the description of the school API, built from the app's own route table and the
 * zod schemas its routes declare. Building the app only registers routes; the description touches no database.
 */

type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  tags: string[];
  parameters?: Array<{ name: string; in: string; required?: boolean; schema: Json }>;
  requestBody?: { content: Record<string, { schema: Json }> };
  security?: Json[];
  responses: Record<string, { description: string; content?: Record<string, { schema: Json }> }>;
}
interface Description {
  openapi: string;
  info: { title: string; version: string };
  security: Json[];
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Json>; schemas: Record<string, Json> };
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

const app = createApi({} as ApiDeps);
/** "METHOD /api/…/:param" of every route the app serves (Hono's table; `ALL` entries are middleware). */
const served = [...new Set(app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`))];
const asOpenApi = (key: string) => key.replace(/:(\w+)/g, "{$1}");

async function fetchDescription() {
  const response = await app.request("/api/openapi.json");
  return { response, description: (await response.json()) as Description };
}

describe("the API description (GET /api/openapi.json)", () => {
  it("is served without a token, as JSON kept a few minutes", async () => {
    const { response, description } = await fetchDescription();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    expect(description.openapi).toBe("3.0.3");
  });

  it("is valid OpenAPI 3 by the specification's own JSON Schema", async () => {
    const { description } = await fetchDescription();
    const result = await new Validator().validate(description as unknown as Record<string, unknown>);
    expect(result.errors ?? [], JSON.stringify(result.errors ?? []).slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("is OpenAPI 3 in shape: info, paths of operations with responses, parameters for every path template", async () => {
    const { description } = await fetchDescription();
    expect(description.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(description.info.title).toEqual(expect.any(String));
    expect(description.info.version).toEqual(expect.any(String));
    const tags = new Set(description.tags.map((t) => t.name));
    const ids: string[] = [];
    const refs: string[] = [];
    JSON.stringify(description, (key, value: unknown) => {
      if (key === "$ref") refs.push(String(value));
      return value;
    });
    for (const [path, item] of Object.entries(description.paths)) {
      expect(path).toMatch(/^\/api\//);
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(Object.keys(item).length).toBeGreaterThan(0);
      for (const [method, operation] of Object.entries(item)) {
        expect(METHODS, `${method} ${path}`).toContain(method);
        ids.push(operation.operationId);
        expect(Object.keys(operation.responses).length, `${method} ${path}`).toBeGreaterThan(0);
        for (const answer of Object.values(operation.responses)) expect(answer.description).toEqual(expect.any(String));
        for (const tag of operation.tags) expect(tags, `${method} ${path}`).toContain(tag);
        const inPath = (operation.parameters ?? []).filter((p) => p.in === "path");
        expect(inPath.map((p) => p.name).sort(), `${method} ${path}`).toEqual([...templated].sort());
        for (const p of inPath) expect(p.required).toBe(true);
        for (const p of operation.parameters ?? []) expect(["path", "query", "header", "cookie"]).toContain(p.in);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    for (const ref of refs) {
      const [, section, name] = /^#\/components\/(\w+)\/(.+)$/.exec(ref) ?? [];
      expect((description.components as Record<string, Record<string, unknown>>)[section]?.[name], ref).toBeDefined();
    }
  });

  it("describes every route the API serves, and no route it does not serve", async () => {
    const { description } = await fetchDescription();
    const documented = Object.entries(description.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(served.length).toBeGreaterThan(100);
    expect(documented.sort()).toEqual(served.map(asOpenApi).sort());
    expect(description.paths["/api/admin/{uniqueId}/students/{id}"]).toHaveProperty("post");
    expect(description.paths["/api/openapi.json"]).toHaveProperty("get");
  });

  it("every route is a tenant route with its line in ROUTE_ACCESS or a public one, and each line names a route", () => {
    expect(served.filter((key) => !(key in ROUTE_ACCESS) && !(key in PUBLIC_ROUTES))).toEqual([]);
    expect(Object.keys(PUBLIC_ROUTES).filter((key) => !served.includes(key))).toEqual([]);
    expect(Object.keys(PUBLIC_ROUTES).filter((key) => key.includes("/:uniqueId"))).toEqual([]);
  });

  it("says the bearer token and the answer envelope: public routes need no token", async () => {
    const { description } = await fetchDescription();
    expect(description.components.securitySchemes.bearerAuth).toEqual({ type: "http", scheme: "bearer" });
    expect(description.security).toEqual([{ bearerAuth: [] }]);
    expect(description.paths["/api/admin/login"].post.security).toEqual([]);
    expect(description.paths["/api/public/payments/{reference}/verify"].post.security).toEqual([]);
    expect(description.paths["/api/admin/{uniqueId}/students"].get.security).toBeUndefined();
    expect(description.components.schemas.Answer).toMatchObject({
      properties: { message: { type: "string" }, data: {} },
    });
    const list = description.paths["/api/admin/{uniqueId}/students"].get;
    expect(list.responses["200"].content?.["application/json"].schema).toEqual({
      $ref: "#/components/schemas/Answer",
    });
    expect(list.responses["4XX"].content?.["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
    const pdf = description.paths["/api/admin/{uniqueId}/timetable/{id}/download-pdf"].get;
    expect(Object.keys(pdf.responses["200"].content ?? {})).toEqual(["application/pdf"]);
  });

  it("carries the contract's fields: the student create's body, the login's, a payment's, a list's query", async () => {
    const { description } = await fetchDescription();
    const bodyOf = (path: string, method: string) =>
      description.paths[path][method].requestBody?.content["application/json"].schema as Json & {
        properties: Record<string, Json & { properties?: Record<string, Json>; required?: string[] }>;
        required?: string[];
      };

    const create = bodyOf("/api/admin/{uniqueId}/students", "post");
    expect(create.required).toEqual(["student_data"]);
    const student = create.properties.student_data;
    expect(Object.keys(student.properties ?? {})).toEqual(
      expect.arrayContaining(["name", "selectedClass", "gender", "phone_number", "email", "subjects"]),
    );
    expect(student.required).toEqual(["name", "selectedClass", "gender", "phone_number"]);
    expect(student.properties?.gender).toMatchObject({ type: "string", enum: ["Male", "Female"] });
    // The update leaves the class out.
    const update = bodyOf("/api/admin/{uniqueId}/students/{id}", "post").properties.student_data;
    expect(update.required).not.toContain("selectedClass");

    const login = bodyOf("/api/admin/login", "post");
    expect(login.required).toEqual(["unique_id", "password"]);

    const payment = JSON.stringify(bodyOf("/api/admin/{uniqueId}/fees/payments", "post"));
    for (const field of ["student_id", "term", "session", "amount", "paid_on", "method"])
      expect(payment).toContain(field);

    const register = description.paths["/api/admin/register"].post.requestBody?.content["multipart/form-data"];
    expect(Object.keys((register?.schema.properties ?? {}) as Json)).toContain("school_name");

    const query = description.paths["/api/admin/{uniqueId}/students"].get.parameters ?? [];
    expect(query.filter((p) => p.in === "query").map((p) => p.name)).toEqual(["page", "per_page", "q", "class"]);
    // The session travels as `year` in the address: the description shows what the client sends.
    const fees = description.paths["/api/admin/{uniqueId}/fees/fee-settings"].get.parameters ?? [];
    expect(fees.filter((p) => p.in === "query").map((p) => p.name)).toEqual(["term", "year"]);
  });

  it("gives each route its area's heading", async () => {
    const { description } = await fetchDescription();
    expect(description.paths["/api/admin/{uniqueId}/students"].post.tags).toEqual(["Students"]);
    expect(description.paths["/api/students/{uniqueId}/studentInfo/{id}"].get.tags).toEqual(["Students"]);
    expect(description.paths["/api/admin/{uniqueId}/fees/overview"].get.tags).toEqual(["Fees"]);
    expect(description.paths["/api/public/admission-forms/{publicId}"].get.tags).toEqual(["Admissions"]);
    expect(description.tags.map((t) => t.name)).not.toContain(NO_AREA);
  });
});
