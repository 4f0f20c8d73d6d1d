import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  ALL_CLASSES,
  INVENTORY_MESSAGES,
  WITHDRAWN_FROM_SALE,
  type InventoryGroupPage,
  type InventoryItem,
  type InventoryItemPayload,
} from "../../../../contract/inventory";
import type { ItemFields } from "../../../../contract/inventory.schema";
import { INVENTORY_SPEC_MESSAGES } from "../../../../contract/messages";
import { koboToNaira, nairaInputValue, nairaToKobo } from "../../../../contract/money";
import { withAdmin } from "~/.server/auth.server";
import { newFormKey, readFormData } from "~/.server/form.server";
import { itemForm } from "~/.server/form-schemas";
import { loadRecord, queryId } from "~/.server/inventory.server";
import { adminPath } from "~/.server/return-to";
import { getClassNames } from "~/.server/school-options.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { API_REFUSED, apiReply, refuse } from "~/.server/reply.server";
import { PageHeader } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { Field } from "~/components/ui/Field";
import { Checkbox } from "~/components/ui/Checkbox";
import { SelectField } from "~/components/ui/SelectField";
import { useFormState } from "~/lib/form-state";
import { RecordForm } from "./RecordForm";
import { INVENTORY_BACK, INVENTORY_HOME, inventoryPaths } from "./shared";
import { notFound } from "~/.server/not-found.server";

/**
 * Add a product (/admin/inventory/add-product[?groupId=]) and edit one (/admin/inventory/edit-product?itemId=
 * &returnUrl=). An edit goes back to `returnUrl` when it is a page of this app, else to the item's group.
 */
const isEdit = (request: Request) => new URL(request.url).pathname.endsWith("/edit-product");
const GROUPS_OFFERED = 100;

type ItemFieldName = keyof ItemFields;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && "editing" in data && data.editing ? "Edit Product" : "Add Product" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const editing = isEdit(request);
    const [loaded, groups, classes] = await Promise.all([
      editing ? loadRecord<InventoryItem>(api, "/inventory/items", queryId(request, "itemId")) : null,
      api.get<InventoryGroupPage>("/inventory/groups", { query: { per_page: GROUPS_OFFERED } }),
      getClassNames(api),
    ]);
    if (loaded && "notFound" in loaded) notFound(INVENTORY_MESSAGES.itemNotFound, INVENTORY_BACK);
    const item = loaded && "record" in loaded ? loaded.record : null;
    const returnUrl = new URL(request.url).searchParams.get("returnUrl");
    const back = item ? adminPath(returnUrl, inventoryPaths.groupItems(item.group_id)) : INVENTORY_HOME;
    const classOptions = [...classes, ALL_CLASSES];
    if (item && !classOptions.includes(item.class)) classOptions.unshift(item.class);
    const defaults: Partial<Record<ItemFieldName, string>> = item
      ? {
          name: item.name,
          class: item.class,
          price: nairaInputValue(nairaToKobo(item.price)),
          group_id: String(item.group_id),
          quantity: String(item.quantity),
          withdrawn: item.withdrawn ? "on" : "",
        }
      : { group_id: queryId(request, "groupId") ?? "" };
    return {
      editing,
      /** An edit whose item could not be loaded shows the failure, not an empty form. */
      showForm: !editing || Boolean(item),
      back,
      defaults,
      formKey: editing ? "" : newFormKey(),
      classes: classOptions,
      groups: groups.ok ? groups.data.data.map((g) => ({ value: String(g.id), label: g.name })) : [],
      error: loaded && "error" in loaded ? loaded.error : groups.ok ? null : groups.message,
    };
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const formData = await readFormData(request);
    const submission = parseWithZod(formData, { schema: itemForm });
    if (submission.status !== "success") return refuse(submission.reply());
    const itemId = isEdit(request) ? queryId(request, "itemId") : null;
    const payload: InventoryItemPayload = {
      ...submission.value,
      price: koboToNaira(submission.value.price),
      ...(itemId ? { id: Number(itemId) } : {}),
    };
    const key = formData.get("idempotency_key");
    const response = itemId
      ? await api.update<InventoryItem>("/inventory/items", payload)
      : await api.create<InventoryItem>("/inventory/items", payload, { idempotencyKey: key });
    if (!response.ok) return refuse(apiReply(submission, response), API_REFUSED);
    if (!itemId)
      return redirectWithToast(
        request,
        context,
        INVENTORY_HOME,
        success(response.message ?? INVENTORY_SPEC_MESSAGES.productAdded),
      );
    const back = adminPath(
      new URL(request.url).searchParams.get("returnUrl"),
      inventoryPaths.groupItems(response.data.group_id),
    );
    return redirectWithToast(
      request,
      context,
      back,
      success(response.message ?? INVENTORY_SPEC_MESSAGES.productUpdated),
    );
  });
}

export default function ProductForm() {
  const loaded = useLoaderData<typeof loader>();
  return <ProductFormBody {...loaded} />;
}

function ProductFormBody({
  editing,
  showForm,
  back,
  defaults,
  formKey,
  classes,
  groups,
  error,
}: Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { notFound: string }>) {
  const lastResult = useActionData<typeof action>();
  const form = useFormState<ItemFieldName>("product", lastResult, defaults);
  const title = editing ? "Edit Product" : "Add Product";

  return (
    <div className="space-y-5">
      <PageHeader backTo={back} title={title} />
      {error ? <Banner>{error}</Banner> : null}
      {!error && !groups.length ? (
        <Banner kind="info">
          Products belong to a group.{" "}
          <Link to={inventoryPaths.addGroup} className="font-semibold underline">
            Add a group first
          </Link>
          .
        </Banner>
      ) : null}
      {showForm ? (
        <RecordForm
          key={form.key}
          form={form}
          formKey={formKey}
          namePlaceholder="e.g. White Shirt"
          cancelTo={back}
          submitLabel={editing ? "Save Changes" : "Add Product"}
        >
          <SelectField
            label="Group"
            required
            placeholder="Select a group"
            options={groups}
            field={form.field("group_id")}
          />
          <SelectField
            label="Class"
            required
            placeholder="Select a class"
            options={classes}
            field={form.field("class")}
          />
          <Field
            label="Price (₦)"
            required
            hint="In naira, with kobo if any: 12,500.50"
            field={form.field("price")}
            inputProps={{ type: "text", inputMode: "decimal", autoComplete: "off", placeholder: "0.00" }}
          />
          <Field
            label="Quantity in stock"
            required
            field={form.field("quantity")}
            inputProps={{ type: "number", inputMode: "numeric", min: 0, step: 1 }}
          />
          <div>
            <Checkbox
              label={WITHDRAWN_FROM_SALE}
              field={form.field("withdrawn")}
              inputProps={{ "aria-describedby": "product-withdrawn-hint" }}
            />
            <p id="product-withdrawn-hint" className="text-sm text-slate-600">
              {INVENTORY_MESSAGES.withdrawnHint}
            </p>
          </div>
        </RecordForm>
      ) : null}
    </div>
  );
}
