import type { MetaFunction } from "@remix-run/node";
import { notFound } from "~/.server/not-found.server";

export const meta: MetaFunction = () => [{ title: "Page not found" }];

/**
 * Any URL of an area that is none of its screens: the 404, drawn by the area's layout inside its shell (menu kept)
 * rather than by the app's bare not-found page.
 */
export function loader(): never {
  notFound();
}

export default function AreaNotFound() {
  return null;
}
