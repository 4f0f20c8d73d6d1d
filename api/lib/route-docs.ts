import type { Hono, MiddlewareHandler } from "hono";
import type { ZodTypeAny } from "zod";

/**
 * What the API description (`GET /api/openapi.json`, api/openapi.ts) says about a route, declared on the
 * route itself: `.post("/students", documented({ body }), handler)`. The paths come from Hono's own
 * route table; only the schemas a route reads are said here.
 */
export interface RouteDoc {
  /** The JSON body the route validates, with its contract schema (contract/*.schema.ts). */
  body?: ZodTypeAny;
  /** The text fields of a multipart body, for routes that also take files. */
  form?: ZodTypeAny;
  /** The query string the route parses with a zod schema. */
  query?: ZodTypeAny;
  /** The type of a file answered instead of the JSON envelope (a PDF, a spreadsheet). */
  file?: string;
  /** The heading of a route registered outside an area's sub-app. */
  area?: string;
}

const ROUTE_DOC = Symbol.for("school-api.route-doc");
const AREA = Symbol.for("school-api.area");

type Tagged = { [ROUTE_DOC]?: RouteDoc; [AREA]?: string };

/** Declares a route's schemas for the API description; at request time it only passes on. */
export function documented(doc: RouteDoc): MiddlewareHandler {
  const passOn: MiddlewareHandler = (_c, next) => next();
  return Object.assign(passOn, { [ROUTE_DOC]: doc });
}

/** Names the area of every route of a sub-app: their heading in the API description. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any sub-app, whatever its env and schema
export function inArea<T extends Hono<any, any, any>>(name: string, app: T): T {
  for (const route of app.routes) (route.handler as Tagged)[AREA] = name;
  return app;
}

/** The doc and area a handler of Hono's route table carries (a sub-app's handler may be wrapped once). */
export function docOf(handler: unknown): { doc?: RouteDoc; area?: string } {
  const own = handler as Tagged & { __COMPOSED_HANDLER?: Tagged };
  const inner = own.__COMPOSED_HANDLER;
  return { doc: own[ROUTE_DOC] ?? inner?.[ROUTE_DOC], area: own[AREA] ?? inner?.[AREA] };
}
