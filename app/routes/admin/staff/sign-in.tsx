import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { STAFF_MESSAGES, type StaffRecord } from "../../../../contract/staff";
import { STAFF_AREA_MESSAGES, type StaffSignIn } from "../../../../contract/staff-area";
import type { SchoolApiClient } from "~/.server/api.server";
import { withAdmin } from "~/.server/auth.server";
import { readFormData } from "~/.server/form.server";
import { notFound } from "~/.server/not-found.server";
import { API_REFUSED, refuse } from "~/.server/reply.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { Credentials } from "~/components/Credentials";
import { PageHeader, Panel } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { Button } from "~/components/ui/Button";
import { usePending } from "~/lib/form-state";

export const meta: MetaFunction = () => [{ title: "Staff area sign-in" }];

const STAFF_LIST = "/admin/staff";

/** The member named in the URL, or the 404 page. */
async function loadMember(api: SchoolApiClient, id: string) {
  const result = await api.get<StaffRecord>(`/staffs/${encodeURIComponent(id)}`);
  if (result.status === 404) notFound(STAFF_MESSAGES.notFound, { to: STAFF_LIST, label: "Back to Staff" });
  if (!result.ok) throw new Response(result.message, { status: 500 });
  return result.data;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const member = await loadMember(api, params.id!);
    return {
      id: member.unique_id,
      name: member.staff_data.name,
      email: member.staff_data.email,
      teaching: member.staff_data.is_teaching_staff,
      on: member.sign_in,
    };
  });
}

/**
 * "on" turns sign-in on, or resets the password when it is on: the details are shown once on this page. "off"
 * turns it off and comes back here with a toast.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const intent = (await readFormData(request)).get("intent");
    const path = `/staffs/${encodeURIComponent(params.id!)}/sign-in`;
    if (intent === "off") {
      const result = await api.remove(path);
      if (!result.ok) return refuse({ error: result.message, credentials: null }, API_REFUSED);
      return redirectWithToast(
        request,
        context,
        `/admin/staff-sign-in/${encodeURIComponent(params.id!)}`,
        success(result.message ?? STAFF_AREA_MESSAGES.signInOff),
      );
    }
    const result = await api.create<StaffSignIn>(path);
    if (!result.ok) return refuse({ error: result.message, credentials: null }, API_REFUSED);
    return { error: null, credentials: result.data };
  });
}

export default function StaffSignInPage() {
  const { id, name, email, teaching, on } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const turningOn = usePending({ intent: "on" });
  const turningOff = usePending({ intent: "off" });
  const back = `/admin/staff/${encodeURIComponent(id)}/update`;
  if (answer?.credentials) {
    return (
      <div className="space-y-5">
        <PageHeader backTo={back} title="Staff area sign-in" />
        <Credentials
          name={name}
          details={answer.credentials}
          title="Sign-in details"
          backTo={back}
          backLabel="Back to the staff member"
        />
      </div>
    );
  }
  return (
    <div className="space-y-5">
      <PageHeader backTo={back} title="Staff area sign-in" />
      {answer?.error ? <Banner>{answer.error}</Banner> : null}
      <Panel id="sign-in-title" title={name}>
        <p className="text-slate-700" data-testid="sign-in-status">
          {on
            ? `Sign-in is on: ${name} signs in with the school's Unique ID, ${email ?? "their email"} and their password.`
            : `Sign-in is off: ${name} cannot sign in to the staff area.`}
        </p>
        {teaching ? (
          <div className="flex flex-wrap gap-2">
            <Form method="post">
              <input type="hidden" name="intent" value="on" />
              <Button pending={turningOn} pendingLabel="Saving…">
                {on ? "Reset password" : "Turn on sign-in"}
              </Button>
            </Form>
            {on ? (
              <Form method="post">
                <input type="hidden" name="intent" value="off" />
                <Button variant="danger" pending={turningOff} pendingLabel="Saving…">
                  Turn off sign-in
                </Button>
              </Form>
            ) : null}
          </div>
        ) : (
          <p className="text-slate-700">{STAFF_AREA_MESSAGES.notTeaching}</p>
        )}
      </Panel>
    </div>
  );
}
