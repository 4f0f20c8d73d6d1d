import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CBT_LIMITS, CBT_MESSAGES as M, OPTION_LETTERS, type CbtQuestionPage } from "../../../contract/cbt";
import { publicApi } from "~/.server/auth.server";
import { attemptOf, attemptPath, endedOr503, timeLeft } from "~/.server/cbt.server";
import { readFormData } from "~/.server/form.server";
import { refuse } from "~/.server/reply.server";
import { AuthCard } from "~/components/AuthCard";
import { Banner } from "~/components/ui/Banner";
import { Button } from "~/components/ui/Button";
import { inputClass } from "~/components/ui/Field";
import { usePending } from "~/lib/form-state";

/**
 * /cbt/question/{n}: one question a page, a plain form. Every button saves the answer chosen first (Previous, Next,
 * Finish), so nothing is lost with JavaScript off or on a lost connection; the time left is the server's. With
 * JavaScript an answer is also saved as it is chosen, and the time left counts down by the second from the
 * server's figure (the deadline itself stays the server's).
 */
export const meta: MetaFunction = () => [{ title: "Test question" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const attempt = await attemptOf(request, context);
  if (!attempt) throw redirect("/cbt");
  const page = await publicApi(context).get<CbtQuestionPage>(attemptPath(attempt, `questions/${params.n ?? ""}`));
  if (page.ok) return { page: page.data, left: timeLeft(page.data.seconds_left) };
  if (page.status === 404 && page.reason === M.questionNotFound) throw redirect("/cbt/question/1");
  throw await endedOr503(request, context, page);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const attempt = await attemptOf(request, context);
  if (!attempt) throw redirect("/cbt");
  const n = Number(params.n);
  const form = await readFormData(request);
  const choice = form.get("choice");
  const intent = String(form.get("intent") ?? "next");
  const hasChoice = typeof choice === "string" && (choice !== "" || form.get("kind") === "theory");
  if (hasChoice) {
    const saved = await publicApi(context).update<CbtQuestionPage>(
      attemptPath(attempt, `answers/${n}`),
      { choice },
      { method: "PUT" },
    );
    if (!saved.ok && saved.status !== 422) throw await endedOr503(request, context, saved);
    if (!saved.ok) return refuse({ message: saved.message, choice }, 422);
  }
  // An answer saved as it was chosen (JavaScript): the page stays.
  if (intent === "save") return { saved: hasChoice };
  if (intent === "finish") return redirect("/cbt/finish");
  const to = intent === "previous" ? n - 1 : intent.startsWith("go-") ? Number(intent.slice(3)) : n + 1;
  return redirect(`/cbt/question/${Number.isInteger(to) && to >= 1 ? to : 1}`);
}

/** "12:05 left": minutes and seconds, counted down in the browser from the server's seconds left. */
function countdownText(seconds: number): string {
  if (seconds <= 0) return M.timeUp;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")} left`;
}

/** The server's words until the page runs its script, then a countdown from the seconds the server gave. */
function useTimeLeft(secondsLeft: number, serverText: string): string {
  const [text, setText] = useState(serverText);
  useEffect(() => {
    const deadline = Date.now() + secondsLeft * 1000;
    const tick = () => setText(countdownText(Math.max(0, Math.ceil((deadline - Date.now()) / 1000))));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [secondsLeft]);
  return text;
}

export default function CbtQuestion() {
  const { page, left } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() as { message?: string; choice?: string } | undefined;
  const pending = usePending();
  const timeLeft = useTimeLeft(page.seconds_left, left);
  const saver = useFetcher<typeof action>();
  const saveNow = (choice: string) =>
    saver.submit({ kind: page.kind, choice, intent: "save" }, { method: "post", preventScrollReset: true });
  const chosen = refused?.choice ?? page.choice ?? "";
  const last = page.n >= page.count;
  return (
    <AuthCard title={page.title}>
      <p className="flex flex-wrap justify-between gap-2 text-sm font-semibold text-slate-700">
        <span>
          Question {page.n} of {page.count} · {page.answered} answered
        </span>
        <span data-testid="time-left" role="timer">
          {timeLeft}
        </span>
      </p>
      {refused?.message ? <Banner>{refused.message}</Banner> : null}
      {/* Keyed by the question: with JavaScript the page is reused, and a choice must not carry over. */}
      <Form method="post" className="space-y-4" key={page.n}>
        <input type="hidden" name="kind" value={page.kind} />
        <fieldset className="space-y-3">
          <legend className="whitespace-pre-line text-lg font-semibold text-slate-900">{page.text}</legend>
          {page.image ? (
            <img
              src={`/cbt/question/${page.n}/image`}
              alt={`Picture for question ${page.n}`}
              className="h-auto max-w-full rounded-lg ring-1 ring-slate-200"
            />
          ) : null}
          {page.options ? (
            page.options.map((option, i) => (
              <label
                key={i}
                className="flex min-h-11 items-center gap-3 rounded-lg p-2 ring-1 ring-slate-200 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-700"
              >
                <input
                  type="radio"
                  name="choice"
                  value={String(i)}
                  defaultChecked={chosen === String(i)}
                  onChange={(event) => saveNow(event.currentTarget.value)}
                />
                <span>
                  <span className="font-semibold">{page.kind === "objective" ? `${OPTION_LETTERS[i]}. ` : ""}</span>
                  {option}
                </span>
              </label>
            ))
          ) : (
            <textarea
              name="choice"
              aria-label="Your answer"
              rows={6}
              maxLength={CBT_LIMITS.theoryAnswerMax}
              defaultValue={chosen}
              onBlur={(event) => saveNow(event.currentTarget.value)}
              className={inputClass}
            />
          )}
        </fieldset>
        <div className="flex flex-wrap gap-2">
          {page.n > 1 ? (
            <Button name="intent" value="previous" variant="secondary" pending={pending}>
              Previous
            </Button>
          ) : null}
          {!last ? (
            <Button name="intent" value="next" pending={pending}>
              Next
            </Button>
          ) : null}
          <Button name="intent" value="finish" variant={last ? "primary" : "secondary"} pending={pending}>
            Finish
          </Button>
        </div>
        <nav aria-label="Questions" className="flex flex-wrap gap-1 text-sm">
          {Array.from({ length: page.count }, (_, i) => (
            <button
              key={i}
              name="intent"
              value={`go-${i + 1}`}
              aria-current={i + 1 === page.n ? "step" : undefined}
              aria-label={`Question ${i + 1}`}
              className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg bg-white ring-1 ring-slate-300 aria-[current=step]:bg-brand-700 aria-[current=step]:text-white"
            >
              {i + 1}
            </button>
          ))}
        </nav>
      </Form>
    </AuthCard>
  );
}
