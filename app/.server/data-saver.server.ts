import { createCookie } from "@remix-run/node";

/**
 * The "Data saver" preference: a plain cookie (it must work before and without login), a year long, holding
 * the user's choice, "on" or "off". When on, pages are served with no JavaScript at all.
 */
export const dataSaverCookie = createCookie("data_saver", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
});

/** Data saver on or off for this request, and whether the user chose it or their browser asked for it. */
export interface DataSaver {
  on: boolean;
  /** "browser": no choice made, and the browser sent `Save-Data: on` (Chrome's Lite mode, data-saving browsers). */
  by: "choice" | "browser" | "default";
}

/** The user's choice wins; without one, a browser that asks to save data (`Save-Data: on`) gets the saver. */
export async function dataSaverOf(request: Request): Promise<DataSaver> {
  const choice = await dataSaverCookie.parse(request.headers.get("Cookie"));
  if (choice === "on" || choice === "off") return { on: choice === "on", by: "choice" };
  const asked = request.headers.get("Save-Data")?.trim().toLowerCase() === "on";
  return { on: asked, by: asked ? "browser" : "default" };
}
