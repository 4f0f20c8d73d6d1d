import { Link } from "@remix-run/react";
import type { StudentBill } from "../../../../contract/fees";
import { MESSAGES } from "../../../../contract/messages";
import { Panel } from "~/components/Page";
import { feePaths, Totals } from "./shared";

/** A student's fees for the current term on their page: billed, paid, balance, and the way to their fees. */
export function StudentFeesSummary({ bill }: { bill: StudentBill | null }) {
  return (
    <Panel id="student-fees" title={bill ? `Fees · ${bill.term}, ${bill.session}` : "Fees"}>
      {bill ? (
        <>
          <Totals totals={bill} testId="student-fee-totals" />
          <Link
            to={feePaths.student(bill.student.unique_id, { term: bill.term, year: bill.session })}
            className="inline-block font-semibold text-brand-700 underline"
          >
            Fees and payments
          </Link>
        </>
      ) : (
        <p className="text-slate-700">{MESSAGES.failedFees}</p>
      )}
    </Panel>
  );
}
