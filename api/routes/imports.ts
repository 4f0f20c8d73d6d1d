import { documented } from "../lib/route-docs";
import { Hono, type Context } from "hono";
import {
  IMPORT_FEATURE,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  isImportKind,
  KIND_WORDS,
  type ImportKind,
} from "../../contract/imports";
import type { ApiDeps } from "../context";
import { requireFeature } from "../lib/access";
import { ApiError } from "../lib/errors";
import { contentDisposition, downloadResponse, readJson, withFormOnDisk } from "../lib/http";
import { XLSX_MIME } from "../lib/spreadsheet";
import type { TenantEnv } from "../middleware/tenant";
import {
  applyMapping,
  bulkRegister,
  checkUpload,
  commitImport,
  getCheck,
  ImportProblems,
  problemFile,
  templateFile,
} from "../services/imports";

/** One spreadsheet and a few short fields; busboy cuts the file off one byte past the cap. */
export const UPLOAD_LIMITS = {
  maxFiles: 1,
  maxFileBytes: IMPORT_MAX_BYTES,
  maxFields: 5,
  maxFieldBytes: 1024,
  maxRequestBytes: IMPORT_MAX_BYTES + 64 * 1024,
};

/** The kind in the path; a sub-admin needs its feature key (IMPORT_FEATURE) to import it. */
const kindOf = (c: Context<TenantEnv>) => {
  const kind = c.req.param("kind");
  if (!isImportKind(kind)) throw new ApiError(404, "Not found.");
  requireFeature(c.get("tenant"), IMPORT_FEATURE[kind]);
  return kind;
};

const xlsx = (bytes: Uint8Array, name: string) =>
  downloadResponse(bytes, XLSX_MIME, contentDisposition("attachment", name));

/** A check with problems answers 422 with the check itself, so the caller can show every row's problem. */
export async function orProblems(c: Context, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ImportProblems)
      return c.json({ message: error.message, errors: error.errors, data: error.preview }, 422);
    throw error;
  }
}

/**
 * Bulk imports under /api/admin/{uniqueId} (contract/imports.ts). Mounted before the students, parents
 * and staff routes: `POST /students/bulkRegister` would otherwise be taken for the update of a student.
 */
export function importRoutes(deps: ApiDeps) {
  const bulk = (kind: ImportKind, field: string) => async (c: Context<TenantEnv>) =>
    orProblems(c, async () => {
      const body = (await readJson(c)) as Record<string, unknown> | null;
      const result = await bulkRegister(deps, c.get("tenant"), kind, body?.[field]);
      const message = result.already_imported
        ? IMPORT_MESSAGES.alreadyImported
        : IMPORT_MESSAGES.imported(result.added, kind);
      return c.json({ message, data: result }, result.already_imported ? 200 : 201);
    });

  return new Hono<TenantEnv>()
    .post("/students/bulkRegister", bulk("students", "students"))
    .post("/stu-parents/bulkRegister", bulk("parents", "parents"))
    .post("/staffs/bulkRegister", bulk("staff", "staff"))
    .get("/imports/:kind/template", documented({ file: XLSX_MIME }), async (c) => {
      const kind = kindOf(c);
      return xlsx(
        await templateFile(deps, c.get("tenant"), kind),
        `${KIND_WORDS[kind].title.toLowerCase().replace(/ /g, "-")}-template.xlsx`,
      );
    })
    .post("/imports/:kind", async (c) => {
      const kind = kindOf(c);
      const preview = await withFormOnDisk(c, deps, UPLOAD_LIMITS, (form) =>
        checkUpload(deps, c.get("tenant"), kind, form),
      );
      return c.json({ data: preview }, 201);
    })
    .get("/imports/:kind/:token", async (c) =>
      c.json({ data: await getCheck(deps, c.get("tenant"), kindOf(c), c.req.param("token")) }),
    )
    .get("/imports/:kind/:token/problems", documented({ file: XLSX_MIME }), async (c) => {
      const file = await problemFile(deps, c.get("tenant"), kindOf(c), c.req.param("token"));
      return xlsx(file.bytes, file.name);
    })
    .post("/imports/:kind/:token/mapping", async (c) => {
      const kind = kindOf(c);
      const preview = await applyMapping(deps, c.get("tenant"), kind, c.req.param("token"), await readJson(c));
      return c.json({ data: preview }, 201);
    })
    .post("/imports/:kind/:token/commit", async (c) =>
      orProblems(c, async () => {
        const kind = kindOf(c);
        const result = await commitImport(deps, c.get("tenant"), kind, c.req.param("token"));
        return c.json({
          message: result.already_imported
            ? IMPORT_MESSAGES.alreadyImported
            : IMPORT_MESSAGES.imported(result.added, kind),
          data: result,
        });
      }),
    );
}
