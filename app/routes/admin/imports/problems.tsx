import type { LoaderFunctionArgs } from "@remix-run/node";
import { IMPORT_MESSAGES } from "../../../../contract/imports";
import { withAdmin } from "~/.server/auth.server";
import { spreadsheetDownload } from "~/.server/imports.server";
import { failure, redirectWithToast } from "~/.server/toast.server";
import { UPLOAD_PAGE } from "./shared";
import { kindParam } from "./kind.server";

/** /admin/bulk-import/{kind}/{token}/problems: the rows with problems and a 'Problem' column, as a download. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const kind = kindParam(params.kind);
  return withAdmin(request, context, async ({ api }) => {
    const path = `/imports/${kind}/${encodeURIComponent(params.token ?? "")}/problems`;
    return (
      (await spreadsheetDownload(api, path)) ??
      redirectWithToast(request, context, UPLOAD_PAGE[kind], failure(IMPORT_MESSAGES.expired))
    );
  });
}
