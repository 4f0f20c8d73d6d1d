import type { ActionFunctionArgs } from "@remix-run/node";
import { withAdmin } from "~/.server/auth.server";
import { sendUpload } from "~/.server/files.server";

/**
 * /admin/file-upload: the upload page's own sending with JavaScript (XMLHttpRequest, to show its
 * progress). The same hand-over as the page's action, answered in JSON: `{message}` when stored,
 * `{result}` (the form's reply) when refused.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const outcome = await sendUpload(request, context, api);
    return Response.json(outcome.ok ? { message: outcome.message } : { result: outcome.result }, {
      status: outcome.ok ? 200 : outcome.status,
    });
  });
}
