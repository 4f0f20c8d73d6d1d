import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { SESSION_MESSAGES, type SessionRecord } from "../../../../contract/sessions";
import { withAdmin } from "~/.server/auth.server";
import { readFormData } from "~/.server/form.server";
import { changePassword } from "~/.server/password.server";
import { failure, redirectWithToast, success } from "~/.server/toast.server";
import { PageHeader } from "~/components/Page";
import { PasswordFields } from "~/components/PasswordFields";
import { Banner } from "~/components/ui/Banner";
import { Button } from "~/components/ui/Button";
import { ErrorList } from "~/components/ui/ErrorList";
import { ADMINS_PATH } from "~/lib/access";
import { formatDateTime } from "~/lib/dates";
import { useFormState, usePending, type FormResult } from "~/lib/form-state";

export const meta: MetaFunction = () => [{ title: "My Account" }];

const PROFILE_PATH = "/super-admin/profile";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const sessions = await api.get<SessionRecord[]>("/sessions");
    return sessions.ok ? { sessions: sessions.data, error: null } : { sessions: [], error: sessions.message };
  });
}

/** Three plain forms: end one session, end every other one, change the password (which ends the others too). */
export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const formData = await readFormData(request);
    const intent = String(formData.get("intent") ?? "");
    if (intent === "password") return changePassword(request, context, api, formData, PROFILE_PATH);
    const response =
      intent === "end-others"
        ? await api.create("/sessions/end-others")
        : await api.remove(`/sessions/${encodeURIComponent(String(formData.get("session_id") ?? ""))}`);
    const toast = response.ok
      ? success(response.message ?? SESSION_MESSAGES.ended)
      : failure(response.message || SESSION_MESSAGES.notFound);
    return redirectWithToast(request, context, PROFILE_PATH, toast);
  });
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One signed-in device: its browser, last use and sign-in, and a button to end it unless it is this one. */
function SessionRow({ session }: { session: SessionRecord }) {
  const ending = usePending({ intent: "end", values: { session_id: String(session.id) } });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium">
          {session.device}
          {session.current ? (
            <span className="ml-2 rounded bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
              This device
            </span>
          ) : null}
        </p>
        <p className="text-sm text-slate-600">
          Last seen {formatDateTime(new Date(session.last_seen_at))} · signed in{" "}
          {formatDateTime(new Date(session.signed_in_at))}
        </p>
      </div>
      {session.current ? null : (
        <Form method="post">
          <input type="hidden" name="intent" value="end" />
          <input type="hidden" name="session_id" value={session.id} />
          <Button
            variant="secondary"
            pending={ending}
            pendingLabel="Ending…"
            aria-label={`End session: ${session.device}`}
          >
            End session
          </Button>
        </Form>
      )}
    </li>
  );
}

/** The main admin's own account: the devices signed in to it, and its password. */
export default function MyAccount() {
  const { sessions, error } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const passwordForm = useFormState<"current_password" | "new_password">(
    "account-password",
    answer && "result" in answer ? (answer.result as FormResult) : undefined,
  );
  const endingOthers = usePending({ intent: "end-others" });
  const changing = usePending({ intent: "password" });
  const others = sessions.filter((s) => !s.current);

  return (
    <div className="space-y-5">
      <PageHeader backTo={ADMINS_PATH} title="My Account" />
      <Section id="account-sessions" title="Signed-in devices">
        {error ? <Banner>{error}</Banner> : null}
        <p className="text-sm text-slate-700">
          Every browser signed in to the main admin account. End a session you do not recognise, then change the
          password.
        </p>
        <ul aria-label="Sessions" className="divide-y divide-slate-200">
          {sessions.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
        {others.length > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="end-others" />
            <Button variant="danger" pending={endingOthers} pendingLabel="Ending…">
              End all other sessions
            </Button>
          </Form>
        ) : (
          <p className="text-sm text-slate-600">No other device is signed in.</p>
        )}
      </Section>
      <Section id="account-password" title="Change password">
        <p className="text-sm text-slate-700">Changing the password ends every other session of this account.</p>
        <Form method="post" className="space-y-4" key={passwordForm.key} {...passwordForm.props}>
          <input type="hidden" name="intent" value="password" />
          <ErrorList id={passwordForm.errorId} errors={passwordForm.errors} />
          <PasswordFields current={passwordForm.field("current_password")} next={passwordForm.field("new_password")} />
          <Button pending={changing} pendingLabel="Changing…">
            Change Password
          </Button>
        </Form>
      </Section>
    </div>
  );
}
