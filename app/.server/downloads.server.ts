/**
 * A file the API answered, passed on to the browser as a download: its type, name and length kept,
 * never cached, never sniffed into something else.
 */
export function passOnDownload(response: Response, contentType: string, fallbackName: string): Response {
  const headers = new Headers({
    "Content-Type": contentType,
    "Content-Disposition": response.headers.get("content-disposition") ?? `attachment; filename="${fallbackName}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
  const length = response.headers.get("content-length");
  if (length) headers.set("Content-Length", length);
  return new Response(response.body, { status: 200, headers });
}
