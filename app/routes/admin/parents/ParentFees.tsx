import { Link } from "@remix-run/react";
import type { ChildBalance } from "../../../../contract/fees";
import { MESSAGES } from "../../../../contract/messages";
import { Panel } from "~/components/Page";
import { feePaths, Totals } from "../fees/shared";

/**
 * The fees block of a parent's page: billed, paid and balance of each child for the
 * school's current term. With no children, nothing billed or the fees not loaded, 'No fee data available.'
 */
export function ParentFees({ fees }: { fees: ChildBalance[] | null }) {
  const shown = fees?.some((c) => c.billed !== 0 || c.paid !== 0) ? fees : null;
  return (
    <Panel id="parent-fees" title="Fees">
      {shown ? (
        <ul className="space-y-3" aria-label="Fees per child">
          {shown.map((child) => (
            <li key={child.unique_id} className="space-y-2">
              <Link to={feePaths.student(child.unique_id)} className="font-semibold text-brand-700 underline">
                {child.name}
                {child.class ? ` · ${child.class}` : ""}
              </Link>
              <Totals totals={child} testId={`fees-${child.unique_id}`} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-700">{MESSAGES.noFeeData}</p>
      )}
    </Panel>
  );
}
