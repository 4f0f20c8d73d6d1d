import type { MetaFunction } from "@remix-run/node";
import { notFound } from "~/.server/not-found.server";

export const meta: MetaFunction = () => [{ title: "Page not found" }];

/** Unknown URLs answer a real 404 (`notFound()`) and render the root error boundary. */
export function loader() {
  notFound();
}

export default function NotFound() {
  return null;
}
