import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { withAdmin } from "~/.server/auth.server";
import { newFormKey } from "~/.server/form.server";
import { saveParentForm } from "~/.server/parents.server";
import { PageHeader } from "~/components/Page";
import type { FormResult } from "~/lib/form-state";
import { ParentForm } from "./ParentForm";

export const meta: MetaFunction = () => [{ title: "Add Parent" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async () => ({ formKey: newFormKey() }));
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, (admin) => saveParentForm(request, context, admin, { mode: "create" }));
}

export default function AddParent() {
  const { formKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="space-y-5">
      <PageHeader backTo="/admin/parents" title="Add Parent" />
      <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <ParentForm
          lastResult={answer?.result as FormResult | undefined}
          formKey={formKey}
          childOptions={answer?.children ?? []}
          offeredPhone={answer?.offeredPhone}
          notice={answer?.notice}
          submitLabel="Add Parent"
        />
      </section>
    </div>
  );
}
