import { sharePayload, uploadFolderFields } from "../../contract/files.schema";
import { documented } from "../lib/route-docs";
import { Hono } from "hono";
import { FILE_MESSAGES, UPLOAD_REQUEST_MAX_BYTES } from "../../contract/files";
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from "../../contract/limits";
import { DEFAULT_SUCCESS, MESSAGES } from "../../contract/messages";
import type { ApiDeps } from "../context";
import { fromZod } from "../lib/errors";
import { contentDisposition, readJson, withFormOnDisk } from "../lib/http";
import { pageParams } from "../lib/pagination";
import type { TenantEnv } from "../middleware/tenant";
import { openSharedFile, revokeFileLinks, shareFile } from "../services/file-links";
import {
  deleteFile,
  deleteFolder,
  fileId,
  getFile,
  getStorageQuota,
  listFolderFiles,
  listFolderNames,
  listFolderStats,
  uploadFiles,
} from "../services/files";

/** The upload's caps: busboy drops a sixth file and cuts a file off one byte past 5 MB. */
const UPLOAD_LIMITS = {
  maxFiles: UPLOAD_MAX_FILES,
  maxFileBytes: UPLOAD_MAX_BYTES,
  maxFields: 10,
  maxFieldBytes: 4096,
  maxRequestBytes: UPLOAD_REQUEST_MAX_BYTES,
};

/** The file manager, under /api/admin/{uniqueId} (contract/files.ts). Fixed paths come before `/files/:id`. */
export function fileRoutes(deps: ApiDeps) {
  return new Hono<TenantEnv>()
    .get("/files/folders", async (c) => c.json({ data: await listFolderNames(deps, c.get("tenant")) }))
    .get("/files/folderStats", documented({ query: pageParams }), async (c) =>
      c.json({ data: await listFolderStats(deps, c.get("tenant"), pageParams.parse(c.req.query())) }),
    )
    .get("/files/storage-quota", async (c) => c.json({ data: await getStorageQuota(deps, c.get("tenant")) }))
    .get("/files/folder/:folder", documented({ query: pageParams }), async (c) =>
      c.json({
        data: await listFolderFiles(deps, c.get("tenant"), c.req.param("folder"), pageParams.parse(c.req.query())),
      }),
    )
    .delete("/files/folder/:folder", async (c) => {
      await deleteFolder(deps, c.get("tenant"), c.req.param("folder"));
      return c.json({ message: FILE_MESSAGES.folderDeleted });
    })
    .post("/files", documented({ form: uploadFolderFields }), async (c) => {
      const { files, replayed } = await withFormOnDisk(c, deps, UPLOAD_LIMITS, (form) =>
        uploadFiles(deps, c.get("tenant"), form, c.req.header("idempotency-key")),
      );
      return c.json({ message: MESSAGES.uploadSuccessful, data: files }, replayed ? 200 : 201);
    })
    .get("/files/:id", async (c) => c.json({ data: await getFile(deps, c.get("tenant"), fileId(c.req.param("id"))) }))
    .delete("/files/:id", async (c) => {
      await deleteFile(deps, c.get("tenant"), fileId(c.req.param("id")));
      return c.json({ message: DEFAULT_SUCCESS.deleted });
    })
    .post("/files/:id/share", documented({ body: sharePayload }), async (c) => {
      const parsed = sharePayload.safeParse(await readJson(c));
      if (!parsed.success) throw fromZod(parsed.error);
      const link = await shareFile(deps, c.get("tenant"), fileId(c.req.param("id")), parsed.data.disposition);
      return c.json({ data: link }, 201);
    })
    .delete("/files/:id/share", async (c) => {
      await revokeFileLinks(deps, c.get("tenant"), fileId(c.req.param("id")));
      return c.json({ message: FILE_MESSAGES.linksRevoked });
    });
}

/**
 * `GET /api/files/shared/{token}`: the file a share link names, streamed. The answer can never run as
 * a page of this site: it is sandboxed, its type is never sniffed, and only pictures and PDFs are ever
 * shown inline; everything else is a download under its original name.
 */
export function sharedFileRoutes(deps: ApiDeps) {
  return new Hono().get("/:token", documented({ file: "application/octet-stream" }), async (c) => {
    const file = await openSharedFile(deps, c.req.param("token"));
    const pdfInline = file.disposition === "inline" && file.mime === "application/pdf";
    // A HEAD request gets the headers only: the stream opened for nothing is closed at once.
    if (c.req.method === "HEAD") await file.body.cancel();
    return new Response(c.req.method === "HEAD" ? null : file.body, {
      headers: {
        "Content-Type": file.mime,
        "Content-Length": String(file.size),
        "Content-Disposition": contentDisposition(file.disposition, file.name),
        "X-Content-Type-Options": "nosniff",
        // A browser's PDF viewer does not run in a sandboxed document; a PDF shown inline may load nothing else instead.
        "Content-Security-Policy": pdfInline
          ? "default-src 'none'; object-src 'self'; frame-ancestors 'self'"
          : "sandbox; default-src 'none'",
        "Cache-Control": "private, no-store, no-transform",
        "Referrer-Policy": "no-referrer",
      },
    });
  });
}
