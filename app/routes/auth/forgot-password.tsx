import { parseWithZod } from "@conform-to/zod";
import {
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PASSWORD_RESET_MESSAGES as M, PASSWORD_RESET_PATH } from "../../../contract/password-reset";
import { publicApi } from "~/.server/auth.server";
import { forgotPasswordForm } from "~/.server/form-schemas";
import { readFormData } from "~/.server/form.server";
import { apiReply, refuse, refuseOrThrottle } from "~/.server/reply.server";
import { AccountFields } from "~/components/AccountFields";
import { AuthCard } from "~/components/AuthCard";
import { Banner } from "~/components/ui/Banner";
import { Button } from "~/components/ui/Button";
import { ErrorList } from "~/components/ui/ErrorList";
import { useFormState, usePending } from "~/lib/form-state";

export const meta: MetaFunction = () => [{ title: "Forgot password" }];

/** A throttled request's page carries the API's Retry-After, as the login page does. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

/**
 * Whether this server can email a link (SMTP set up), and whether a request was just sent (`?sent=1`, where the
 * request's redirect lands: the same words whether or not an account matched).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const status = await publicApi(context).get<{ email: boolean }>("/api/admin/password-reset");
  return {
    email: status.ok ? status.data.email : true,
    sent: new URL(request.url).searchParams.get("sent") === "1",
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: forgotPasswordForm });
  if (submission.status !== "success") return refuse(submission.reply());
  const response = await publicApi(context).create("/api/admin/password-reset", submission.value);
  if (!response.ok) return refuseOrThrottle(apiReply(submission, response, { messageOn: "" }), response);
  return redirect(`${PASSWORD_RESET_PATH}?sent=1`);
}

export default function ForgotPassword() {
  const { email, sent } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const form = useFormState<"unique_id" | "email">("forgot-password", lastResult);
  const pending = usePending();
  const back = (
    <p className="text-center">
      <Link to="/choose-account" className="font-semibold text-brand-700 underline">
        Back to login
      </Link>
    </p>
  );

  if (!email) {
    return (
      <AuthCard title="Forgot password">
        <Banner kind="warning">{M.emailNotSetUp}</Banner>
        {back}
      </AuthCard>
    );
  }
  if (sent) {
    return (
      <AuthCard title="Check your email">
        <Banner kind="info">{M.requestSent}</Banner>
        <p className="text-slate-700">
          Nothing arrived?{" "}
          <Link to={PASSWORD_RESET_PATH} className="font-semibold text-brand-700 underline">
            Ask again
          </Link>{" "}
          with the email your account signs in with.
        </p>
        {back}
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Forgot password">
      <p className="text-slate-700">
        Enter the school's Unique ID and the email of your account: the school's email for the main admin, the email you
        sign in with for sub-admins and teachers. We will send a link to set a new password.
      </p>
      <Form method="post" className="space-y-4" key={form.key} {...form.props}>
        <ErrorList id={form.errorId} errors={form.errors} />
        <AccountFields
          uniqueId={form.field("unique_id")}
          email={form.field("email")}
          emailLabel="Email"
          emailRequired
        />
        <Button className="w-full" pending={pending} pendingLabel="Sending…">
          Send reset link
        </Button>
      </Form>
      {back}
    </AuthCard>
  );
}
