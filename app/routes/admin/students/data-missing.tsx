import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { STUDENT_MESSAGES } from "../../../../contract/students";
import { withAdmin } from "~/.server/auth.server";
import { notFound } from "~/.server/not-found.server";

export const meta: MetaFunction = () => [{ title: STUDENT_MESSAGES.notFound }];

/**
 * Where the download of a student who is not this school's (or no longer exists) leads: the download's own
 * URL answers an archive, which cannot show the admin shell, so it sends the browser here for the 404 page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async () =>
    notFound(STUDENT_MESSAGES.notFound, { to: "/admin/students-backlog", label: "Back to the backlog" }),
  );
}

export default function StudentDataMissing() {
  return null;
}
