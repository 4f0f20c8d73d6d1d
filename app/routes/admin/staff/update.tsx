import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { withAdmin } from "~/.server/auth.server";
import { getSchoolOptions } from "~/.server/school-options.server";
import { loadStaff, saveStaffForm, staffDefaults } from "~/.server/staff.server";
import { PageHeader } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { StaffForm } from "./StaffForm";

export const meta: MetaFunction = () => [{ title: "Edit Staff" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api, subAdminId }) => {
    const [loaded, options] = await Promise.all([loadStaff(api, context, params.id!), getSchoolOptions(api)]);
    return {
      ...loaded,
      defaults: loaded.staff && staffDefaults(loaded.staff),
      classes: options.classes,
      subjects: options.subjects,
      // Turning a teacher's sign-in on is the main admin's.
      signIn: subAdminId === undefined && loaded.staff?.staff_data.is_teaching_staff ? loaded.staff.sign_in : null,
    };
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, ({ api }) =>
    saveStaffForm(request, context, api, { mode: "update", id: params.id! }),
  );
}

export default function EditStaff() {
  const { staff, error, defaults, classes, subjects, signIn } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="space-y-5">
      <PageHeader backTo="/admin/staff" title="Edit Staff" />
      {staff ? (
        <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <StaffForm
            lastResult={answer?.result}
            moreRows={answer?.moreRows}
            defaultValue={defaults ?? undefined}
            teaching={staff.staff_data.teaching}
            review={staff.staff_data.teaching_review}
            photo={staff.staff_data.profile_img}
            classes={classes}
            subjects={subjects}
            submitLabel="Save Changes"
          />
        </section>
      ) : (
        <Banner>{error}</Banner>
      )}
      {staff && signIn !== null ? (
        <p className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          Staff area sign-in: <strong>{signIn ? "On" : "Off"}</strong>.{" "}
          <Link
            to={`/admin/staff-sign-in/${encodeURIComponent(staff.unique_id)}`}
            className="font-semibold text-brand-700 underline"
          >
            Manage sign-in
          </Link>
        </p>
      ) : null}
    </div>
  );
}
