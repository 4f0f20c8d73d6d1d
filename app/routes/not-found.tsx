import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "Page not found" }];

/** Unknown URLs answer a real 404 and render the root error boundary. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
