import type { AppLoadContext } from "@remix-run/node";
import type { ApiResult } from "./api.server";
import { readFormData } from "./form.server";
import { returnTo } from "./return-to";
import type { Toast } from "./session.server";
import { failure, redirectWithToast, success } from "./toast.server";

/**
 * Confirmed actions (delete, restore, move) share one ending: with JavaScript the list's dialog posts
 * to the confirm route, without it the confirm page does; either way the admin goes back to the list
 * page they came from (its search, filters and page, checked by `returnTo`) with a toast.
 */

/** The list page a confirm page's Cancel leads back to, from its `?returnTo=`. */
export function backFromQuery(request: Request, list: string): string {
  return returnTo(new URL(request.url).searchParams.get("returnTo"), list);
}

/**
 * The toast for a finished call: the API's message or `successText` on success. A record that is
 * already gone (a second tap on Delete) counts as done when `goneIsDone`.
 */
export function resultToast(result: ApiResult<unknown>, successText: string, goneIsDone = false): Toast {
  if (result.ok) return success(result.message ?? successText);
  return goneIsDone && result.status === 404 ? success(successText) : failure(result.message);
}

/**
 * A confirm route's action: reads `returnTo` from the posted form, runs the call and goes back to the
 * list with its toast. `run` receives the form for confirmations that ask for more (a reason).
 */
export async function confirmAndReturn(
  request: Request,
  context: AppLoadContext,
  list: string,
  run: (form: FormData) => Promise<ApiResult<unknown>>,
  successText: string,
  options: { goneIsDone?: boolean } = {},
) {
  const form = await readFormData(request);
  const back = returnTo(form.get("returnTo"), list);
  const result = await run(form);
  return redirectWithToast(request, context, back, resultToast(result, successText, options.goneIsDone));
}
