import type { LoaderFunctionArgs } from "@remix-run/node";
import { ASSIGNMENT_MESSAGES as M, type Assignment } from "../../../contract/assignments";
import { formatDate } from "../../../contract/calendar";
import type { StaffDashboard } from "../../../contract/staff-area";
import { isTeacher, withAdmin } from "~/.server/auth.server";
import { idOf } from "~/.server/teaching-files.server";
import { failure, redirectWithToast } from "~/.server/toast.server";

const LIST = "/staff/assignments";

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The page to print: the school, the assignment and its attachments' names, in plain HTML with no script. */
function printPage(school: string, a: Assignment): string {
  const files = a.attachments.length
    ? `<h2>${escape(M.attachmentsLabel)}</h2><ul>${a.attachments.map((f) => `<li>${escape(f.original_name)}</li>`).join("")}</ul>`
    : "";
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(a.title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:42rem;margin:1rem auto;padding:0 1rem;color:#0f172a;line-height:1.5}
h1{font-size:1.5rem;margin:.25rem 0}h2{font-size:1.1rem;margin-top:1.5rem}
.school{font-weight:700;font-size:1.1rem;border-bottom:2px solid #0f172a;padding-bottom:.5rem}
.meta{color:#334155}.instructions{white-space:pre-wrap;overflow-wrap:anywhere}
.screen{background:#f1f5f9;padding:.75rem;border-radius:.5rem}.screen a{color:#1d4ed8}
@media print{.screen{display:none}body{margin:0}}
</style>
</head>
<body>
<p class="screen">${escape(M.printHint)} <a href="${LIST}">${escape(M.printBack)}</a></p>
<p class="school">${escape(school)}</p>
<h1>${escape(a.title)}</h1>
<p class="meta">${escape(`${a.subject} · ${a.class_name}`)}<br>${escape(M.due(formatDate(a.due_date)))}<br>${escape(M.setBy(a.teacher))}</p>
<h2>${escape(M.instructionsLabel)}</h2>
<div class="instructions">${escape(a.instructions)}</div>
${files}
</body>
</html>`;
}

/**
 * /staff/assignments/{id}/print: the assignment as a plain page to print or save as a PDF for parents (students do
 * not sign in); an assignment gone or not the teacher's goes back to the list with the reason.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async (admin) => {
    if (!isTeacher(admin)) return redirectWithToast(request, context, LIST, failure(M.notFound));
    const [found, me] = await Promise.all([
      admin.api.get<Assignment>(`/assignments/${idOf(params.id)}`),
      admin.api.get<StaffDashboard>("/staff-area/dashboard"),
    ]);
    if (!found.ok)
      return redirectWithToast(request, context, LIST, failure(found.status === 404 ? M.notFound : found.message));
    return new Response(printPage(me.ok ? me.data.school_name : "", found.data), {
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  });
}
