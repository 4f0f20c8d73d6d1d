import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { dataSaverCookie } from "~/.server/data-saver.server";
import { readFormData } from "~/.server/form.server";
import { isHttps } from "~/.server/session.server";

/** Only paths of this site: never an open redirect. */
function safeReturnPath(value: FormDataEntryValue | null): string {
  const path = typeof value === "string" ? value : "";
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") ? path : "/admin/profile";
}

export function loader() {
  return redirect("/admin/profile");
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const on = form.get("data_saver") === "on";
  // "off" is kept too: a choice, which a browser's `Save-Data: on` does not override.
  const cookie = await dataSaverCookie.serialize(on ? "on" : "off", { secure: isHttps(request) });
  return redirect(safeReturnPath(form.get("redirectTo")), { headers: { "Set-Cookie": cookie } });
}
