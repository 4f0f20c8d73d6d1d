import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { FEATURE_KEYS, FEATURE_LABELS, type SubAdminRecord } from "../../../../contract/access";
import { withAdmin } from "~/.server/auth.server";
import { DeleteAction } from "~/components/list/DeleteRecord";
import { menuItemClass, RowMenu } from "~/components/list/RowMenu";
import { Banner } from "~/components/ui/Banner";
import { buttonClass } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { EmptyState } from "~/components/ui/EmptyState";
import { ADMINS_PATH } from "~/lib/access";

export const meta: MetaFunction = () => [{ title: "Manage Admins" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const result = await api.get<SubAdminRecord[]>("/sub-admins");
    return { subAdmins: result.ok ? result.data : null, error: result.ok ? null : result.message };
  });
}

const featureText = (features: string[]) =>
  features.length
    ? FEATURE_KEYS.filter((k) => features.includes(k))
        .map((k) => FEATURE_LABELS[k])
        .join(", ")
    : "No features";

function SubAdminRow({ subAdmin, back }: { subAdmin: SubAdminRecord; back: string }) {
  const path = `${ADMINS_PATH}/${subAdmin.id}`;
  return (
    <li className="flex items-start gap-2 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold text-slate-900">
          <Link to={`${path}/edit`} className="hover:underline">
            {subAdmin.name}
          </Link>{" "}
          {subAdmin.disabled ? (
            <span className="rounded bg-slate-200 px-2 py-0.5 text-sm font-semibold text-slate-800">Disabled</span>
          ) : null}
        </p>
        <p className="break-all text-sm text-slate-700">
          {[subAdmin.email, subAdmin.phone].filter(Boolean).join(" · ")}
        </p>
        <p className="text-sm text-slate-700">Features: {featureText(subAdmin.features)}</p>
      </div>
      <RowMenu label={`Actions for ${subAdmin.name}`}>
        <Link to={`${path}/edit`} className={menuItemClass}>
          Edit
        </Link>
        <Form method="post" action={`${path}/status`}>
          <input type="hidden" name="disabled" value={subAdmin.disabled ? "0" : "1"} />
          <input type="hidden" name="returnTo" value={back} />
          <button type="submit" className={menuItemClass}>
            {subAdmin.disabled ? "Enable" : "Disable"}
          </button>
        </Form>
        <ConfirmDialog
          href={`${path}/reset-password?returnTo=${encodeURIComponent(back)}`}
          action={`${path}/reset-password`}
          title="Reset password"
          description={`Give ${subAdmin.name} a new password? Their current password stops working and they are signed out.`}
          triggerLabel="Reset password"
          confirmLabel="Reset password"
          triggerClassName={menuItemClass}
        />
        <DeleteAction path={path} what="sub-admin" name={subAdmin.name} back={back} />
      </RowMenu>
    </li>
  );
}

/** The super-admin's Manage Admins: the school's sub-admins and what each may open. */
export default function ManageAdmins() {
  const { subAdmins, error } = useLoaderData<typeof loader>();
  const location = useLocation();
  const back = location.pathname + location.search;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Manage Admins</h1>
        <div className="flex gap-2">
          <Link to="/super-admin/audit-log" className={buttonClass("secondary")}>
            Audit Log
          </Link>
          <Link to={`${ADMINS_PATH}/add`} className={buttonClass("primary")}>
            Add Sub-admin
          </Link>
        </div>
      </div>
      <p className="text-slate-700">
        Sub-admins sign in with the school's Unique ID, their email and their own password, and open only the features
        ticked for them.
      </p>
      {error ? <Banner>{error}</Banner> : null}
      {subAdmins?.length ? (
        <ul className="space-y-2" aria-label="Sub-admins">
          {subAdmins.map((subAdmin) => (
            <SubAdminRow key={subAdmin.id} subAdmin={subAdmin} back={back} />
          ))}
        </ul>
      ) : subAdmins ? (
        <EmptyState title="No sub-admins yet">
          <Link to={`${ADMINS_PATH}/add`} className="font-semibold text-brand-700 underline">
            Add Sub-admin
          </Link>
        </EmptyState>
      ) : null}
    </div>
  );
}
