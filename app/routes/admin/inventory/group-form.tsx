import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { INVENTORY_MESSAGES, type InventoryGroup } from "../../../../contract/inventory";
import { INVENTORY_SPEC_MESSAGES } from "../../../../contract/messages";
import { withAdmin } from "~/.server/auth.server";
import { newFormKey, readFormData } from "~/.server/form.server";
import { groupForm } from "~/.server/form-schemas";
import { loadRecord, queryId } from "~/.server/inventory.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { API_REFUSED, apiReply, refuse } from "~/.server/reply.server";
import { PageHeader } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { useFormState } from "~/lib/form-state";
import { RecordForm } from "./RecordForm";
import { INVENTORY_BACK, INVENTORY_HOME } from "./shared";
import { notFound } from "~/.server/not-found.server";

/** Add a group (/admin/inventory/add-group) and rename one (/admin/inventory/update-group?groupId=): one Name field. */
const isUpdate = (request: Request) => new URL(request.url).pathname.endsWith("/update-group");

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && "editing" in data && data.editing ? "Update Group" : "Add Group" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    if (!isUpdate(request)) return { editing: false, group: null, error: null, formKey: newFormKey() };
    const loaded = await loadRecord<InventoryGroup>(api, "/inventory/groups", queryId(request, "groupId"));
    if ("notFound" in loaded) notFound(INVENTORY_MESSAGES.groupNotFound, INVENTORY_BACK);
    return {
      editing: true,
      group: "record" in loaded ? loaded.record : null,
      error: "error" in loaded ? loaded.error : null,
      formKey: "",
    };
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const formData = await readFormData(request);
    const submission = parseWithZod(formData, { schema: groupForm });
    if (submission.status !== "success") return refuse(submission.reply());
    const groupId = isUpdate(request) ? queryId(request, "groupId") : null;
    const key = formData.get("idempotency_key");
    const response = groupId
      ? await api.update<InventoryGroup>("/inventory/groups", { id: Number(groupId), name: submission.value.name })
      : await api.create<InventoryGroup>("/inventory/groups", submission.value, { idempotencyKey: key });
    if (!response.ok) return refuse(apiReply(submission, response), API_REFUSED);
    const done = groupId ? INVENTORY_SPEC_MESSAGES.groupUpdated : INVENTORY_SPEC_MESSAGES.groupAdded;
    return redirectWithToast(request, context, INVENTORY_HOME, success(response.message ?? done));
  });
}

export default function GroupForm() {
  const loaded = useLoaderData<typeof loader>();
  return <GroupFormBody {...loaded} />;
}

function GroupFormBody({
  editing,
  group,
  error,
  formKey,
}: Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { notFound: string }>) {
  const lastResult = useActionData<typeof action>();
  const form = useFormState<"name">("group", lastResult, { name: group?.name ?? "" });
  const title = editing ? "Update Group" : "Add Group";
  return (
    <div className="space-y-5">
      <PageHeader backTo={INVENTORY_HOME} title={title} />
      {error ? <Banner>{error}</Banner> : null}
      {editing && !group ? null : (
        <RecordForm
          key={form.key}
          form={form}
          formKey={formKey}
          namePlaceholder="e.g. Uniforms"
          cancelTo={INVENTORY_HOME}
          submitLabel={editing ? "Update Group" : "Add Group"}
        />
      )}
    </div>
  );
}
