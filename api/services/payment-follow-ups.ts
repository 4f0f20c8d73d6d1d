import type { ApiDeps } from "../context";
import { issueApplicantPaper } from "./cbt-admissions";
import { onlinePaymentReceipts } from "./messages";
import type { PaymentDeps } from "./payments";

/**
 * `deps` with what a payment recorded from a verified online payment starts (`PaymentDeps`): a fee payment sends its
 * receipt, as one recorded by hand does; a paid application fee draws the applicant's entrance test paper and sends
 * its PIN. For every caller that records online payments: the payment routes and the periodic check's job.
 */
export function withPaymentFollowUps<D extends ApiDeps>(
  deps: D,
): D & Required<Pick<PaymentDeps, "sendReceipt" | "paidApplication">> {
  return {
    ...deps,
    sendReceipt: onlinePaymentReceipts(deps),
    paidApplication: (schoolId, submissionId) => issueApplicantPaper(deps, schoolId, submissionId),
  };
}
