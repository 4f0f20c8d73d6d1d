import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { withAdmin } from "~/.server/auth.server";
import { newFormKey, readFormData } from "~/.server/form.server";
import { addStudentForm } from "~/.server/form-schemas";
import { getSchoolOptions } from "~/.server/school-options.server";
import { saveStudent } from "~/.server/students.server";
import { API_REFUSED, refuse } from "~/.server/reply.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { StudentFormScreen } from "./StudentForm";

export const meta: MetaFunction = () => [{ title: "Add Student" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => ({
    formKey: newFormKey(),
    classes: (await getSchoolOptions(api)).classes,
  }));
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const formData = await readFormData(request);
    const submission = parseWithZod(formData, { schema: addStudentForm });
    const saved = await saveStudent(api, submission, {
      mode: "create",
      idempotencyKey: formData.get("idempotency_key"),
    });
    if (saved.toast) return redirectWithToast(request, context, "/admin/students", success(saved.toast));
    return refuse({ result: saved.result }, saved.status ?? API_REFUSED);
  });
}

export default function AddStudent() {
  const { formKey, classes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <StudentFormScreen
      title="Add Student"
      classes={classes}
      lastResult={actionData?.result}
      formKey={formKey}
      classRequired
      submitLabel="Add Student"
    />
  );
}
