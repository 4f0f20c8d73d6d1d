import type { LoaderFunctionArgs } from "@remix-run/node";
import { RESULTS_MESSAGES as M } from "../../../../contract/results";
import { withAdmin } from "~/.server/auth.server";
import { resultSpreadsheet } from "~/.server/results.server";
import { BROADSHEET_PATH } from "~/lib/result-choice";

/** /admin/results/broadsheet.xlsx: the API's spreadsheet as a download (a plain link); a failure goes back with a toast. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) =>
    resultSpreadsheet(
      { request, context, api },
      "/results/broadsheet.xlsx",
      ["class", "term", "year", "result"],
      BROADSHEET_PATH,
      M.broadsheetDownloadFailed,
    ),
  );
}
