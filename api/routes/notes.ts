import { Hono } from "hono";
import { NOTE_MESSAGES } from "../../contract/notes";
import { noteFields, noteReviewFields, notesQuery } from "../../contract/notes.schema";
import type { ApiDeps } from "../context";
import { readJson } from "../lib/http";
import { idempotencyKey } from "../lib/idempotency";
import { pageParams } from "../lib/pagination";
import { documented } from "../lib/route-docs";
import type { TenantEnv } from "../middleware/tenant";
import { deleteNote, downloadNote, getNote, listNotes, reviewNote, uploadNote } from "../services/notes";
import { pathId, withSentForm } from "../services/teaching-files";

const noteId = (raw: string) => pathId(raw, NOTE_MESSAGES.notFound);
const FILE = { file: "application/octet-stream" };

/** A teacher's lesson notes (contract/notes.ts), under /api/admin/{uniqueId}. */
export function noteRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>()
    .get("/notes", documented({ query: notesQuery.merge(pageParams) }), async (c) => {
      const query = c.req.query();
      return c.json({ data: await listNotes(deps, c.get("tenant"), notesQuery.parse(query), pageParams.parse(query)) });
    })
    .post("/notes", documented({ form: noteFields }), async (c) => {
      const { note, replayed } = await withSentForm(c, deps, 1, (form) =>
        uploadNote(deps, c.get("tenant"), form, idempotencyKey(c.req.header("idempotency-key"))),
      );
      return c.json({ message: NOTE_MESSAGES.uploaded, data: note }, replayed ? 200 : 201);
    })
    .get("/notes/:id", async (c) => c.json({ data: await getNote(deps, c.get("tenant"), noteId(c.req.param("id"))) }))
    .get("/notes/:id/download", documented(FILE), async (c) =>
      downloadNote(deps, c.get("tenant"), noteId(c.req.param("id"))),
    )
    .delete("/notes/:id", async (c) => {
      await deleteNote(deps, c.get("tenant"), noteId(c.req.param("id")));
      return c.json({ message: NOTE_MESSAGES.deleted });
    })
    .post("/notes/:id/review", documented({ body: noteReviewFields }), async (c) => {
      const data = await reviewNote(deps, c.get("tenant"), noteId(c.req.param("id")), await readJson(c));
      return c.json({ message: NOTE_MESSAGES.reviewed, data });
    });
}
