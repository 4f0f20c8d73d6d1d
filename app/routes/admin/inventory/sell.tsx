import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { INVENTORY_MESSAGES, type InventoryItem, type Purchase } from "../../../../contract/inventory";
import { formatWireNaira } from "../../../../contract/money";
import type { StudentPage, StudentRecord } from "../../../../contract/students";
import { withAdmin } from "~/.server/auth.server";
import { newFormKey, readFormData } from "~/.server/form.server";
import { saleForm } from "~/.server/form-schemas";
import { loadRecord, queryId } from "~/.server/inventory.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { API_REFUSED, apiReply, refuse } from "~/.server/reply.server";
import { FilterForm } from "~/components/list/FilterForm";
import { PagedList } from "~/components/list/PagedList";
import { PageHeader } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { Button, buttonClass } from "~/components/ui/Button";
import { EmptyState } from "~/components/ui/EmptyState";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field } from "~/components/ui/Field";
import { useFormState, usePending } from "~/lib/form-state";
import { INVENTORY_BACK, inventoryPaths, onSale, StatusBadge } from "./shared";
import { notFound } from "~/.server/not-found.server";

/**
 * Selling an item to a student (/admin/inventory/sell?itemId=): first find the student with a GET search
 * through the students API (`&q=`, a page of matches, each with a Choose link that sets `&studentId=`),
 * then say how many. It works the same with and without JavaScript. The sale goes on the student's bill.
 * An item for one class sold to a student of another comes back as a confirmation step: the form kept, the
 * API's sentence naming both classes above it, and "Confirm sale", which sends the form again with the flag.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && "item" in data && data.item ? `Sell ${data.item.name}` : "Sell an item" },
];

const STUDENTS_PER_PAGE = 10;
const STUDENT_ID = /^[A-Za-z0-9_-]{1,60}$/;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api, uniqueId }) => {
    const params = new URL(request.url).searchParams;
    const loaded = await loadRecord<InventoryItem>(api, "/inventory/items", queryId(request, "itemId"));
    if ("notFound" in loaded) notFound(INVENTORY_MESSAGES.itemNotFound, INVENTORY_BACK);
    if ("error" in loaded)
      return { error: loaded.error, item: null, q: "", students: null, student: null, studentError: null, formKey: "" };
    const q = (params.get("q") ?? "").slice(0, 100);
    const studentId = params.get("studentId") ?? "";
    const [found, chosen] = await Promise.all([
      q && !studentId
        ? api.get<StudentPage>("/students", { query: { q, page: params.get("page"), per_page: STUDENTS_PER_PAGE } })
        : null,
      STUDENT_ID.test(studentId)
        ? api.get<StudentRecord>(`/api/students/${encodeURIComponent(uniqueId)}/studentInfo/${studentId}`)
        : null,
    ]);
    const current = chosen?.ok && !("backlog_reason" in chosen.data) ? chosen.data : null;
    return {
      error: found && !found.ok ? found.message : null,
      item: loaded.record,
      q,
      students: found?.ok ? found.data : null,
      student: current && { id: current.unique_id, name: current.student_data.name, class: current.student_data.class },
      studentError: studentId && !current ? INVENTORY_MESSAGES.studentNotFound : null,
      formKey: newFormKey(),
    };
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const formData = await readFormData(request);
    const submission = parseWithZod(formData, { schema: saleForm });
    if (submission.status !== "success") return refuse({ result: submission.reply(), confirmOtherClass: false });
    const key = formData.get("idempotency_key");
    const response = await api.create<Purchase>(
      "/inventory/purchases",
      { ...submission.value, item_id: Number(queryId(request, "itemId") ?? 0) },
      { idempotencyKey: key },
    );
    if (!response.ok) {
      const confirmOtherClass = Boolean(response.fieldErrors?.confirm_other_class);
      const result = apiReply(submission, response, confirmOtherClass ? { messageOn: "" } : {});
      return refuse({ result, confirmOtherClass }, API_REFUSED);
    }
    return redirectWithToast(
      request,
      context,
      inventoryPaths.purchased,
      success(response.message ?? INVENTORY_MESSAGES.sold),
    );
  });
}

function StudentChoice({ student, itemId }: { student: StudentRecord; itemId: number }) {
  const { name, class: className, admission } = student.student_data;
  return (
    <li className="flex items-center gap-2 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-slate-900">{name}</p>
        <p className="text-sm text-slate-700">{[className ?? "No class", admission].filter(Boolean).join(" · ")}</p>
      </div>
      <Link
        to={inventoryPaths.sell(itemId, { studentId: student.unique_id })}
        className={buttonClass("secondary")}
        aria-label={`Choose ${name}`}
      >
        Choose
      </Link>
    </li>
  );
}

export default function SellItem() {
  const loaded = useLoaderData<typeof loader>();
  return <SellBody {...loaded} />;
}

function SellBody({
  error,
  item,
  q,
  students,
  student,
  studentError,
  formKey,
}: Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { notFound: string }>) {
  const reply = useActionData<typeof action>();
  const pending = usePending();
  const form = useFormState<"student_id" | "quantity">("sale", reply?.result, {
    student_id: student?.id ?? "",
    quantity: "1",
  });
  if (!item) return <Banner>{error}</Banner>;
  const price = formatWireNaira(item.price);
  const confirmOtherClass = reply?.confirmOtherClass === true;
  const studentErrors = form.field("student_id").errors;

  return (
    <div className="space-y-5">
      <PageHeader backTo={inventoryPaths.groupItems(item.group_id)} title={`Sell ${item.name}`} />
      <section aria-label="Item" className="space-y-1 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <p className="font-semibold">
          {item.name} · {item.class}
        </p>
        <p className="text-slate-700">
          {price} each · {item.group_name}
        </p>
        <p className="flex items-center gap-2 text-slate-700">
          <StatusBadge status={item.status} withdrawn={item.withdrawn} />
          <span data-testid="stock">{item.quantity.toLocaleString("en-NG")} in stock</span>
        </p>
      </section>
      {error ? <Banner>{error}</Banner> : null}

      {!onSale(item) ? (
        <Banner>{item.withdrawn ? INVENTORY_MESSAGES.withdrawn : INVENTORY_MESSAGES.outOfStock}</Banner>
      ) : student ? (
        <section
          aria-labelledby="sale-title"
          className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
        >
          <h2 id="sale-title" className="text-lg font-semibold">
            Sale
          </h2>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p>
              <span className="text-sm font-semibold text-slate-700">Student: </span>
              <span data-testid="chosen-student">
                {student.name}
                {student.class ? ` · ${student.class}` : ""}
              </span>
            </p>
            <Link to={inventoryPaths.sell(item.id)} className="font-semibold text-brand-700 underline">
              Change student
            </Link>
          </div>
          <ErrorList id="sale-student-error" errors={studentErrors} />
          <Form method="post" className="space-y-4" key={form.key} {...form.props}>
            <input type="hidden" name="idempotency_key" value={formKey} />
            <input type="hidden" name="student_id" value={student.id} />
            <ErrorList id={form.errorId} errors={form.errors} />
            <Field
              label="Quantity"
              required
              hint={`${price} each; ${item.quantity.toLocaleString("en-NG")} in stock`}
              field={form.field("quantity")}
              inputProps={{ type: "number", inputMode: "numeric", min: 1, max: item.quantity, step: 1 }}
            />
            {confirmOtherClass ? (
              <Button
                className="w-full"
                name="confirm_other_class"
                value="on"
                pending={pending}
                pendingLabel="Recording sale…"
              >
                {INVENTORY_MESSAGES.confirmOtherClass}
              </Button>
            ) : (
              <Button className="w-full" pending={pending} pendingLabel="Recording sale…">
                Sell
              </Button>
            )}
          </Form>
        </section>
      ) : (
        <section aria-labelledby="student-title" className="space-y-3">
          <h2 id="student-title" className="text-lg font-semibold">
            Choose the student
          </h2>
          {studentError ? <Banner>{studentError}</Banner> : null}
          <FilterForm label="Find the student">
            <input type="hidden" name="itemId" value={item.id} />
            <div className="min-w-48 flex-1">
              <Field
                id="student-search"
                label="Student"
                hint="Name, admission number, email or phone"
                inputProps={{
                  type: "search",
                  name: "q",
                  defaultValue: q,
                  maxLength: 100,
                  placeholder: "Search students...",
                }}
              />
            </div>
          </FilterForm>
          {q ? (
            <PagedList
              label="Matching students"
              list={students}
              error={null}
              empty={<EmptyState title="No students match your search" />}
            >
              {(s) => <StudentChoice key={s.unique_id} student={s} itemId={item.id} />}
            </PagedList>
          ) : null}
        </section>
      )}
    </div>
  );
}
