import type { ResultKind } from "./results";

/**
 * Report cards: a PDF per student of a class's result, and the public page that verifies a printed card.
 *
 * Calls, under /api/admin/{uniqueId} (`year` is the session; `result` is `terminal`, the default, or `mid_term`;
 * `term` and `year` default to the school's current ones):
 * - GET /results/report-card/{student_id}?class=&term=&year=&result= → application/pdf, one page; `class`, when
 *       sent, must be the student's class that session (422 otherwise); another school's student is 404
 * - GET /results/report-cards?class=&term=&year=&result= → application/pdf, one page per student of the class
 * Public, without a sign-in:
 * - GET /api/public/report-cards/{token} → {data: ReportVerification}; 404 {message} for a token that opens nothing
 * A card of a published result carries its report ID and the QR code of `/verify/report/{token}`; a card printed
 * before publication is marked as a draft and carries neither.
 */

/** What a report card's verification link shows: the card as it was issued, and whether it was re-issued since. */
export interface ReportVerification {
  report_id: string;
  school_name: string;
  student_name: string;
  class_name: string;
  term: string;
  session: string;
  result: ResultKind;
  /** The student's average on the issued card; null when they took no subject. */
  average: number | null;
  version: number;
  issued_at: string;
  /** The class's current version when it is newer than the card's; null when the card is the latest. */
  newer_version: number | null;
}

/** The area's words; each is recorded in docs/decisions.md. */
export const REPORT_CARD_MESSAGES = {
  title: "Report Cards",
  cardTitle: (result: ResultKind) => (result === "mid_term" ? "Mid-term Report" : "Terminal Report"),
  subject: "Subject",
  position: "Pos.",
  summary: "Summary",
  totalScore: "Total score",
  averageScore: "Average",
  positionInClass: "Position in class",
  reportId: "Report ID",
  version: (version: number) => `Version ${version}`,
  draft: "Draft: not published",
  scanToVerify: "Scan to check this report card",
  principalSignature: "Principal's signature",
  noScores: "No scores yet",
  wholeClass: "Whole class (PDF)",
  downloadPdf: "PDF",
  chooseClass: "Choose a class and term to list its students' report cards.",
  noStudents: "No students were in this class in this session.",
  show: "Show",
  verifyTitle: "Report card check",
  verifyGenuine: "This report card was issued by the school.",
  verifyNewer: (version: number) =>
    `A newer version (version ${version}) of this report card exists: the school corrected these results.`,
  verifyNotFound: "This report card link is not valid. Ask the school for the report card.",
  verifyFields: {
    school: "School",
    student: "Student",
    class: "Class",
    term: "Term",
    average: "Average",
    version: "Version",
    reportId: "Report ID",
  },
} as const;
