import { parseWithZod } from "@conform-to/zod";
import {
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { CbtAttempt } from "../../../contract/cbt";
import { publicApi } from "~/.server/auth.server";
import { attemptOf, keepAttempt } from "~/.server/cbt.server";
import { cbtStartForm } from "~/.server/form-schemas";
import { readFormData } from "~/.server/form.server";
import { apiReply, refuse, refuseOrThrottle } from "~/.server/reply.server";
import { AuthCard } from "~/components/AuthCard";
import { Button } from "~/components/ui/Button";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field } from "~/components/ui/Field";
import { useFormState, usePending } from "~/lib/form-state";

/** /cbt: a student types the test's code and their PIN (no account), then takes the test a question a page. */
export const meta: MetaFunction = () => [{ title: "Take a test" }, { name: "robots", content: "noindex" }];

export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { resuming: Boolean(await attemptOf(request, context)) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: cbtStartForm });
  if (submission.status !== "success") return refuse(submission.reply());
  const started = await publicApi(context).create<CbtAttempt>("/api/public/cbt/attempts", submission.value);
  if (!started.ok) return refuseOrThrottle(apiReply(submission, started, { hideFields: ["pin"] }), started);
  return redirect("/cbt/question/1", {
    headers: { "Set-Cookie": await keepAttempt(request, context, started.data.attempt) },
  });
}

export default function CbtStart() {
  const { resuming } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const form = useFormState<"code" | "pin">("cbt-start", lastResult);
  return (
    <AuthCard title="Take a test">
      {resuming ? (
        <p className="rounded-xl bg-brand-50 p-3 ring-1 ring-brand-100">
          <Link to="/cbt/question/1" className="font-semibold text-brand-700 underline">
            Continue your test
          </Link>
        </p>
      ) : null}
      <p className="text-slate-700">Type the test code and your PIN from your access slip.</p>
      <Form method="post" className="space-y-4" key={form.key} {...form.props}>
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label="Test code"
          field={form.field("code")}
          inputProps={{ autoCapitalize: "characters", autoComplete: "off", spellCheck: false }}
        />
        <Field
          label="PIN"
          field={form.field("pin")}
          inputProps={{ inputMode: "numeric", autoComplete: "off", type: "password" }}
        />
        <Button className="w-full" pending={usePending()} pendingLabel="Starting…">
          Start
        </Button>
      </Form>
    </AuthCard>
  );
}
