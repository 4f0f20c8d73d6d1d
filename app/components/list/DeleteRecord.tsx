import { ConfirmDialog } from "../ui/ConfirmDialog";
import { ConfirmPage } from "../ui/ConfirmPage";
import { menuItemClass } from "./RowMenu";

/**
 * Deleting a record of a list: the row menu's Delete (a dialog with JavaScript, else a link to the
 * confirm page `{path}/delete`) and that confirm page, asking the same question. Both post to the confirm
 * route with `returnTo`, so the admin lands back on the same page of the list.
 */
const question = (name: string) => `Are you sure you want to delete ${name}? This cannot be undone.`;

/** `path`: the record's base path (`/admin/parents/PAR-…`); `what`: "student", "parent", "staff member". */
export function DeleteAction({ path, what, name, back }: { path: string; what: string; name: string; back: string }) {
  return (
    <ConfirmDialog
      href={`${path}/delete?returnTo=${encodeURIComponent(back)}`}
      action={`${path}/delete`}
      title={`Delete ${what}`}
      description={question(name)}
      triggerLabel="Delete"
      confirmLabel="Delete"
      triggerClassName={`${menuItemClass} text-red-700`}
      hiddenFields={{ returnTo: back }}
    />
  );
}

export function DeletePage({ what, name, back }: { what: string; name: string; back: string }) {
  return (
    <ConfirmPage
      title={`Delete ${what}`}
      description={question(name)}
      cancelTo={back}
      confirmLabel="Delete"
      hiddenFields={{ returnTo: back }}
    />
  );
}
