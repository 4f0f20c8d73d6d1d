import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { withAdmin } from "~/.server/auth.server";
import { newFormKey } from "~/.server/form.server";
import { getSchoolOptions } from "~/.server/school-options.server";
import { saveStaffForm } from "~/.server/staff.server";
import { PageHeader } from "~/components/Page";
import { StaffForm } from "./StaffForm";

export const meta: MetaFunction = () => [{ title: "Add Staff" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const options = await getSchoolOptions(api);
    return { formKey: newFormKey(), classes: options.classes, subjects: options.subjects };
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, ({ api }) => saveStaffForm(request, context, api, { mode: "create" }));
}

export default function AddStaff() {
  const { formKey, classes, subjects } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="space-y-5">
      <PageHeader backTo="/admin/staff" title="Add Staff" />
      <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <StaffForm
          lastResult={answer?.result}
          moreRows={answer?.moreRows}
          formKey={formKey}
          classes={classes}
          subjects={subjects}
          defaultValue={{ is_teaching_staff: true }}
          submitLabel="Add Staff"
        />
      </section>
    </div>
  );
}
