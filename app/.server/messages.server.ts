import { MESSAGE_MESSAGES as M, type AudienceOptions, type MessageDetail } from "../../contract/parent-messages";
import type { SchoolApiClient } from "./api.server";
import { isStaffPath } from "./auth.server";
import { notFound } from "./not-found.server";

/** Where the messages screens live: a teacher's /staff/ptc, an admin's /admin/messages. */
export const messagesBase = (request: Request) =>
  isStaffPath(new URL(request.url).pathname) ? "/staff/ptc" : "/admin/messages";

/** A message named in the URL, or the 404 page with the way back to the list. */
export async function loadMessage(api: SchoolApiClient, base: string, id: string | undefined): Promise<MessageDetail> {
  const result = await api.get<MessageDetail>(`/messages/${encodeURIComponent(id ?? "")}`, {
    fallback: M.failedMessages,
  });
  if (result.status === 404) notFound(M.messageNotFound, { to: base, label: "Back to messages" });
  if (!result.ok) throw new Response(result.message, { status: 500 });
  return result.data;
}

/** What the form may offer: audiences, classes, sections, the class's students and the channels set up. */
export async function loadAudience(api: SchoolApiClient, className: string | null): Promise<AudienceOptions> {
  const result = await api.get<AudienceOptions>("/messages/audience", {
    query: { class: className?.slice(0, 60) ?? "" },
    fallback: M.failedMessages,
  });
  if (!result.ok) throw new Response(result.message, { status: 500 });
  return result.data;
}
