import type { ActionFunctionArgs } from "@remix-run/node";
import { withAdmin } from "~/.server/auth.server";
import { sendImportFile } from "~/.server/imports.server";
import { checkHref } from "./shared";
import { kindParam } from "./kind.server";

/**
 * /admin/bulk-import/{kind}/send: the upload page's own sending with JavaScript (XMLHttpRequest, to show
 * its progress). The same hand-over as the page's action, answered in JSON: `{to}` (the check's page)
 * or `{result}` (the form's reply) when refused.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const kind = kindParam(params.kind);
  return withAdmin(request, context, async ({ api }) => {
    const outcome = await sendImportFile(request, context, api, kind);
    return Response.json(outcome.ok ? { to: checkHref(kind, outcome.preview.token) } : { result: outcome.result }, {
      status: outcome.ok ? 200 : outcome.status,
    });
  });
}
