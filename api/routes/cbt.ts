import { Hono } from "hono";
import { z } from "zod";
import { CBT_MESSAGES as M } from "../../contract/cbt";
import {
  answerPayload,
  attemptPayload,
  questionFields,
  testFields,
  theoryMarksPayload,
} from "../../contract/cbt.schema";
import { CLIENT_ADDRESS_HEADER } from "../../contract/http";
import type { ApiDeps } from "../context";
import { IMAGE_MAX_BYTES } from "../../contract/limits";
import { fileFor, isMultipart, type UploadedFile } from "../../server-lib/multipart";
import { ApiError } from "../lib/errors";
import { downloadResponse, readForm, readJson } from "../lib/http";
import { documented } from "../lib/route-docs";
import type { TenantEnv } from "../middleware/tenant";
import {
  addQuestion,
  createTest,
  getTest,
  issuePins,
  listPins,
  listQuestions,
  listTests,
  markTheory,
  questionImage,
  questionPage,
  saveAnswer,
  sendToResults,
  startAttempt,
  submitAttempt,
  testScores,
  theoryAnswers,
} from "../services/cbt";
import { slipsPdf } from "../services/cbt-slips-pdf";
import type { Context } from "hono";

const bankQuery = z.object({
  class: z.string().max(60).optional().catch(undefined),
  subject: z.string().max(100).optional().catch(undefined),
});

/** A question as JSON, or multipart: the JSON as the text field `question_data` and the picture as the file `image`. */
async function readQuestion(c: Context): Promise<{ data: unknown; image?: UploadedFile }> {
  if (!isMultipart(c.req.raw)) return { data: await readJson(c) };
  const form = await readForm(c, { maxFileBytes: IMAGE_MAX_BYTES, maxFiles: 1 });
  const text = form.fields.question_data?.[0];
  try {
    return { data: text ? JSON.parse(text) : {}, image: fileFor(form, "image") };
  } catch {
    throw new ApiError(400, "question_data is not valid JSON.");
  }
}

/** Assessments under /api/admin/{uniqueId} (contract/cbt.ts). */
export function cbtRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>()
    .post("/cbt/questions", documented({ body: questionFields }), async (c) => {
      const { data, image } = await readQuestion(c);
      const { question, created } = await addQuestion(
        deps,
        c.get("tenant"),
        data,
        c.req.header("idempotency-key"),
        image,
      );
      return c.json({ message: M.questionAdded, data: question }, created ? 201 : 200);
    })
    .get("/cbt/questions", documented({ query: bankQuery }), async (c) =>
      c.json({ data: await listQuestions(deps, c.get("tenant"), bankQuery.parse(c.req.query())) }),
    )
    .get("/cbt/tests", async (c) => c.json({ data: await listTests(deps, c.get("tenant")) }))
    .post("/cbt/tests", documented({ body: testFields }), async (c) => {
      const { test, created } = await createTest(
        deps,
        c.get("tenant"),
        await readJson(c),
        c.req.header("idempotency-key"),
      );
      return c.json({ message: M.testCreated, data: test }, created ? 201 : 200);
    })
    .get("/cbt/tests/:id", async (c) => c.json({ data: await getTest(deps, c.get("tenant"), c.req.param("id")) }))
    .post("/cbt/tests/:id/pins", async (c) =>
      c.json({ message: M.pinsIssued, data: await issuePins(deps, c.get("tenant"), c.req.param("id")) }, 201),
    )
    .get("/cbt/tests/:id/pins", async (c) => c.json({ data: await listPins(deps, c.get("tenant"), c.req.param("id")) }))
    .get("/cbt/tests/:id/slips", documented({ file: "application/pdf" }), async (c) => {
      const pdf = await slipsPdf(deps, c.get("tenant"), c.req.param("id"));
      return downloadResponse(pdf.bytes, "application/pdf", `attachment; filename="${pdf.filename}"`);
    })
    .get("/cbt/tests/:id/scores", async (c) =>
      c.json({ data: await testScores(deps, c.get("tenant"), c.req.param("id")) }),
    )
    .get("/cbt/tests/:id/theory", async (c) =>
      c.json({ data: await theoryAnswers(deps, c.get("tenant"), c.req.param("id")) }),
    )
    .put("/cbt/tests/:id/theory", documented({ body: theoryMarksPayload }), async (c) =>
      c.json({
        message: M.marksSaved,
        data: await markTheory(deps, c.get("tenant"), c.req.param("id"), await readJson(c)),
      }),
    )
    .post("/cbt/tests/:id/send-to-results", async (c) => {
      const data = await sendToResults(deps, c.get("tenant"), c.req.param("id"));
      return c.json({ message: M.sentToResults(data.column), data });
    });
}

/** The address the server saw (the forwarded one only when TRUST_PROXY says a proxy is in front). */
const addressOf = (c: Context) => c.req.header(CLIENT_ADDRESS_HEADER)?.trim() || "unknown";

/**
 * Taking a test, under /api/public/cbt: no token; the code and PIN start an attempt, whose unguessable key then
 * names it. Nothing answered here says which option is correct.
 */
export function publicCbtRoutes(deps: ApiDeps) {
  return new Hono()
    .post("/attempts", documented({ body: attemptPayload }), async (c) => {
      const { attempt, resumed } = await startAttempt(deps, await readJson(c), addressOf(c));
      return c.json({ data: attempt }, resumed ? 200 : 201);
    })
    .get("/attempts/:attempt/questions/:n", async (c) =>
      c.json({ data: await questionPage(deps, c.req.param("attempt"), c.req.param("n"), addressOf(c)) }),
    )
    .get("/attempts/:attempt/questions/:n/image", documented({ file: "image/*" }), async (c) => {
      const media = await questionImage(deps, c.req.param("attempt"), c.req.param("n"), addressOf(c));
      return c.body(media.bytes, 200, {
        "Content-Type": media.mime,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      });
    })
    .put("/attempts/:attempt/answers/:n", documented({ body: answerPayload }), async (c) =>
      c.json({
        message: M.answerSaved,
        data: await saveAnswer(deps, c.req.param("attempt"), c.req.param("n"), await readJson(c), addressOf(c)),
      }),
    )
    .post("/attempts/:attempt/submit", async (c) => {
      await submitAttempt(deps, c.req.param("attempt"), addressOf(c));
      return c.json({ message: M.submitted });
    });
}
