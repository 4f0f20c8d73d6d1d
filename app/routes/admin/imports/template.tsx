import type { LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_ERRORS } from "../../../../contract/messages";
import { withAdmin } from "~/.server/auth.server";
import { spreadsheetDownload } from "~/.server/imports.server";
import { failure, redirectWithToast } from "~/.server/toast.server";
import { UPLOAD_PAGE } from "./shared";
import { kindParam } from "./kind.server";

/** /admin/bulk-import/{kind}/template: the template the API makes, as a download (a plain link). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const kind = kindParam(params.kind);
  return withAdmin(request, context, async ({ api }) => {
    return (
      (await spreadsheetDownload(api, `/imports/${kind}/template`)) ??
      redirectWithToast(request, context, UPLOAD_PAGE[kind], failure(DEFAULT_ERRORS.fetch))
    );
  });
}
