import { backlogPayload, studentCreateFields, studentUpdateFields } from "../../contract/students.schema";
import { documented } from "../lib/route-docs";
import { Hono } from "hono";
import { z } from "zod";
import { DEFAULT_SUCCESS, MESSAGES } from "../../contract/messages";
import { BACKLOG_REASONS, STUDENT_MESSAGES } from "../../contract/students";
import type { ApiDeps } from "../context";
import { fromZod } from "../lib/errors";
import { downloadResponse, readJson } from "../lib/http";
import { pageParams } from "../lib/pagination";
import type { TenantEnv } from "../middleware/tenant";
import {
  createStudent,
  deleteStudent,
  getStudent,
  listBacklog,
  listStudents,
  moveToBacklog,
  restoreStudent,
  updateStudent,
} from "../services/students";
import { studentClassHistory } from "../services/class-history";
import { eraseStudent, exportStudentData } from "../services/student-data";

const listQuery = pageParams.extend({
  q: z.string().max(100).optional().catch(undefined),
  class: z.string().max(60).optional().catch(undefined),
});

const backlogQuery = pageParams.extend({
  reason: z
    .enum(["", "All", ...BACKLOG_REASONS], { errorMap: () => ({ message: STUDENT_MESSAGES.reasonRequired }) })
    .optional(),
});

const studentData = (body: unknown) => (body as { student_data?: unknown } | null)?.student_data;

/** Students and the backlog, under /api/admin/{uniqueId} (contract/students.ts). */
export function studentRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>()
    .get("/students", documented({ query: listQuery }), async (c) => {
      const query = listQuery.parse(c.req.query());
      return c.json({ data: await listStudents(deps, c.get("tenant"), { ...query, className: query.class }) });
    })
    .get("/students/backlog", documented({ query: backlogQuery }), async (c) => {
      const parsed = backlogQuery.safeParse(c.req.query());
      if (!parsed.success) throw fromZod(parsed.error);
      const { reason, ...page } = parsed.data;
      const filter = reason === "" || reason === "All" ? undefined : reason;
      return c.json({ data: await listBacklog(deps, c.get("tenant"), { ...page, reason: filter }) });
    })
    .post("/students", documented({ body: z.object({ student_data: studentCreateFields }) }), async (c) => {
      const body = await readJson(c);
      const { student, replayed } = await createStudent(
        deps,
        c.get("tenant"),
        studentData(body),
        c.req.header("idempotency-key"),
      );
      return c.json({ message: DEFAULT_SUCCESS.created, data: student }, replayed ? 200 : 201);
    })
    .post("/students/:id", documented({ body: z.object({ student_data: studentUpdateFields }) }), async (c) => {
      const body = await readJson(c);
      const student = await updateStudent(deps, c.get("tenant"), c.req.param("id"), studentData(body));
      return c.json({ message: DEFAULT_SUCCESS.updated, data: student });
    })
    .delete("/students/:id", async (c) => {
      await deleteStudent(deps, c.get("tenant"), c.req.param("id"));
      return c.json({ message: DEFAULT_SUCCESS.deleted });
    })
    .post("/students/:id/backlog", documented({ body: backlogPayload }), async (c) => {
      const entry = await moveToBacklog(deps, c.get("tenant"), c.req.param("id"), await readJson(c));
      return c.json({ message: MESSAGES.studentBacklogged, data: entry });
    })
    .get("/students/:id/classes", async (c) =>
      c.json({ data: await studentClassHistory(deps, c.get("tenant"), c.req.param("id")) }),
    )
    .post("/students/:id/restore", async (c) => {
      const student = await restoreStudent(deps, c.get("tenant"), c.req.param("id"));
      return c.json({ message: STUDENT_MESSAGES.restored, data: student });
    })
    .get("/students/:id/data-export", documented({ file: "application/gzip" }), async (c) => {
      const archive = await exportStudentData(deps, c.get("tenant"), c.req.param("id"));
      return downloadResponse(archive.bytes, "application/gzip", `attachment; filename="${archive.filename}"`);
    })
    .post("/students/:id/erase", async (c) => c.json(await eraseStudent(deps, c.get("tenant"), c.req.param("id"))));
}

/** `GET /api/students/{uniqueId}/studentInfo/{id}`: the one student call without the admin prefix. */
export function studentInfoRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>().get("/studentInfo/:id", async (c) =>
    c.json({ data: await getStudent(deps, c.get("tenant"), c.req.param("id")) }),
  );
}
