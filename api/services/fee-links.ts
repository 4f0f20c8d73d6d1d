import { FEE_MESSAGES } from "../../contract/fees";
import { payLinkPayload } from "../../contract/fees.schema";
import { formatNaira, koboToNaira } from "../../contract/money";
import { withoutTitles } from "../../contract/names";
import {
  PAYMENT_MESSAGES as M,
  payLinkPath,
  type PayLink,
  type PayLinkPage,
  type StudentOnline,
} from "../../contract/payments";
import type { ApiDeps, Tenant } from "../context";
import { ApiError, fromZod, validationError } from "../lib/errors";
import { checkPublicLink, createPublicLink, publicAddress } from "../lib/public-links";
import { resolveTerm, termBalance, termCredits, type TermQuery } from "./fees";
import { gatewayOf, startPayment } from "./payments";

/**
 * School fees paid by link (contract/payments.ts): the admin makes a link for a student's balance of a term or a part
 * of it, a public link of the purpose "payment" (7 days) whose subject is the student and whose detail is the term,
 * session and amount. Its page needs no sign-in and shows only the school's name, the student's first name and class,
 * the term and the balance; paying starts a Paystack payment as the application fee does, and the verified payment
 * becomes a receipt in the fees ledger (`recordVerified` → `onlineFeeRecorder`).
 */

interface LinkDetail {
  term: string;
  session: string;
  amountKobo: number;
}

const detailOf = (d: LinkDetail) => JSON.stringify([d.term, d.session, d.amountKobo]);

function readDetail(detail: string): LinkDetail | null {
  try {
    const [term, session, amountKobo] = JSON.parse(detail) as unknown[];
    if (typeof term !== "string" || typeof session !== "string" || !Number.isSafeInteger(amountKobo)) return null;
    return { term, session, amountKobo: amountKobo as number };
  } catch {
    return null;
  }
}

/** `GET /fees/students/{id}/online`: whether links are offered, and the credits of the term's bill. */
export async function studentOnline(
  deps: ApiDeps,
  tenant: Tenant,
  key: string,
  query: TermQuery,
): Promise<StudentOnline> {
  const { term, session } = await resolveTerm(deps, tenant, query);
  const { student } = await termBalance(deps, tenant, key, term, session);
  return {
    offered: gatewayOf(deps) !== null,
    credits: await termCredits(deps, tenant, student.id, term, session),
  };
}

/** `POST /fees/students/{id}/pay-links`: a link for more than ₦0 and at most the balance now. */
export async function makePayLink(deps: ApiDeps, tenant: Tenant, key: string, raw: unknown): Promise<PayLink> {
  const parsed = payLinkPayload.safeParse(raw);
  if (!parsed.success) throw fromZod(parsed.error);
  const { term, session, amount } = parsed.data;
  const { student, balanceKobo } = await termBalance(deps, tenant, key, term, session);
  if (!gatewayOf(deps)) throw new ApiError(409, M.linksOff);
  if (balanceKobo <= 0) throw validationError({ amount: [FEE_MESSAGES.nothingOwed] });
  if (amount > balanceKobo) throw validationError({ amount: [M.linkTooHigh(formatNaira(balanceKobo))] });
  const link = await createPublicLink(deps.db, deps.now(), tenant.schoolId, {
    purpose: "payment",
    subject: String(student.id),
    detail: detailOf({ term, session, amountKobo: amount }),
  });
  return {
    url: publicAddress(deps.publicUrl, payLinkPath(link.token)),
    expires_at: link.expiresAt.toISOString(),
    amount: koboToNaira(amount),
  };
}

/** What a link opens: its school, student and term, or 404 when it is unknown, expired or its student is gone. */
async function openLink(deps: ApiDeps, token: string) {
  const gone = () => new ApiError(404, M.linkExpired);
  const checked = await checkPublicLink(deps.db, deps.now(), token, "payment");
  const detail = checked.ok ? readDetail(checked.link.detail) : null;
  if (!checked.ok || !detail) throw gone();
  const tenant: Tenant = { schoolId: checked.link.schoolId, uniqueId: "" };
  const school = await deps.db
    .selectFrom("schools")
    .select(["school_name", "school_email"])
    .where("id", "=", tenant.schoolId)
    .executeTakeFirstOrThrow();
  const bill = await termBalance(deps, tenant, checked.link.subject, detail.term, detail.session).catch(() => {
    throw gone();
  });
  return { tenant, school, detail, bill };
}

/** `GET /api/public/pay-links/{token}`: only what the payer needs to see. */
export async function readPayLink(deps: ApiDeps, token: string): Promise<PayLinkPage> {
  const { school, detail, bill } = await openLink(deps, token);
  return {
    school_name: school.school_name,
    first_name: withoutTitles(bill.student.name).split(" ")[0] ?? "",
    class: bill.className,
    term: detail.term,
    session: detail.session,
    balance: koboToNaira(bill.balanceKobo),
    amount: koboToNaira(Math.max(0, Math.min(detail.amountKobo, bill.balanceKobo))),
  };
}

/**
 * `POST /api/public/pay-links/{token}/pay`: starts paying the link's amount, or the balance now when that is less
 * (a payment made meanwhile); nothing left to pay is 409. The payer's email for Paystack is the student's first
 * parent's, else the school's; the page never shows it.
 */
export async function payByLink(deps: ApiDeps, token: string): Promise<{ authorization_url: string }> {
  const { tenant, school, detail, bill } = await openLink(deps, token);
  const amountKobo = Math.min(detail.amountKobo, bill.balanceKobo);
  if (amountKobo <= 0) throw new ApiError(409, FEE_MESSAGES.nothingOwed);
  const parent = await deps.db
    .selectFrom("parent_students as ps")
    .innerJoin("parents as p", "p.id", "ps.parent_id")
    .select(["p.name", "p.email"])
    .where("ps.school_id", "=", tenant.schoolId)
    .where("ps.student_id", "=", bill.student.id)
    .where("p.email", "!=", "")
    .orderBy("p.id")
    .executeTakeFirst();
  const started = await startPayment(deps, tenant.schoolId, {
    purpose: "fees",
    studentId: bill.student.id,
    term: detail.term,
    session: detail.session,
    payerName: parent?.name ?? `Payer for ${bill.student.name}`,
    payerEmail: parent?.email ?? school.school_email,
    amountKobo,
  });
  return { authorization_url: started.authorizationUrl };
}
