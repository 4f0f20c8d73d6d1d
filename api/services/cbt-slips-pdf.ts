import type { ApiDeps, Tenant } from "../context";
import { slipsOf } from "./cbt";
import { drawDetails, drawLetterhead, letterhead, openDocument, stampFooters } from "./timetable-pdf";

const SLIP_HEIGHT = 96;
const SLIP_GAP = 10;

/**
 * A class's access slips for a test as an A4 PDF, one boxed slip per student (name, code, PIN, where to go), to
 * be cut apart and handed out. In the timetables' embedded font: students' names carry Yoruba letters.
 */
export async function slipsPdf(
  deps: ApiDeps,
  tenant: Tenant,
  rawId: string | undefined,
): Promise<{ bytes: Buffer; filename: string }> {
  const { test, pins } = await slipsOf(deps, tenant, rawId);
  const { schoolName, logo } = await letterhead(deps, tenant);
  const now = deps.now();
  const { doc, done, left, width } = openDocument({ title: `Access slips: ${test.title}`, author: schoolName, now });
  const where = `${deps.publicUrl.replace(/\/$/, "")}/cbt`;
  drawLetterhead(doc, schoolName, logo, `Access slips: ${test.title}`);
  drawDetails(doc, [
    ["Class", test.class],
    ["Subject", test.subject],
    ["Term", `${test.term} ${test.session}`],
    ["Duration", `${test.duration_minutes} minutes`],
  ]);
  if (!pins.length)
    doc.font("bold").fontSize(12).fillColor("#0f172a").text("No PINs issued yet: open the test for the class first.");
  for (const pin of pins) {
    if (doc.y + SLIP_HEIGHT > doc.page.height - 60) {
      doc.addPage();
      doc.y = 40;
    }
    const top = doc.y;
    doc.rect(left, top, width, SLIP_HEIGHT).dash(4, { space: 3 }).lineWidth(1).strokeColor("#94a3b8").stroke();
    doc.undash();
    doc
      .font("bold")
      .fontSize(13)
      .fillColor("#0f172a")
      .text(pin.name, left + 12, top + 10, { width: width - 24 });
    doc
      .font("bold")
      .fontSize(12)
      .text(`Test code: ${test.code}     PIN: ${pin.pin}`, left + 12, top + 34, { width: width - 24 });
    doc
      .fontSize(10)
      .fillColor("#475569")
      .text(`${test.title} · ${test.subject} · Go to ${where} and type the code and PIN.`, left + 12, top + 58, {
        width: width - 24,
      });
    doc.y = top + SLIP_HEIGHT + SLIP_GAP;
  }
  stampFooters(doc, schoolName, now);
  doc.end();
  const slug = `slips ${test.class} ${test.subject}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return { bytes: await done, filename: `${slug || "slips"}.pdf` };
}
