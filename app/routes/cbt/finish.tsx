import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { CbtQuestionPage } from "../../../contract/cbt";
import { publicApi } from "~/.server/auth.server";
import { attemptOf, attemptPath, endedOr503, forgetAttempt, timeLeft } from "~/.server/cbt.server";
import { AuthCard } from "~/components/AuthCard";
import { Button, buttonClass } from "~/components/ui/Button";
import { usePending } from "~/lib/form-state";

/** /cbt/finish: how many questions are answered, and Submit (which closes the attempt: one attempt per PIN). */
export const meta: MetaFunction = () => [{ title: "Submit your answers" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const attempt = await attemptOf(request, context);
  if (!attempt) throw redirect("/cbt");
  const page = await publicApi(context).get<CbtQuestionPage>(attemptPath(attempt, "questions/1"));
  if (!page.ok) throw await endedOr503(request, context, page);
  return {
    answered: page.data.answered,
    count: page.data.count,
    title: page.data.title,
    left: timeLeft(page.data.seconds_left),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const attempt = await attemptOf(request, context);
  if (!attempt) throw redirect("/cbt");
  const done = await publicApi(context).create(attemptPath(attempt, "submit"));
  if (!done.ok) throw await endedOr503(request, context, done);
  return redirect("/cbt/closed?reason=submitted", {
    headers: { "Set-Cookie": await forgetAttempt(request, context) },
  });
}

export default function CbtFinish() {
  const { answered, count, title, left } = useLoaderData<typeof loader>();
  return (
    <AuthCard title={title}>
      <p className="text-lg text-slate-800">
        You answered {answered} of {count} questions. {left}.
      </p>
      <p className="text-slate-700">Once you submit, you cannot change your answers.</p>
      <Form method="post">
        <Button className="w-full" pending={usePending()} pendingLabel="Submitting…">
          Submit answers
        </Button>
      </Form>
      <Link to="/cbt/question/1" className={buttonClass("secondary", "w-full")}>
        Back to the questions
      </Link>
    </AuthCard>
  );
}
