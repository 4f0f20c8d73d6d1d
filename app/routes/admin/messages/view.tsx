import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { CHANNEL_LABELS, MESSAGE_STATUS_LABELS, RECIPIENT_STATUS_LABELS } from "../../../../contract/parent-messages";
import { withAdmin } from "~/.server/auth.server";
import { loadMessage, messagesBase } from "~/.server/messages.server";
import { PageHeader } from "~/components/Page";
import { formatDateTime } from "~/lib/dates";
import { audienceText, progressText } from "./parts";

export const meta: MetaFunction = () => [{ title: "Message" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const base = messagesBase(request);
    return { base, message: await loadMessage(api, base, params.id) };
  });
}

/**
 * A message and its delivery log: each recipient, channel and status with the provider's reason. While lines are
 * still queued, "Refresh" reloads the page (with or without JavaScript) to show the progress.
 */
export default function MessageView() {
  const { base, message } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <div className="space-y-4">
      <PageHeader backTo={base} title={audienceText(message)} />
      <section className="space-y-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <p className="whitespace-pre-line text-slate-900">{message.body}</p>
        <p className="text-sm text-slate-700">
          {message.sent_by}, <time dateTime={message.created_at}>{formatDateTime(new Date(message.created_at))}</time>
        </p>
        <p className="font-semibold text-slate-900" role="status">
          {MESSAGE_STATUS_LABELS[message.status]} ({progressText(message)})
        </p>
        {message.counts.pending ? (
          <Link to={location.pathname} className="text-brand-800 underline">
            Refresh
          </Link>
        ) : null}
      </section>
      <section aria-labelledby="recipients-title" className="space-y-2">
        <h2 id="recipients-title" className="text-lg font-semibold">
          Recipients
        </h2>
        <ul aria-labelledby="recipients-title" className="space-y-2">
          {message.recipients.map((r) => (
            <li key={r.id} className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
              <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-semibold text-slate-900">{r.parent_name ?? r.students}</span>
                <span className="text-sm font-semibold text-slate-700">
                  {r.channel === "none"
                    ? RECIPIENT_STATUS_LABELS[r.status]
                    : `${CHANNEL_LABELS[r.channel]}: ${RECIPIENT_STATUS_LABELS[r.status]}`}
                </span>
              </p>
              {r.parent_name ? <p className="text-sm text-slate-700">Parent of {r.students}</p> : null}
              {r.address ? <p className="break-all text-sm text-slate-700">{r.address}</p> : null}
              {r.reason ? <p className="text-sm text-slate-700">{r.reason}</p> : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
