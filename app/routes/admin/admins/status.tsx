import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { ACCESS_MESSAGES } from "../../../../contract/access";
import { withAdmin } from "~/.server/auth.server";
import { confirmAndReturn } from "~/.server/confirm.server";
import { ADMINS_PATH } from "~/lib/access";

/** Disable and Enable post here from the list (a plain form: no JavaScript needed); a GET goes back to it. */
export function loader() {
  return redirect(ADMINS_PATH);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, ({ api }) =>
    confirmAndReturn(
      request,
      context,
      ADMINS_PATH,
      (form) =>
        api.update(
          `/sub-admins/${encodeURIComponent(params.id!)}/status`,
          { disabled: form.get("disabled") === "1" },
          { method: "PUT" },
        ),
      ACCESS_MESSAGES.subAdminUpdated,
    ),
  );
}
