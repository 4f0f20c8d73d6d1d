import type { RouterRoute } from "hono/types";
import type { ZodTypeAny } from "zod";
import { zodToJsonSchema } from "zod-to-json-schema";
import { PUBLIC_ROUTES } from "./lib/access";
import { docOf, type RouteDoc } from "./lib/route-docs";

/**
 * The OpenAPI 3 description of the school API, served at `GET /api/openapi.json`. Built from the app's own
 * route table (every method and path it serves) and the zod schemas each route declares beside itself
 * (api/lib/route-docs.ts): nothing here lists a path.
 */

type JsonObject = Record<string, unknown>;

const JSON_TYPE = "application/json";

const toJsonSchema = (schema: ZodTypeAny): JsonObject => {
  const { $schema: _drop, ...rest } = zodToJsonSchema(schema, {
    target: "openApi3",
    $refStrategy: "none",
    effectStrategy: "input",
    pipeStrategy: "input",
  }) as JsonObject;
  return rest;
};

/** `:name` (and Hono's `:name{pattern}`) as OpenAPI's `{name}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?\??/g, "{$1}");

const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);

/** An object schema's properties as query parameters. */
function queryParameters(query: ZodTypeAny): JsonObject[] {
  const schema = toJsonSchema(query);
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: "query",
    required: required.has(name),
    schema: property,
  }));
}

function requestBody(doc: RouteDoc): JsonObject | undefined {
  if (doc.body) return { required: true, content: { [JSON_TYPE]: { schema: toJsonSchema(doc.body) } } };
  if (doc.form) return { required: true, content: { "multipart/form-data": { schema: toJsonSchema(doc.form) } } };
  return undefined;
}

/** Who may call: a school's bearer token, nobody's, or either (a school's logo is public, its other images not). */
function security(key: string): JsonObject[] | undefined {
  const open = PUBLIC_ROUTES[key];
  if (open === "public") return [];
  if (open === "public-or-token") return [{}, { bearerAuth: [] }];
  return undefined;
}

function responses(doc: RouteDoc): JsonObject {
  const answer = doc.file
    ? { description: "The file.", content: { [doc.file]: { schema: { type: "string", format: "binary" } } } }
    : { description: "Done.", content: { [JSON_TYPE]: { schema: { $ref: "#/components/schemas/Answer" } } } };
  const error = {
    description: "Refused.",
    content: { [JSON_TYPE]: { schema: { $ref: "#/components/schemas/Error" } } },
  };
  return { "200": answer, "4XX": error, "5XX": error };
}

/** The heading of a route registered without an area (inArea or documented({ area })): the test lists none. */
export const NO_AREA = "Other";

export function openApiDocument(routes: RouterRoute[]): JsonObject {
  const operations = new Map<string, { method: string; path: string; doc: RouteDoc; area?: string }>();
  for (const route of routes) {
    if (route.method === "ALL") continue;
    const key = `${route.method} ${route.path}`;
    const found = operations.get(key) ?? { method: route.method, path: route.path, doc: {} };
    const { doc, area } = docOf(route.handler);
    if (doc) found.doc = { ...found.doc, ...doc };
    found.area ??= area;
    operations.set(key, found);
  }

  const paths: Record<string, Record<string, JsonObject>> = {};
  const areas = new Set<string>();
  for (const [key, { method, path, doc, area }] of operations) {
    const tag = doc.area ?? area ?? NO_AREA;
    areas.add(tag);
    const parameters = [
      ...pathParams(path).map((name) => ({ name, in: "path", required: true, schema: { type: "string" } })),
      ...(doc.query ? queryParameters(doc.query) : []),
    ];
    const body = requestBody(doc);
    const who = security(key);
    (paths[openApiPath(path)] ??= {})[method.toLowerCase()] = {
      operationId: `${method.toLowerCase()}${openApiPath(path).replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string = "") => c.toUpperCase())}`,
      tags: [tag],
      ...(parameters.length ? { parameters } : {}),
      ...(body ? { requestBody: body } : {}),
      ...(who ? { security: who } : {}),
      responses: responses(doc),
    };
  }

  return {
    openapi: "3.0.3",
    info: {
      title: "School administration API",
      version: "1",
      description:
        "Every answer is JSON `{message, data}` (a list page's `data` is `{data, current_page, per_page, total}`); " +
        "a refusal is `{message, errors?}`, `errors` naming each field's problems, and a server error also " +
        "carries `request_id`. Calls under /api/admin/{uniqueId} take the school's token from POST /api/admin/login " +
        "as `Authorization: Bearer <token>`; a sub-admin also sends its `sub_admin_id` (in a JSON body, or in the " +
        "query). Creates accept an `Idempotency-Key` header: a repeat answers what the first one made.",
    },
    servers: [{ url: "/" }],
    security: [{ bearerAuth: [] }],
    tags: [...areas].sort().map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } },
      schemas: {
        Answer: {
          type: "object",
          properties: { message: { type: "string" }, data: {} },
        },
        Error: {
          type: "object",
          required: ["message"],
          properties: {
            message: { type: "string" },
            errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
            request_id: { type: "string" },
          },
        },
      },
    },
  };
}

let built: string | undefined;

/** The description as JSON text, built on the first call of the process (it depends only on the code). */
export function openApiJson(routes: RouterRoute[]): string {
  return (built ??= JSON.stringify(openApiDocument(routes)));
}
