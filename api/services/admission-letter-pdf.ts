import { formatDate } from "../../contract/calendar";
import { ADMISSION_LETTER_TEXTS as L, fillText } from "../../contract/parent-messages";
import type { ApiDeps } from "../context";
import { schoolTermIn } from "./calendar";
import { drawableImage } from "./media";
import { FONT, drawDetails, drawLetterhead, openDocument, stampFooters } from "./timetable-pdf";

/**
 * The admission letter of an approved submission as an A4 PDF, in the timetables' embedded font and letterhead
 * (logo within bounds, school name, address): the applicant, the class offered, the session, the day of the
 * decision and the principal's name. It is made when the applicant's email is sent, from the submission as it is
 * then: null when it is not (or no longer) an approved submission of the school.
 */
export async function admissionLetterPdf(
  deps: Pick<ApiDeps, "db" | "now"> & Partial<Pick<ApiDeps, "storage">>,
  schoolId: number,
  submissionId: number,
): Promise<{ bytes: Buffer; filename: string } | null> {
  const submission = await deps.db
    .selectFrom("admission_submissions")
    .select(["reference", "student_name", "class_applying_into", "status", "reviewed_at"])
    .where("school_id", "=", schoolId)
    .where("id", "=", submissionId)
    .executeTakeFirst();
  if (!submission || submission.status !== "approved") return null;
  const school = await deps.db
    .selectFrom("schools")
    .select(["school_name", "principal_name", "address", "logo_key"])
    .where("id", "=", schoolId)
    .executeTakeFirstOrThrow();
  // Without file storage (a job run without it) the letter goes without the logo.
  const logo =
    school.logo_key && deps.storage
      ? await drawableImage({ db: deps.db, storage: deps.storage }, school.logo_key, "logo")
      : null;
  const decided = submission.reviewed_at ? new Date(submission.reviewed_at) : deps.now();
  const { session } = await schoolTermIn(deps.db, schoolId, decided);
  const values = {
    name: submission.student_name,
    school: school.school_name,
    class: submission.class_applying_into,
    session,
  };
  const now = deps.now();
  const { doc, done, left, width } = openDocument({
    title: `${L.title} ${submission.reference}`,
    author: school.school_name,
    now,
  });
  drawLetterhead(doc, school.school_name, logo, school.address?.trim() || L.title);
  drawDetails(doc, [
    ["Date", formatDate(decided)],
    ["Reference", submission.reference],
    ["Class offered", submission.class_applying_into],
    ["Session", session],
  ]);
  doc.font("bold").fontSize(16).fillColor("#0f172a").text(L.title, left, doc.y, { width });
  doc.moveDown();
  const paragraph = (text: string) => {
    doc.font(FONT).fontSize(11).fillColor("#0f172a");
    doc.text(text, left, doc.y, { width, lineGap: 3 });
    doc.moveDown();
  };
  for (const text of [L.greeting, L.offer, L.next, L.closing]) paragraph(fillText(text, values));
  doc.moveDown(2);
  doc.font("bold").fontSize(11).text(school.principal_name, left, doc.y, { width });
  doc.font(FONT).fontSize(10).fillColor("#475569").text(L.principal, left, doc.y, { width });
  stampFooters(doc, school.school_name, now);
  doc.end();
  const slug = submission.reference.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return { bytes: await done, filename: `admission-letter-${slug || "applicant"}.pdf` };
}
