import { PageHeader } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { LeaveConfirm } from "~/components/ui/LeaveConfirm";
import { UnsavedBanner } from "~/components/ui/SaveBar";
import { SETTINGS_PATH } from "~/lib/settings-paths";

/**
 * The top of a settings view that saves with the save bar: its title and the way back to Settings, what failed to
 * load or to save, whether its changes are saved yet, and the question asked before they are left unsaved.
 */
export function SettingsFormTop({
  title,
  error,
  formError,
  unsaved,
}: {
  title: string;
  error: string | null | undefined;
  formError: string | undefined;
  unsaved: boolean;
}) {
  return (
    <>
      <PageHeader backTo={SETTINGS_PATH} title={title} />
      {error ? <Banner>{error}</Banner> : null}
      {formError ? <Banner>{formError}</Banner> : null}
      <UnsavedBanner unsaved={unsaved} />
      <LeaveConfirm unsaved={unsaved} />
    </>
  );
}
