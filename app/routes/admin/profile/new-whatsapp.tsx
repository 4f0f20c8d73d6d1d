import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { AdminRecord } from "../../../../contract/admin";
import { APP_MESSAGES, MESSAGES } from "../../../../contract/messages";
import { withAdmin } from "~/.server/auth.server";
import { phoneForm } from "~/.server/form-schemas";
import { readFormData } from "~/.server/form.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { API_REFUSED, apiReply, refuse } from "~/.server/reply.server";
import { Banner } from "~/components/ui/Banner";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { FormCard } from "~/components/ui/FormCard";
import { useFormState, usePending } from "~/lib/form-state";
import { PageHeader } from "~/components/Page";

export const meta: MetaFunction = () => [{ title: "Phone Number" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const result = await api.get<AdminRecord[]>("/adminData", { fallback: MESSAGES.failedProfile });
    return result.ok && result.data[0]
      ? { error: null, phone: result.data[0].admin_data.phone_number }
      : { error: result.ok ? MESSAGES.failedProfile : result.message, phone: "" };
  });
}

/** Changes the school's phone (its WhatsApp contact); the API stores it in E.164. */
export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const submission = parseWithZod(await readFormData(request), { schema: phoneForm });
    if (submission.status !== "success") return refuse(submission.reply());
    const body = new FormData();
    body.set("phone_number", submission.value.phone_number);
    const response = await api.update("/update/adminData", body);
    if (!response.ok) return refuse(apiReply(submission, response), API_REFUSED);
    return redirectWithToast(request, context, "/admin/profile", success(APP_MESSAGES.phoneUpdated));
  });
}

export default function NewWhatsapp() {
  const { error, phone } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const saving = usePending();
  const form = useFormState("phone", lastResult, { phone_number: phone });
  return (
    <div className="space-y-5">
      <PageHeader backTo="/admin/profile" title="Phone Number" />
      {error ? <Banner>{error}</Banner> : null}
      <FormCard form={form}>
        <Field
          label="Phone Number"
          required
          hint="The school's WhatsApp number. Nigeria (+234) unless you type another country code."
          field={form.field("phone_number")}
          inputProps={{ type: "tel", autoComplete: "tel", inputMode: "tel" }}
        />
        <Button pending={saving} pendingLabel="Saving…">
          Save
        </Button>
      </FormCard>
    </div>
  );
}
