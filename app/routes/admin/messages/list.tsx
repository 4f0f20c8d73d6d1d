import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { MESSAGE_MESSAGES as M, type MessageList } from "../../../../contract/parent-messages";
import { isTeacher, withAdmin } from "~/.server/auth.server";
import { messagesBase } from "~/.server/messages.server";
import { PagedList } from "~/components/list/PagedList";
import { buttonClass } from "~/components/ui/Button";
import { EmptyState } from "~/components/ui/EmptyState";
import { MessageRow } from "./parts";

export const meta: MetaFunction = () => [{ title: "Messages to Parents" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async (admin) => {
    const page = new URL(request.url).searchParams.get("page");
    const list = await admin.api.get<MessageList>("/messages", { query: { page }, fallback: M.failedMessages });
    return {
      base: messagesBase(request),
      // The message settings (daily SMS limit, receipts) are the main admin's.
      mainAdmin: !isTeacher(admin) && admin.subAdminId === undefined,
      list: list.ok ? list.data : null,
      error: list.ok ? null : list.message,
    };
  });
}

/** Messages to parents, newest first: a teacher's own at /staff/ptc, the school's at /admin/messages. */
export default function Messages() {
  const { base, mainAdmin, list, error } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Messages to Parents</h1>
        <Link to={`${base}/new`} className={buttonClass("primary")}>
          New Message
        </Link>
      </header>
      {mainAdmin ? (
        <p className="text-sm text-slate-700">
          <Link to="/admin/settings/messages" className="text-brand-800 underline">
            Message settings
          </Link>
        </p>
      ) : null}
      <PagedList label="Messages" list={list} error={error} empty={<EmptyState title="No messages yet" />}>
        {(message) => <MessageRow key={message.id} message={message} base={base} />}
      </PagedList>
    </div>
  );
}
