import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { NOTE_MESSAGES as M, type LessonNote } from "../../../../contract/notes";
import { withAdmin } from "~/.server/auth.server";
import { listFilters, loadList } from "~/.server/list.server";
import { PageHeader } from "~/components/Page";
import { PagedList } from "~/components/list/PagedList";
import { NoteItem } from "~/components/teaching/NoteItem";
import { buttonClass } from "~/components/ui/Button";
import { EmptyState } from "~/components/ui/EmptyState";

/**
 * Every teacher's lesson notes, newest first (`/admin/staff-notes`), read-only: each downloads, and is marked
 * reviewed with a comment on its own page. The staff key's, as its API calls are.
 */
export const meta: MetaFunction = () => [{ title: M.adminTitle }];

const STAFF_NOTES = "/admin/staff-notes";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) =>
    loadList<LessonNote>(api, "/notes", listFilters(request, {}), M.failedList),
  );
}

export default function StaffNotesForAdmins() {
  const { list, error } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-5">
      <PageHeader backTo="/admin/staff" title={M.adminTitle} />
      <PagedList
        label={M.listLabel}
        list={list}
        error={error}
        empty={
          <EmptyState title={M.noNotes}>
            <p>{M.noNotesAdmin}</p>
          </EmptyState>
        }
      >
        {(note) => (
          <NoteItem key={note.id} note={note} showTeacher>
            <a href={`${STAFF_NOTES}/${note.id}/download`} className={buttonClass("secondary")} download>
              {M.download}
            </a>
            <Link to={`${STAFF_NOTES}/${note.id}/review`} className={buttonClass("secondary")}>
              {M.review}
            </Link>
          </NoteItem>
        )}
      </PagedList>
    </div>
  );
}
