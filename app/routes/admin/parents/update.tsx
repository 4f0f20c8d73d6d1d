import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import type { ChildBalance } from "../../../../contract/fees";
import type { ParentChild } from "../../../../contract/parents";
import { withAdmin } from "~/.server/auth.server";
import { loadParent, parentDefaults, saveParentForm } from "~/.server/parents.server";
import { Avatar } from "~/components/list/Avatar";
import { PageHeader, Panel } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { buttonClass } from "~/components/ui/Button";
import { Disclosure } from "~/components/ui/Disclosure";
import type { FormResult } from "~/lib/form-state";
import { ParentFees } from "./ParentFees";
import { ParentForm } from "./ParentForm";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.parent?.parent_data.name ?? "Parent" }];

/** The edit form's anchor; the header's Edit Parent link adds `?edit`, which draws the form open, with or without JavaScript. */
const EDIT_FORM_ID = "edit-parent";

/** The parent's page: contact information, children, fees, and the edit form. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const [{ parent, error }, fees] = await Promise.all([
      loadParent(api, context, params.id!),
      api.get<ChildBalance[]>(`/fees/parents/${encodeURIComponent(params.id!)}`),
    ]);
    return { parent, error, defaults: parent && parentDefaults(parent), fees: fees.ok ? fees.data : null };
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, (admin) =>
    saveParentForm(request, context, admin, { mode: "update", id: params.id! }),
  );
}

function ChildRow({ child }: { child: ParentChild }) {
  const { name, class: className, profile_img } = child.student_data;
  return (
    <li>
      <Link
        to={`/admin/update-student/${encodeURIComponent(child.unique_id)}`}
        className="flex min-h-12 items-center gap-3 rounded-lg p-1 hover:bg-slate-50"
      >
        <Avatar name={name} src={profile_img} />
        <span className="min-w-0">
          <span className="block truncate font-semibold text-slate-900">{name}</span>
          <span className="block text-sm text-slate-700">
            {className ?? "No class"}
            {child.status === "backlog" ? " · former student" : ""}
          </span>
        </span>
      </Link>
    </li>
  );
}

export default function ParentPage() {
  const { parent, error, defaults, fees } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const lastResult = answer?.result as FormResult | undefined;
  const location = useLocation();
  const editAsked = new URLSearchParams(location.search).has("edit");
  // With JavaScript the link is a client navigation, scrolled to its anchor while the section is still
  // closed and the page too short to bring it up: open it first, then bring it into view.
  useEffect(() => {
    const section = editAsked ? document.getElementById(EDIT_FORM_ID) : null;
    if (!(section instanceof HTMLDetailsElement)) return;
    section.open = true;
    section.scrollIntoView();
  }, [editAsked]);
  if (!parent) {
    return (
      <div className="space-y-5">
        <PageHeader backTo="/admin/parents" title="Parent" />
        <Banner>{error}</Banner>
      </div>
    );
  }
  const { name, email, phone, address, profile_img } = parent.parent_data;
  const contact: [string, string | null, string | null][] = [
    ["Email", email, `mailto:${email}`],
    ["Phone", phone, `tel:${phone}`],
    ["Address", address, null],
  ];
  return (
    <div className="space-y-5">
      <PageHeader
        backTo="/admin/parents"
        title={name}
        actions={
          <Link to={`${location.pathname}?edit#${EDIT_FORM_ID}`} className={buttonClass("secondary")}>
            Edit Parent
          </Link>
        }
      />
      <Panel id="parent-contact" title="Contact information">
        <div className="flex items-start gap-4">
          <Avatar name={name} src={profile_img} size={64} />
          <dl className="min-w-0 flex-1 space-y-2">
            {contact.map(([label, value, href]) => (
              <div key={label}>
                <dt className="text-sm font-semibold text-slate-600">{label}</dt>
                <dd className="break-words">
                  {value ? (
                    href ? (
                      <a href={href} className="text-brand-700 underline">
                        {value}
                      </a>
                    ) : (
                      value
                    )
                  ) : (
                    "—"
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </Panel>
      <Panel id="parent-children" title="Children">
        {parent.children.length ? (
          <ul aria-label="Children" className="divide-y divide-slate-100">
            {parent.children.map((child) => (
              <ChildRow key={child.unique_id} child={child} />
            ))}
          </ul>
        ) : (
          <p className="text-slate-700">No children linked yet.</p>
        )}
      </Panel>
      <ParentFees fees={fees} />
      <Disclosure
        id={EDIT_FORM_ID}
        summary={<h2 className="inline text-lg font-semibold">Edit Parent</h2>}
        forceOpen={Boolean(lastResult) || editAsked}
        className="scroll-mt-20 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
        summaryClassName="min-h-11 cursor-pointer"
      >
        <div className="mt-4">
          <ParentForm
            lastResult={lastResult}
            defaultValue={defaults ?? undefined}
            photo={profile_img}
            childOptions={
              answer?.children ??
              parent.children.map((c) => ({
                unique_id: c.unique_id,
                name: c.student_data.name,
                class: c.student_data.class,
                chosen: true,
                samePhone: false,
              }))
            }
            offeredPhone={answer?.offeredPhone}
            submitLabel="Save Changes"
          />
        </div>
      </Disclosure>
    </div>
  );
}
