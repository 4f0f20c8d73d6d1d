import { formatDate } from "../../contract/calendar";
import { formatWireNaira as naira } from "../../contract/money";
import type { ApiDeps, Tenant } from "../context";
import { paymentForReceipt } from "./fees";
import { drawDetails, drawLetterhead, letterhead, openDocument, stampFooters } from "./timetable-pdf";

/** A payment's receipt as an A4 PDF, in the embedded font of the timetables (₦ needs it). */
export async function receiptPdf(
  deps: ApiDeps,
  tenant: Tenant,
  id: number,
): Promise<{ bytes: Buffer; filename: string }> {
  const { payment, totals } = await paymentForReceipt(deps, tenant, id);
  const { schoolName, logo } = await letterhead(deps, tenant);
  const now = deps.now();
  const { doc, done, left, width } = openDocument({ title: `Receipt ${payment.receipt_no}`, author: schoolName, now });

  drawLetterhead(doc, schoolName, logo, "Payment receipt");
  drawDetails(doc, [
    ["Receipt no.", payment.receipt_no],
    ["Date paid", formatDate(payment.paid_on)],
    ["Term", payment.term],
    ["Session", payment.session],
  ]);
  const rows: [string, string][] = [
    ["Received from", payment.student_name],
    ["Class", payment.student_class ?? "—"],
    ["Amount", naira(payment.amount)],
    ["Method", payment.method],
    ["Reference", payment.reference ?? "—"],
  ];
  if (totals)
    rows.push(
      ["Term bill", naira(totals.billed)],
      ...(totals.arrears > 0 ? [["Arrears of earlier terms", naira(totals.arrears)] as [string, string]] : []),
      ["Paid this term", naira(totals.paid)],
      ["Balance", naira(totals.balance)],
    );
  for (const [label, value] of rows) {
    const top = doc.y;
    doc
      .font("bold")
      .fontSize(11)
      .fillColor("#475569")
      .text(label, left, top, { width: width * 0.35 });
    doc
      .font("bold")
      .fontSize(12)
      .fillColor("#0f172a")
      .text(value, left + width * 0.35, top, { width: width * 0.65 });
    doc.y = Math.max(doc.y, top) + 8;
  }
  if (payment.reversed_at) {
    doc.moveDown();
    doc
      .font("bold")
      .fontSize(14)
      .fillColor("#b91c1c")
      .text(`REVERSED on ${formatDate(payment.reversed_at)}: ${payment.reversal_reason ?? ""}`, left, doc.y, {
        width,
      });
  }
  stampFooters(doc, schoolName, now);
  doc.end();
  return { bytes: await done, filename: `receipt-${payment.receipt_no.toLowerCase()}.pdf` };
}
