import type { LoaderFunctionArgs } from "@remix-run/node";
import { SCORE_UPLOAD_WORDS as W } from "../../../../contract/score-upload";
import { withAdmin } from "~/.server/auth.server";
import { resultSpreadsheet } from "~/.server/results.server";

/**
 * /admin/results/template.xlsx?class=&subject=&term=&year=&result=: the score sheet's template (a plain link on the
 * score entry screen); a failure goes back to the sheet with a toast.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) =>
    resultSpreadsheet(
      { request, context, api },
      "/results/sheet/template",
      ["class", "subject", "term", "year", "result"],
      "/admin/results",
      W.templateFailed,
    ),
  );
}
