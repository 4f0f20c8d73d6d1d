import { createCookie } from "@remix-run/node";

/**
 * The "Data saver" preference: a plain cookie (it must work before and without login), a year long.
 * When on, pages are served with no JavaScript at all.
 */
export const dataSaverCookie = createCookie("data_saver", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
});

export async function isDataSaverOn(request: Request): Promise<boolean> {
  return (await dataSaverCookie.parse(request.headers.get("Cookie"))) === "on";
}
