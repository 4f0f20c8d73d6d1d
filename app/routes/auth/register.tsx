import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { RegisterResponse } from "../../../contract/admin";
import { IMAGE_MAX_BYTES } from "../../../contract/limits";
import { publicApi } from "~/.server/auth.server";
import { registerForm } from "~/.server/form-schemas";
import { newFormKey, readFormData } from "~/.server/form.server";
import { API_REFUSED, apiReply, refuse } from "~/.server/reply.server";
import { AuthCard } from "~/components/AuthCard";
import { Button, buttonClass } from "~/components/ui/Button";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field } from "~/components/ui/Field";
import { useFormState } from "~/lib/form-state";

export const meta: MetaFunction = () => [{ title: "Create an account" }];

export function loader() {
  return { formKey: newFormKey() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request, { maxFileBytes: IMAGE_MAX_BYTES, maxFiles: 1 });
  const submission = parseWithZod(formData, { schema: registerForm });
  if (submission.status !== "success") return refuse({ result: submission.reply(), credentials: null });

  const { idempotency_key, logo, ...fields } = submission.value;
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  body.set("logo", logo);
  const response = await publicApi(context).create<RegisterResponse["data"]>("/api/admin/register", body, {
    idempotencyKey: idempotency_key,
  });
  if (!response.ok) return refuse({ result: apiReply(submission, response), credentials: null }, API_REFUSED);
  return { result: null, credentials: { unique_id: response.data.unique_id, password: response.data.password } };
}

function Credentials({ uniqueId, password }: { uniqueId: string; password: string }) {
  return (
    <AuthCard title="Your school account is ready">
      <p className="text-slate-700">
        Write these down now. The password is shown <strong>only this once</strong>; you can change it later on your
        profile.
      </p>
      <dl className="space-y-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4">
        <div>
          <dt className="text-sm font-semibold text-slate-700">Unique ID</dt>
          <dd className="font-mono text-xl font-bold" data-testid="new-unique-id">
            {uniqueId}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-slate-700">Password</dt>
          <dd className="break-all font-mono text-xl font-bold" data-testid="new-password">
            {password}
          </dd>
        </div>
      </dl>
      <Link to="/choose-account" className={buttonClass("primary", "w-full")}>
        Continue to login
      </Link>
    </AuthCard>
  );
}

export default function Register() {
  const { formKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const form = useFormState<"school_name" | "principal_name" | "school_email" | "phone_number" | "logo">(
    "register",
    actionData?.result,
  );

  if (actionData?.credentials) {
    return <Credentials uniqueId={actionData.credentials.unique_id} password={actionData.credentials.password} />;
  }

  return (
    <AuthCard title="Create an account">
      <Form method="post" encType="multipart/form-data" className="space-y-4" key={form.key} {...form.props}>
        <input type="hidden" name="idempotency_key" value={formKey} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label="School Name"
          required
          field={form.field("school_name")}
          inputProps={{ type: "text", autoComplete: "organization" }}
        />
        <Field
          label="Principal Name"
          required
          field={form.field("principal_name")}
          inputProps={{ type: "text", autoComplete: "name" }}
        />
        <Field
          label="School Email"
          required
          field={form.field("school_email")}
          inputProps={{ type: "email", autoComplete: "email" }}
        />
        <Field
          label="Phone Number"
          required
          hint="Nigeria (+234). A number like 0803 123 4567 is fine."
          field={form.field("phone_number")}
          inputProps={{ type: "tel", autoComplete: "tel", inputMode: "tel" }}
        />
        <Field
          label="School Logo"
          hint="An image under 2 MB."
          field={form.field("logo")}
          inputProps={{ type: "file", accept: "image/*" }}
        />
        <Button className="w-full" pending={navigation.state === "submitting"} pendingLabel="Creating account…">
          Create Account
        </Button>
      </Form>
      <p className="text-center">
        <Link to="/choose-account" className="font-semibold text-brand-700 underline">
          Have an account? Login
        </Link>
      </p>
    </AuthCard>
  );
}
