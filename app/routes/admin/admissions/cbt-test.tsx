import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { ADMISSION_SPEC_MESSAGES as SPEC, type AdmissionForm } from "../../../../contract/admissions";
import { CBT_ADMISSION_MESSAGES as CM, type CbtTest } from "../../../../contract/cbt";
import { withAdmin } from "~/.server/auth.server";
import { readFormData } from "~/.server/form.server";
import { formTestForm } from "~/.server/form-schemas";
import { notFound } from "~/.server/not-found.server";
import { API_REFUSED, apiReply, refuse } from "~/.server/reply.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { PageHeader } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { Button } from "~/components/ui/Button";
import { FormCard } from "~/components/ui/FormCard";
import { SelectField } from "~/components/ui/SelectField";
import { useFormState, usePending } from "~/lib/form-state";
import { ADMISSIONS_HOME } from "./shared";

/**
 * `/admin/admission-forms/{id}/cbt-test`: the entrance test a form with CBT on gives its applicants, chosen from the
 * school's computer-based tests (or none). Each applicant then gets the test's code and a PIN of their own.
 */
export const meta: MetaFunction = () => [{ title: CM.testLabel }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const [found, tests] = await Promise.all([
      api.get<AdmissionForm>(`/admission-forms/${encodeURIComponent(params.id ?? "")}`),
      api.get<CbtTest[]>("/cbt/tests"),
    ]);
    if (!found.ok) notFound(SPEC.failedForms, { to: ADMISSIONS_HOME, label: "Admission" });
    const form = found.data;
    return {
      form: { title: form.title, cbt_enabled: form.cbt_enabled, test_id: form.cbt_test_id },
      tests: tests.ok
        ? tests.data.map((t) => ({ value: String(t.id), label: `${t.title} · ${t.class} ${t.subject} (${t.code})` }))
        : [],
    };
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const submission = parseWithZod(await readFormData(request), { schema: formTestForm });
    if (submission.status !== "success") return refuse({ result: submission.reply() });
    const saved = await api.update(
      `/admission-forms/${encodeURIComponent(params.id ?? "")}/cbt-test`,
      { test_id: submission.value.test_id ?? null },
      { method: "PUT" },
    );
    if (!saved.ok) return refuse({ result: apiReply(submission, saved) }, API_REFUSED);
    return redirectWithToast(request, context, ADMISSIONS_HOME, success(saved.message ?? CM.linked));
  });
}

export default function FormTest() {
  const { form, tests } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const state = useFormState<"test_id">("form-test", answer?.result, {
    test_id: form.test_id === null ? "" : String(form.test_id),
  });
  return (
    <div className="space-y-5">
      <PageHeader backTo={ADMISSIONS_HOME} title={`${CM.testLabel}: ${form.title}`} />
      {form.cbt_enabled ? null : <Banner>{CM.formNotCbt}</Banner>}
      <FormCard form={state}>
        <SelectField label={CM.testLabel} field={state.field("test_id")} options={tests} placeholder={CM.noTest} />
        <Button pending={usePending()}>Save</Button>
      </FormCard>
    </div>
  );
}
