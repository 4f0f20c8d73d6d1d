import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { withAdmin } from "~/.server/auth.server";
import { newFormKey, readFormData } from "~/.server/form.server";
import { getSchoolOptions } from "~/.server/school-options.server";
import { saveStudent } from "~/.server/students.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { addStudentForm, StudentForm } from "~/components/StudentForm";

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
    const key = formData.get("idempotency_key");
    const saved = await saveStudent(api, submission, { mode: "create", idempotencyKey: typeof key === "string" ? key : undefined });
    if (saved.toast) return redirectWithToast(request, context, "/admin/students", success(saved.toast));
    return { result: saved.result };
  });
}

export default function AddStudent() {
  const { formKey, classes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="space-y-5">
      <header className="flex items-center gap-3">
        <Link to="/admin/students" className="rounded-lg px-2 py-1 font-semibold text-brand-700 underline">
          ‹ Back
        </Link>
        <h1 className="text-2xl font-bold">Add Student</h1>
      </header>
      <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <StudentForm
          schema={addStudentForm}
          classes={classes}
          lastResult={actionData?.result}
          formKey={formKey}
          submitLabel="Add Student"
          pending={navigation.state === "submitting"}
        />
      </section>
    </div>
  );
}
