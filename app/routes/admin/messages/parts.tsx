import { Link } from "@remix-run/react";
import {
  AUDIENCE_LABELS,
  CHANNEL_LABELS,
  MESSAGE_STATUS_LABELS,
  type MessageSummary,
} from "../../../../contract/parent-messages";
import { formatDateTime } from "~/lib/dates";

/** "2 of 4 sent", and the failures and unreachable when there are any. */
export function progressText(m: Pick<MessageSummary, "counts">): string {
  const { sent, total, failed, unreachable } = m.counts;
  const parts = [`${sent} of ${total} sent`];
  if (failed) parts.push(`${failed} failed`);
  if (unreachable) parts.push(`${unreachable} not reachable`);
  return parts.join(", ");
}

export const audienceText = (m: Pick<MessageSummary, "audience" | "target">) =>
  m.target ? `${AUDIENCE_LABELS[m.audience]}: ${m.target}` : AUDIENCE_LABELS[m.audience];

/** One message in the list: who it went to, by what, its status and progress, a link to its delivery log. */
export function MessageRow({ message, base }: { message: MessageSummary; base: string }) {
  return (
    <li className="space-y-1 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <Link to={`${base}/${message.id}`} className="font-semibold text-brand-800 underline">
          {audienceText(message)}
        </Link>
        <span className="text-sm font-semibold text-slate-700">{MESSAGE_STATUS_LABELS[message.status]}</span>
      </p>
      <p className="line-clamp-2 text-sm text-slate-800">{message.body}</p>
      <p className="text-sm text-slate-700">
        {message.channels.map((c) => CHANNEL_LABELS[c]).join(" and ")} · {progressText(message)}
      </p>
      <p className="text-sm text-slate-600">
        {message.sent_by}, <time dateTime={message.created_at}>{formatDateTime(new Date(message.created_at))}</time>
      </p>
    </li>
  );
}
