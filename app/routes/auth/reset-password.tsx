import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  PASSWORD_RESET_MESSAGES as M,
  PASSWORD_RESET_PATH,
  type PasswordResetLink,
} from "../../../contract/password-reset";
import { publicApi } from "~/.server/auth.server";
import { resetPasswordForm } from "~/.server/form-schemas";
import { readFormData } from "~/.server/form.server";
import { API_REFUSED, apiReply, refuse } from "~/.server/reply.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { AuthCard } from "~/components/AuthCard";
import { Banner } from "~/components/ui/Banner";
import { Button } from "~/components/ui/Button";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field } from "~/components/ui/Field";
import { useFormState, usePending } from "~/lib/form-state";

export const meta: MetaFunction = () => [{ title: "Set a new password" }];

const ACCOUNT_NAMES: Record<PasswordResetLink["account"], string> = {
  main: "the main admin account",
  "sub-admin": "your sub-admin account",
  teacher: "your teacher account",
};

/** The link's account while it is unused and unexpired; null when it is not (the page says so, 404). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const link = await publicApi(context).get<PasswordResetLink>(
    `/api/admin/password-reset/${encodeURIComponent(token)}`,
  );
  if (link.ok) return { link: link.data };
  if (link.status === 404) return data({ link: null }, { status: 404 });
  throw new Error(`the reset link could not be read (${link.status})`);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: resetPasswordForm });
  const hideFields = ["new_password"];
  if (submission.status !== "success") return refuse({ result: submission.reply({ hideFields }), used: false });
  const response = await publicApi(context).create("/api/admin/password-reset/confirm", {
    token: params.token ?? "",
    new_password: submission.value.new_password,
  });
  if (!response.ok) {
    return refuse(
      { result: apiReply(submission, response, { hideFields }), used: response.status === 404 },
      API_REFUSED,
    );
  }
  return redirectWithToast(request, context, "/choose-account", success(response.message ?? M.passwordReset));
}

export default function ResetPassword() {
  const { link } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const form = useFormState<"new_password">("reset-password", answer?.result);
  const pending = usePending();
  return (
    <AuthCard title="Set a new password">
      {answer?.used || !link ? (
        <LinkInvalid />
      ) : (
        <>
          <p className="text-slate-700">
            Choose a new password for {ACCOUNT_NAMES[link.account]} at {link.school_name} (Unique ID {link.unique_id}).
            Every session of the account ends, and you log in again with the new password.
          </p>
          <Form method="post" className="space-y-4" key={form.key} {...form.props}>
            <ErrorList id={form.errorId} errors={form.errors} />
            <Field
              label="New password"
              required
              hint="At least 8 characters."
              field={form.field("new_password")}
              inputProps={{ type: "password", autoComplete: "new-password" }}
            />
            <Button className="w-full" pending={pending} pendingLabel="Saving…">
              Set new password
            </Button>
          </Form>
        </>
      )}
    </AuthCard>
  );
}

/** A used, expired or unknown link: the page says so and offers a new one. */
function LinkInvalid() {
  return (
    <>
      <Banner>{M.linkInvalid}</Banner>
      <p className="text-center">
        <Link to={PASSWORD_RESET_PATH} className="font-semibold text-brand-700 underline">
          Ask for a new link
        </Link>
      </p>
    </>
  );
}
