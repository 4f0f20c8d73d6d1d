import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicApi } from "~/.server/auth.server";
import { attemptOf, attemptPath } from "~/.server/cbt.server";

/** /cbt/question/{n}/image: the question's picture for this browser's open attempt (its key stays in the cookie). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const attempt = await attemptOf(request, context);
  if (!attempt) return new Response(null, { status: 404 });
  const response = await publicApi(context).raw(attemptPath(attempt, `questions/${params.n ?? ""}/image`));
  const type = response.headers.get("content-type") ?? "";
  if (response.status !== 200 || !type.startsWith("image/")) {
    await response.body?.cancel();
    return new Response(null, { status: response.status === 200 ? 502 : response.status });
  }
  return new Response(response.body, {
    headers: { "Content-Type": type, "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });
}
