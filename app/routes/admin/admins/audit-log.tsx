import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AUDIT_KIND_LABELS, AUDIT_KINDS, type AuditEntry, type SubAdminRecord } from "../../../../contract/access";
import type { Paginated } from "../../../../contract/http";
import { withAdmin } from "~/.server/auth.server";
import { FilterForm } from "~/components/list/FilterForm";
import { PagedList } from "~/components/list/PagedList";
import { PageHeader } from "~/components/Page";
import { EmptyState } from "~/components/ui/EmptyState";
import { formatDateTime } from "~/lib/dates";
import { SelectField } from "~/components/ui/SelectField";
import { ADMINS_PATH } from "~/lib/access";

export const meta: MetaFunction = () => [{ title: "Audit Log" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const params = new URL(request.url).searchParams;
    const kind = (AUDIT_KINDS as readonly string[]).includes(params.get("kind") ?? "") ? params.get("kind")! : "";
    const who = /^(main|\d{1,9})$/.test(params.get("who") ?? "") ? params.get("who")! : "";
    const [entries, subAdmins] = await Promise.all([
      api.get<Paginated<AuditEntry>>("/audit-log", { query: { kind, who, page: params.get("page") } }),
      api.get<SubAdminRecord[]>("/sub-admins"),
    ]);
    return {
      filters: { kind, who },
      people: subAdmins.ok ? subAdmins.data.map((s) => ({ value: String(s.id), label: s.name })) : [],
      list: entries.ok ? entries.data : null,
      error: entries.ok ? null : entries.message,
    };
  });
}

/** Who did what and when: deletions, restores, imports, approvals, payments, settings and permissions. */
export default function AuditLog() {
  const { filters, people, list, error } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <PageHeader backTo={ADMINS_PATH} title="Audit Log" />
      <FilterForm label="Filter the audit log" submitLabel="Filter">
        <div className="min-w-40 flex-1">
          <SelectField
            id="audit-who"
            label="Person"
            placeholder="Everyone"
            options={[{ value: "main", label: "Main admin" }, ...people]}
            selectProps={{ name: "who", defaultValue: filters.who }}
          />
        </div>
        <div className="min-w-40 flex-1">
          <SelectField
            id="audit-kind"
            label="Kind"
            placeholder="All kinds"
            options={AUDIT_KINDS.map((k) => ({ value: k, label: AUDIT_KIND_LABELS[k] }))}
            selectProps={{ name: "kind", defaultValue: filters.kind }}
          />
        </div>
      </FilterForm>
      <PagedList
        label="Audit log entries"
        list={list}
        error={error}
        empty={
          <EmptyState title={filters.kind || filters.who ? "No entries match these filters" : "Nothing recorded yet"} />
        }
      >
        {(entry) => (
          <li key={entry.id} className="space-y-1 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
            <p className="text-sm text-slate-700">
              <time dateTime={entry.created_at}>{formatDateTime(new Date(entry.created_at))}</time> ·{" "}
              <span className="font-semibold">{AUDIT_KIND_LABELS[entry.kind]}</span>
            </p>
            <p className="text-slate-900">{entry.summary}</p>
            <p className="text-sm text-slate-700">By {entry.actor_name}</p>
          </li>
        )}
      </PagedList>
    </div>
  );
}
