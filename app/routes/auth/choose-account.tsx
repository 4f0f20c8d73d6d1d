import { parseWithZod } from "@conform-to/zod";
import {
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import type { LoginResponse } from "../../../contract/admin";
import { DEVICE_TOKEN_HEADER } from "../../../contract/http";
import { APP_MESSAGES } from "../../../contract/messages";
import { PASSWORD_RESET_PATH } from "../../../contract/password-reset";
import { publicApi } from "~/.server/auth.server";
import { deviceToken, keepDeviceToken } from "~/.server/device.server";
import { loginForm } from "~/.server/form-schemas";
import { readFormData } from "~/.server/form.server";
import { adminPath } from "~/.server/return-to";
import { commitSession, getSession } from "~/.server/session.server";
import { apiReply, refuse, refuseOrThrottle } from "~/.server/reply.server";
import { AccountFields } from "~/components/AccountFields";
import { AuthCard } from "~/components/AuthCard";
import { Button } from "~/components/ui/Button";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field } from "~/components/ui/Field";
import { allowsPage, homeFor, pageAccess, STAFF_NAV } from "~/lib/access";

/** Where a teacher's sign-in lands. */
const STAFF_HOME = STAFF_NAV.home;
import { useFormState } from "~/lib/form-state";

export const meta: MetaFunction = () => [{ title: "Login" }];

/** A throttled sign-in's page carries the API's Retry-After, as the API's answer does. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request, context);
  if (session.get("token")) throw redirect("/");
  return null;
}

/**
 * Where a sign-in lands: the admin page a signed-out visit asked for (`?returnTo=`, kept in the form's action),
 * when it is a page under /admin/ this admin may open; else their start page.
 */
function landingPage(request: Request, features: readonly string[] | null): string {
  const home = homeFor(features);
  const asked = adminPath(new URL(request.url).searchParams.get("returnTo"), home);
  return allowsPage(features, pageAccess(asked.split("?")[0])) ? asked : home;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: loginForm });
  if (submission.status !== "success") return refuse(submission.reply({ hideFields: ["password"] }));

  const device = await deviceToken(request, context);
  const response = await publicApi(context).create<LoginResponse["data"]>("/api/admin/login", submission.value, {
    headers: device ? { [DEVICE_TOKEN_HEADER]: device } : {},
  });
  if (!response.ok) {
    return refuseOrThrottle(apiReply(submission, response, { messageOn: "", hideFields: ["password"] }), response);
  }
  const session = await getSession(request, context);
  session.set("token", response.data.token);
  session.set("uniqueId", response.data.unique_id);
  const subAdmin = response.data.sub_admin;
  const teacher = response.data.staff;
  if (subAdmin) session.set("subAdminId", subAdmin.id);
  else session.unset("subAdminId");
  if (teacher) session.set("staffId", teacher.id);
  else session.unset("staffId");
  session.flash("toast", { kind: "success", message: APP_MESSAGES.loggedIn });
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSession(request, context, session));
  headers.append("Set-Cookie", await keepDeviceToken(request, context, response.data.device_token));
  return redirect(teacher ? STAFF_HOME : landingPage(request, subAdmin ? subAdmin.features : null), { headers });
}

export default function ChooseAccount() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const form = useFormState<"unique_id" | "email" | "password">("login", lastResult);

  return (
    <AuthCard title="Login">
      <p className="text-slate-700">
        School administrators sign in with the school's Unique ID and password. Sub-admins and teachers also enter the
        email the main admin gave them sign-in with, and their own password.
      </p>
      <Form method="post" className="space-y-4" key={form.key} {...form.props}>
        <ErrorList id={form.errorId} errors={form.errors} />
        <AccountFields
          uniqueId={form.field("unique_id")}
          email={form.field("email")}
          emailLabel="Email (sub-admins and teachers)"
        />
        <Field
          label="Password"
          required
          field={form.field("password")}
          inputProps={{ type: "password", autoComplete: "current-password" }}
        />
        <Button className="w-full" pending={navigation.state === "submitting"} pendingLabel="Logging in…">
          Login
        </Button>
      </Form>
      <p className="text-center">
        <Link to={PASSWORD_RESET_PATH} className="font-semibold text-brand-700 underline">
          Forgot password?
        </Link>
      </p>
      <p className="text-center">
        <Link to="/register" className="font-semibold text-brand-700 underline">
          New school? Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
