import { schedulePayload, timetablePayload } from "../../contract/timetables.schema";
import { documented } from "../lib/route-docs";
import { Hono } from "hono";
import { z } from "zod";
import { DEFAULT_SUCCESS, MESSAGES } from "../../contract/messages";
import type { ApiDeps } from "../context";
import { downloadResponse, readJson } from "../lib/http";
import { pageParams } from "../lib/pagination";
import type { TenantEnv } from "../middleware/tenant";
import { timetablePdf } from "../services/timetable-pdf";
import {
  createSchedule,
  createTimetable,
  deleteSchedule,
  deleteTimetable,
  getTimetable,
  listTimetables,
  updateSchedule,
  updateTimetable,
} from "../services/timetables";

const listQuery = pageParams.extend({ q: z.string().max(100).optional().catch(undefined) });
/** A schedule's fields as the description shows them (the checks of a dated one apply to Test and Exam timetables). */
const scheduleBody = schedulePayload("Regular School Period", "2000-01-01");

/**
 * Timetables and their schedules under /api/admin/{uniqueId}. A create repeated with the
 * same `Idempotency-Key` header answers 200 with what the first one made instead of 201 with a new one.
 */
export function timetableRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>()
    .get("/timetables", documented({ query: listQuery }), async (c) => {
      return c.json({ data: await listTimetables(deps, c.get("tenant"), listQuery.parse(c.req.query())) });
    })
    .post("/timetables", documented({ body: timetablePayload }), async (c) => {
      const { timetable, created } = await createTimetable(
        deps,
        c.get("tenant"),
        await readJson(c),
        c.req.header("idempotency-key"),
      );
      return c.json({ message: DEFAULT_SUCCESS.created, data: timetable }, created ? 201 : 200);
    })
    .get("/timetables/:id", async (c) => c.json({ data: await getTimetable(deps, c.get("tenant"), c.req.param("id")) }))
    .put("/timetables/:id", documented({ body: timetablePayload }), async (c) => {
      const data = await updateTimetable(deps, c.get("tenant"), c.req.param("id"), await readJson(c));
      return c.json({ message: DEFAULT_SUCCESS.updated, data });
    })
    .delete("/timetables/:id", async (c) => {
      await deleteTimetable(deps, c.get("tenant"), c.req.param("id"));
      return c.json({ message: MESSAGES.timetableDeleted });
    })
    .post("/timetables/:id/schedules", documented({ body: scheduleBody }), async (c) => {
      const { schedule, created } = await createSchedule(
        deps,
        c.get("tenant"),
        c.req.param("id"),
        await readJson(c),
        c.req.header("idempotency-key"),
      );
      return c.json({ message: DEFAULT_SUCCESS.created, data: schedule }, created ? 201 : 200);
    })
    .put("/timetables/:id/schedules/:scheduleId", documented({ body: scheduleBody }), async (c) => {
      const data = await updateSchedule(
        deps,
        c.get("tenant"),
        c.req.param("id"),
        c.req.param("scheduleId"),
        await readJson(c),
      );
      return c.json({ message: DEFAULT_SUCCESS.updated, data });
    })
    .delete("/timetables/:id/schedules/:scheduleId", async (c) => {
      await deleteSchedule(deps, c.get("tenant"), c.req.param("id"), c.req.param("scheduleId"));
      return c.json({ message: MESSAGES.scheduleDeleted });
    })
    .get("/timetable/:id/download-pdf", documented({ file: "application/pdf" }), async (c) => {
      const pdf = await timetablePdf(deps, c.get("tenant"), c.req.param("id"));
      return downloadResponse(pdf.bytes, "application/pdf", `attachment; filename="${pdf.filename}"`);
    });
}
