import { MESSAGES } from "../../../../contract/messages";
import { Panel } from "~/components/Page";

/**
 * The fees block of a parent's page (spec section 2). The parent page's loader feeds it; the fees area
 * gives `fees` its type and rows when it exists. Until then a parent has no fee data to show.
 */
export function ParentFees({ fees }: { fees: null }) {
  return (
    <Panel id="parent-fees" title="Fees">
      {fees ?? <p className="text-slate-700">{MESSAGES.noFeeData}</p>}
    </Panel>
  );
}
