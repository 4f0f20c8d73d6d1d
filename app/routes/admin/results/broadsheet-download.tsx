import type { LoaderFunctionArgs } from "@remix-run/node";
import { RESULTS_MESSAGES as M } from "../../../../contract/results";
import { withAdmin } from "~/.server/auth.server";
import { spreadsheetDownload } from "~/.server/imports.server";
import { failure, redirectWithToast } from "~/.server/toast.server";
import { BROADSHEET_PATH } from "~/lib/result-choice";

/** /admin/results/broadsheet.xlsx: the API's spreadsheet as a download (a plain link); a failure goes back with a toast. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const params = new URL(request.url).searchParams;
    const named = new URLSearchParams();
    for (const name of ["class", "term", "year", "result"]) named.set(name, (params.get(name) ?? "").slice(0, 60));
    const query = `?${named}`;
    return (
      (await spreadsheetDownload(api, `/results/broadsheet.xlsx${query}`)) ??
      redirectWithToast(request, context, `${BROADSHEET_PATH}${query}`, failure(M.broadsheetDownloadFailed))
    );
  });
}
