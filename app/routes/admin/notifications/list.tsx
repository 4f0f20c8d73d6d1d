import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import {
  NOTIFICATION_KIND_LABELS as KIND,
  NOTIFICATION_MESSAGES as M,
  type NotificationList,
  type NotificationRecord,
} from "../../../../contract/notifications";
import { isTeacher, withAdmin } from "~/.server/auth.server";
import { resultToast } from "~/.server/confirm.server";
import { readFormData } from "~/.server/form.server";
import { returnTo } from "~/.server/return-to";
import { redirectWithToast } from "~/.server/toast.server";
import { PagedList } from "~/components/list/PagedList";
import { PageHeader } from "~/components/Page";
import { Button } from "~/components/ui/Button";
import { EmptyState } from "~/components/ui/EmptyState";
import { NOTIFICATIONS_PATH } from "~/lib/access";
import { formatDateTime } from "~/lib/dates";
import { usePending } from "~/lib/form-state";

export const meta: MetaFunction = () => [{ title: M.title }];

/**
 * The notification centre (`/notifications?page=`): what happened that needs the reader, newest first, each with its
 * time and a link to the thing; marking one or all as read are plain forms that come back to the same page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async (admin) => {
    const page = new URL(request.url).searchParams.get("page");
    const list = await admin.api.get<NotificationList>("/notifications", { query: { page } });
    return {
      home: isTeacher(admin) ? "/staff/dashboard" : "/admin/dashboard",
      list: list.ok ? list.data : null,
      error: list.ok ? null : list.message,
    };
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const form = await readFormData(request);
    const back = returnTo(form.get("returnTo"), NOTIFICATIONS_PATH);
    const id = String(form.get("id") ?? "");
    const result =
      form.get("intent") === "read-all"
        ? await api.create("/notifications/read-all", {})
        : await api.create(`/notifications/${encodeURIComponent(id)}/read`, {});
    return redirectWithToast(request, context, back, resultToast(result, M.markedRead));
  });
}

function Notification({ item, back }: { item: NotificationRecord; back: string }) {
  const pending = usePending({ intent: "read", values: { id: String(item.id) } });
  return (
    <li
      className={`space-y-1 rounded-xl p-3 shadow-sm ring-1 ${item.read ? "bg-white ring-slate-200" : "bg-brand-50 ring-brand-300"}`}
    >
      <p className="text-sm text-slate-700">
        <time dateTime={item.created_at}>{formatDateTime(new Date(item.created_at))}</time> ·{" "}
        <span className="font-semibold">{KIND[item.kind]}</span>
        {item.read ? null : <span className="font-semibold text-brand-800"> · {M.unread}</span>}
      </p>
      <p className="break-words text-slate-900">
        <Link to={item.link} className="underline">
          {item.summary}
        </Link>
      </p>
      {item.read ? null : (
        <Form method="post" action={NOTIFICATIONS_PATH}>
          <input type="hidden" name="intent" value="read" />
          <input type="hidden" name="id" value={item.id} />
          <input type="hidden" name="returnTo" value={back} />
          <Button variant="secondary" pending={pending} className="min-h-11 text-sm">
            {M.markRead}
          </Button>
        </Form>
      )}
    </li>
  );
}

export default function Notifications() {
  const { home, list, error } = useLoaderData<typeof loader>();
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  const pending = usePending({ intent: "read-all" });
  return (
    <div className="space-y-4">
      <PageHeader
        backTo={home}
        title={M.title}
        actions={
          list?.unread ? (
            <Form method="post" action={NOTIFICATIONS_PATH}>
              <input type="hidden" name="intent" value="read-all" />
              <input type="hidden" name="returnTo" value={back} />
              <Button pending={pending}>{M.markAllRead}</Button>
            </Form>
          ) : undefined
        }
      />
      <PagedList label={M.title} list={list} error={error} empty={<EmptyState title={M.empty} />}>
        {(item) => <Notification key={item.id} item={item} back={back} />}
      </PagedList>
    </div>
  );
}
