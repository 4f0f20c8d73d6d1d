import { sql } from "kysely";
import QRCode from "qrcode";
import {
  classResults,
  gradeFor,
  ordinal,
  percentage,
  positionOutOf,
  scoreColumns,
  subjectSummary,
  subjectTotal,
  type SubjectSummary,
} from "../../contract/grading";
import { REPORT_CARD_MESSAGES as RC, type ReportVerification } from "../../contract/report-cards";
import {
  CUMULATIVE_MESSAGES as C,
  RESULTS_MESSAGES as M,
  type AnnualSubject,
  type ResultKind,
  type ScoreColumn,
  type Scores,
} from "../../contract/results";
import { sectionGradeScale } from "../../contract/settings";
import { formatDate } from "../../contract/calendar";
import type { ApiDeps, Tenant } from "../context";
import { ApiError, validationError } from "../lib/errors";
import { cardPhoto, type ImageUse } from "../lib/images";
import { checkPublicLink, createPublicLink, publicAddress } from "../lib/public-links";
import { isRecordKey } from "../lib/record-key";
import { annualFiguresOf } from "./annual-results";
import { studentsWithClassIn } from "./class-history";
import { drawableImage } from "./media";
import { reportExtras, type ReportExtras } from "./report-extras";
import { checkClassResult, termOfQuery, type SheetQuery } from "./results";
import { getSchoolSettings } from "./settings";
import { FONT, openDocument, stampFooters } from "./timetable-pdf";

/**
 * Report cards (docs/product.md, Results): one A4 page per student of a class's result, every figure worked out by
 * contract/grading.ts over the whole class. `reportCardData` gathers plain data; `renderReportCards` only draws it.
 */

/** A subject's line on the card. */
export interface ReportCardSubject {
  subject: string;
  scores: Scores;
  total: number | null;
  grade: string | null;
  remark: string | null;
  /** Null when positions are off or the student did not take the subject. */
  position: number | null;
  summary: SubjectSummary;
  /** The 3rd term's terminal result only: the subject's cumulative columns. */
  annual: AnnualSubject | null;
}

/**
 * The sheet's other parts (attendance, ratings, extra inputs, remarks, next term), each present only when the
 * school's setting is on and the part has something to show; the card draws whatever is given.
 */
export interface ReportCardExtras {
  attendance?: { opened: number | null; present: number | null; absent: number | null };
  ratings?: { name: string; value: number | null }[];
  extraInputs?: { name: string; value: string }[];
  teacherRemark?: string;
  principalRemark?: string;
  /** The date the next term begins, as it is printed (e.g. "12 Jan 2026"). */
  nextTermBegins?: string;
}

/** A student's other parts of the sheet as the card draws them: only what is on and has something to show. */
function cardExtras(all: ReportExtras, studentId: number): ReportCardExtras {
  const own = all.students.get(studentId);
  const extras: ReportCardExtras = {};
  if (all.next_term_begins) extras.nextTermBegins = formatDate(all.next_term_begins);
  if (!own) return extras;
  if (own.attendance) {
    const { days_opened: opened, days_present: present, days_absent: absent } = own.attendance;
    if (opened !== null || present !== null || absent !== null) extras.attendance = { opened, present, absent };
  }
  if (own.ratings.some((r) => r.rating !== null))
    extras.ratings = own.ratings.map((r) => ({ name: r.input, value: r.rating }));
  if (own.extra_inputs.some((e) => e.value.trim()))
    extras.extraInputs = own.extra_inputs.map((e) => ({ name: e.input, value: e.value }));
  if (own.teacher_remark) extras.teacherRemark = own.teacher_remark;
  if (own.principal_remark) extras.principalRemark = own.principal_remark;
  return extras;
}

/** An issued card: its report ID and the verification address its QR code holds. */
export interface ReportCardIssue {
  reportId: string;
  version: number;
  verifyUrl: string;
}

export interface ReportCardData {
  schoolName: string;
  schoolAddress: string | null;
  student: { id: number; name: string; admission: string; photoKey: string | null };
  className: string;
  term: string;
  session: string;
  result: ResultKind;
  columns: ScoreColumn[];
  subjects: ReportCardSubject[];
  total: number | null;
  average: number | null;
  /** Null when `add_position` is off or the student took nothing: the card shows the number in class. */
  position: number | null;
  classSize: number;
  /** The 3rd term's terminal result only: the annual average and position over the class. */
  annual: { average: number | null; position: number | null } | null;
  extras: ReportCardExtras;
  /** Null before the class's result is published: the card is marked as a draft. */
  issue: ReportCardIssue | null;
}

/** The images of a document, each read once from its stored copy, bounded in size (api/services/media.ts). */
export interface ReportCardImages {
  logo: Buffer | null;
  signature: Buffer | null;
  /** Media key → bytes. */
  photos: Map<string, Buffer>;
}

interface ClassCards {
  cards: ReportCardData[];
  images: ReportCardImages;
  /** For the file name. */
  className: string;
  term: string;
  session: string;
}

/** A stored image as the PDF draws it: bounded (one stored before the bounds is re-encoded first), or left out. */
const imageOf = (deps: ApiDeps, key: string | null, use: ImageUse) => (key ? drawableImage(deps, key, use) : null);

/**
 * Every card of a class's result, or the one student's when `studentKey` (their id or Unique ID) is given:
 * positions are still worked out over the whole class. Published results are issued: each card gets a
 * verification link of its own.
 */
export async function reportCardData(
  deps: ApiDeps,
  tenant: Tenant,
  query: SheetQuery,
  studentKey?: string,
): Promise<ClassCards> {
  const settings = await getSchoolSettings(deps, tenant);
  const sent = await termOfQuery(deps, tenant, query);
  let className = (query.class ?? "").trim();
  const schoolId = tenant.schoolId;

  let studentId: number | undefined;
  if (studentKey !== undefined) {
    const { rows } = await sql<{ id: number; class_name: string | null }>`
      select s.id, s.class_name from ${studentsWithClassIn(schoolId, sent.session)} s
      where ${isRecordKey(studentKey)}`.execute(deps.db);
    if (!rows.length) throw new ApiError(404, M.studentNotFound);
    studentId = Number(rows[0].id);
    const classThen = rows[0].class_name ?? "";
    if (className && className !== classThen) throw validationError({ student_id: [M.studentNotInClass] });
    if (!className && !settings.classes.some((c) => c.class_name === classThen))
      throw validationError({ student_id: [M.studentNotInClass] });
    className = classThen;
  }
  const key = checkClassResult(settings, { ...sent, class: className }, "year");
  const section = key.schoolClass.section;
  const subjects = key.schoolClass.subjects;
  const columns = scoreColumns(settings.report_sheet, section, key.result);
  const scale = sectionGradeScale(settings.report_sheet, section);
  const where = { school_id: schoolId, term: key.term, session: key.session, result: key.result };

  const { rows: students } = await sql<{
    id: number;
    name: string;
    admission_number: string | null;
    profile_img_key: string | null;
  }>`select s.id, st.name, st.admission_number, st.profile_img_key
    from ${studentsWithClassIn(schoolId, key.session)} s
    join students st on st.id = s.id
    where s.class_name = ${className} and (s.status = 'active' or exists (
      select 1 from result_scores r where r.school_id = ${schoolId} and r.student_id = s.id and r.term = ${key.term}
        and r.session = ${key.session} and r.result = ${key.result}))
    order by st.sort_name, st.id`.execute(deps.db);
  if (studentId !== undefined && !students.some((s) => Number(s.id) === studentId))
    throw validationError({ student_id: [M.studentNotInClass] });

  const ids = students.map((s) => Number(s.id));
  const stored = ids.length
    ? await deps.db
        .selectFrom("result_scores")
        .select(["student_id", "subject", "scores"])
        .where((eb) => eb.and(where))
        .where("student_id", "in", ids)
        .execute()
    : [];
  const scoresOf = new Map<string, Scores>();
  for (const row of stored) {
    const parsed = JSON.parse(row.scores) as Record<string, unknown>;
    scoresOf.set(
      `${row.student_id}\n${row.subject}`,
      Object.fromEntries(
        columns.map((c) => [c.name, typeof parsed[c.name] === "number" ? (parsed[c.name] as number) : null]),
      ),
    );
  }
  const blank: Scores = Object.fromEntries(columns.map((c) => [c.name, null]));
  const totals = new Map(
    ids.map((id) => [
      id,
      Object.fromEntries(
        subjects.map((subject) => [subject, subjectTotal(scoresOf.get(`${id}\n${subject}`) ?? blank, columns)]),
      ),
    ]),
  );
  // A mid-term result's subjects may have different maxima: the class is ranked on percentages.
  const worked = classResults({
    subjects,
    students: ids.map((id) => ({
      id,
      totals: Object.fromEntries(
        subjects.map((subject) => {
          const total = totals.get(id)![subject];
          return [subject, total === null || key.result === "terminal" ? total : percentage(total, columns)];
        }),
      ),
    })),
    rule: settings.report_sheet.position_ties,
    addPosition: settings.report_sheet.add_position,
  });
  const summaries = Object.fromEntries(
    subjects.map((subject) => [subject, subjectSummary(ids.map((id) => totals.get(id)![subject]))]),
  );
  const byId = new Map(worked.students.map((s) => [s.id, s]));
  const annual = await annualFiguresOf(deps, schoolId, key, {
    subjects,
    columns,
    thisTerm: totals,
    rule: settings.report_sheet.position_ties,
    addPosition: settings.report_sheet.add_position,
  });

  const school = await deps.db
    .selectFrom("schools")
    .select(["school_name", "address", "logo_key", "signature_key"])
    .where("id", "=", schoolId)
    .executeTakeFirstOrThrow();
  const publication = await deps.db
    .selectFrom("result_publications")
    .select(["published", "version"])
    .where((eb) => eb.and({ ...where, class_name: className }))
    .executeTakeFirst();
  const issuedVersion = publication?.published === 1 ? publication.version : 0;

  const chosen = students.filter((s) => studentId === undefined || Number(s.id) === studentId);
  const extras = await reportExtras(deps, tenant, {
    class: className,
    term: key.term,
    session: key.session,
    result: key.result,
  });
  const cards: ReportCardData[] = [];
  for (const s of chosen) {
    const id = Number(s.id);
    const figures = byId.get(id)!;
    const card: ReportCardData = {
      schoolName: school.school_name,
      schoolAddress: school.address,
      student: { id, name: s.name, admission: s.admission_number ?? "", photoKey: s.profile_img_key },
      className,
      term: key.term,
      session: key.session,
      result: key.result,
      columns,
      subjects: subjects.map((subject) => {
        const total = totals.get(id)![subject];
        const band = total === null ? null : gradeFor(percentage(total, columns), scale);
        return {
          subject,
          scores: scoresOf.get(`${id}\n${subject}`) ?? blank,
          total,
          grade: band?.grade ?? null,
          remark: band?.remark ?? null,
          position: figures.subjectPositions[subject],
          summary: summaries[subject],
          annual: annual?.get(id)?.subjects[subject] ?? null,
        };
      }),
      total: figures.total,
      average: figures.average,
      position: figures.position,
      classSize: students.length,
      annual: annual ? { average: annual.get(id)?.average ?? null, position: annual.get(id)?.position ?? null } : null,
      extras: cardExtras(extras, id),
      issue: null,
    };
    if (issuedVersion > 0) card.issue = await issueCard(deps, schoolId, card, issuedVersion);
    cards.push(card);
  }

  const photoKeys = [...new Set(chosen.map((s) => s.profile_img_key).filter((k): k is string => !!k))];
  const photos = new Map<string, Buffer>();
  for (const photoKey of photoKeys) {
    const bytes = await imageOf(deps, photoKey, "photo");
    const drawn = bytes && (await cardPhoto(bytes));
    if (drawn) photos.set(photoKey, drawn);
  }
  const images: ReportCardImages = {
    logo: await imageOf(deps, school.logo_key, "logo"),
    signature: settings.report_sheet.school_signature ? await imageOf(deps, school.signature_key, "signature") : null,
    photos,
  };
  return { cards, images, className, term: key.term, session: key.session };
}

/** What a verification link keeps of the card it was printed on (its `detail`). */
interface IssuedCard {
  class_name: string;
  term: string;
  session: string;
  result: ResultKind;
  version: number;
  average: number | null;
}

/** A verification link for the printed card, and its report ID (the link's number, unique to this printout). */
async function issueCard(
  deps: ApiDeps,
  schoolId: number,
  card: ReportCardData,
  version: number,
): Promise<ReportCardIssue> {
  const detail: IssuedCard = {
    class_name: card.className,
    term: card.term,
    session: card.session,
    result: card.result,
    version,
    average: card.average,
  };
  const link = await createPublicLink(deps.db, deps.now(), schoolId, {
    purpose: "report-verification",
    subject: String(card.student.id),
    detail: JSON.stringify(detail),
  });
  return {
    reportId: reportIdOf(link.id),
    version,
    verifyUrl: publicAddress(deps.publicUrl, `/verify/report/${link.token}`),
  };
}

const reportIdOf = (linkId: number) => `RC-${String(linkId).padStart(7, "0")}`;

/** `GET /api/public/report-cards/{token}`: the issued card a printed QR code names, and whether it was re-issued. */
export async function verifyReportCard(deps: ApiDeps, token: string): Promise<ReportVerification> {
  const gone = () => new ApiError(404, RC.verifyNotFound);
  const checked = await checkPublicLink(deps.db, deps.now(), token, "report-verification");
  if (!checked.ok) throw gone();
  const { schoolId, subject, detail, id } = checked.link;
  const issued = JSON.parse(detail) as IssuedCard;
  const row = await deps.db
    .selectFrom("students")
    .innerJoin("schools", "schools.id", "students.school_id")
    .select(["students.name as student_name", "schools.school_name"])
    .where("students.school_id", "=", schoolId)
    .where("students.id", "=", Number(subject))
    .executeTakeFirst();
  if (!row) throw gone();
  const created = await deps.db.selectFrom("public_links").select("created_at").where("id", "=", id).executeTakeFirst();
  const publication = await deps.db
    .selectFrom("result_publications")
    .select(["version"])
    .where((eb) =>
      eb.and({
        school_id: schoolId,
        class_name: issued.class_name,
        term: issued.term,
        session: issued.session,
        result: issued.result,
      }),
    )
    .executeTakeFirst();
  const current = publication?.version ?? issued.version;
  return {
    report_id: reportIdOf(id),
    school_name: row.school_name,
    student_name: row.student_name,
    class_name: issued.class_name,
    term: issued.term,
    session: issued.session,
    result: issued.result,
    average: issued.average,
    version: issued.version,
    issued_at: created?.created_at ?? "",
    newer_version: current > issued.version ? current : null,
  };
}

// ---- Drawing ----

const INK = "#0f172a";
const MUTED = "#475569";
const RULE = "#cbd5e1";
const BAND = "#e2e8f0";
const MARGIN = 40;
const PHOTO = 72;
const LOGO = 56;
const QR = 72;
const ROW = 15;

const figure = (n: number | null) => (n === null ? "—" : String(n));

type Doc = ReturnType<typeof openDocument>["doc"];
/**
 * An image opened once for the document by pdfkit's `openImage` (missing from its type definitions): drawing the
 * opened image again reuses its one embedded copy, where drawing the bytes again would embed them again.
 */
type Opened = PDFKit.Mixins.ImageSrc & { width: number; height: number };
const openImage = (doc: Doc, bytes: Buffer) => (doc as unknown as { openImage(src: Buffer): Opened }).openImage(bytes);

function openOnce(doc: Doc, bytes: Buffer | null): Opened | null {
  if (!bytes) return null;
  try {
    return openImage(doc, bytes);
  } catch {
    // An unreadable image is left out rather than failing the document.
    return null;
  }
}

/** The QR code of `text`, drawn from its module matrix as filled squares. */
function drawQr(doc: Doc, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const cell = size / modules.size;
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++)
      if (modules.get(row, col)) doc.rect(x + col * cell, y + row * cell, cell, cell);
  doc.fillColor("#000000").fill();
}

/** One A4 page per card, in DejaVu Sans (names in Yoruba or Igbo letters print as written). */
export function renderReportCards(cards: ReportCardData[], images: ReportCardImages, now: Date): Promise<Buffer> {
  const schoolName = cards[0]?.schoolName ?? "";
  const { doc, done, left, width } = openDocument({ title: RC.title, author: schoolName, now });
  const logo = openOnce(doc, images.logo);
  const signature = openOnce(doc, images.signature);
  const photos = new Map<string, Opened | null>();
  cards.forEach((card, i) => {
    if (i > 0) doc.addPage();
    const photoKey = card.student.photoKey;
    if (photoKey && !photos.has(photoKey)) photos.set(photoKey, openOnce(doc, images.photos.get(photoKey) ?? null));
    drawCard(doc, card, { logo, signature, photo: photoKey ? (photos.get(photoKey) ?? null) : null }, left, width);
  });
  if (!cards.length) doc.font("bold").fontSize(12).fillColor(MUTED).text(RC.noStudents, left, MARGIN, { width });
  stampFooters(doc, schoolName, now);
  doc.end();
  return done;
}

function drawCard(
  doc: Doc,
  card: ReportCardData,
  images: { logo: Opened | null; signature: Opened | null; photo: Opened | null },
  left: number,
  width: number,
) {
  // Heading: logo, school, address, the card's title; the student's photo on the right.
  let textLeft = left;
  if (images.logo) {
    doc.image(images.logo, left, MARGIN, { fit: [LOGO, LOGO] });
    textLeft += LOGO + 12;
  }
  const textWidth = left + width - PHOTO - 12 - textLeft;
  doc.fillColor(INK).font("bold").fontSize(16).text(card.schoolName, textLeft, MARGIN, { width: textWidth });
  if (card.schoolAddress) doc.font(FONT).fontSize(9).fillColor(MUTED).text(card.schoolAddress, { width: textWidth });
  doc
    .font(FONT)
    .fontSize(12)
    .fillColor(MUTED)
    .text(`${RC.cardTitle(card.result)} · ${card.term} ${card.session}`, { width: textWidth });
  if (!card.issue) doc.font("bold").fontSize(10).fillColor("#b91c1c").text(RC.draft, { width: textWidth });
  if (images.photo) doc.image(images.photo, left + width - PHOTO, MARGIN, { fit: [PHOTO, PHOTO], align: "center" });
  else
    doc
      .rect(left + width - PHOTO, MARGIN, PHOTO, PHOTO)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  let y = Math.max(doc.y, MARGIN + PHOTO) + 10;

  // The student.
  const details: [string, string][] = [
    ["Name", card.student.name],
    ["Class", card.className],
    ["Admission no.", card.student.admission || "—"],
    ["Term", card.term],
    ["Session", card.session],
  ];
  const detailWidths = [0.34, 0.14, 0.2, 0.14, 0.18].map((w) => w * width);
  let x = left;
  let detailBottom = y;
  details.forEach(([label, value], i) => {
    doc
      .font(FONT)
      .fontSize(7)
      .fillColor(MUTED)
      .text(label.toUpperCase(), x, y, { width: detailWidths[i] - 6 });
    doc
      .font("bold")
      .fontSize(10)
      .fillColor(INK)
      .text(value, x, doc.y + 1, { width: detailWidths[i] - 6 });
    detailBottom = Math.max(detailBottom, doc.y);
    x += detailWidths[i];
  });
  y = detailBottom + 8;

  // The subjects table.
  // The 3rd term's card adds four cumulative columns (the term's own total is the 3rd term's): its columns are
  // narrower and its type a size smaller, so that 15 subjects still fit one page.
  const compact = card.annual !== null;
  const w = (normal: number, narrow: number) => (compact ? narrow : normal);
  const scoreCols = card.columns.map((c) => ({ label: `${c.name} (${c.max})`, weight: w(0.075, 0.06) }));
  const cols = [
    { label: RC.subject, weight: w(0.2, 0.155) },
    ...scoreCols,
    { label: M.total, weight: w(0.065, 0.055) },
    { label: M.grade, weight: w(0.06, 0.05) },
    { label: RC.position, weight: w(0.055, 0.045) },
    { label: M.classAverage, weight: w(0.075, 0.065) },
    { label: M.highest, weight: w(0.07, 0.065) },
    { label: M.lowest, weight: w(0.065, 0.055) },
    ...(compact
      ? [C.terms.first, C.terms.second, C.terms.third, C.annualAverageShort].map((label) => ({ label, weight: 0.055 }))
      : []),
    { label: M.remark, weight: 0 },
  ];
  const fixed = cols.reduce((sum, c) => sum + c.weight, 0);
  const widths = cols.map((c) => (c.weight || Math.max(0.08, 1 - fixed)) * width);
  const scale = width / widths.reduce((a, b) => a + b, 0);
  const colWidths = widths.map((w) => w * scale);
  const row = (cells: string[], bold: boolean, fill?: string, height = ROW) => {
    if (fill) doc.rect(left, y, width, height).fill(fill);
    let cx = left;
    doc
      .font(bold ? "bold" : FONT)
      .fontSize(bold ? w(6.5, 5.5) : w(8, 7))
      .fillColor(INK);
    cells.forEach((text, i) => {
      doc.text(text, cx + 3, y + 3, {
        width: colWidths[i] - 6,
        height: height - 3,
        ellipsis: true,
        align: i === 0 || i === cells.length - 1 ? "left" : "center",
      });
      cx += colWidths[i];
    });
    doc
      .moveTo(left, y + height)
      .lineTo(left + width, y + height)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    y += height;
  };
  row(
    cols.map((c) => c.label),
    true,
    BAND,
    26,
  );
  if (!card.subjects.length) row([RC.noScores, ...cols.slice(1).map(() => "")], false);
  for (const s of card.subjects) {
    row(
      [
        s.subject,
        ...card.columns.map((c) => figure(s.scores[c.name] ?? null)),
        figure(s.total),
        s.grade ?? "—",
        s.position === null ? "—" : ordinal(s.position),
        figure(s.summary.average),
        figure(s.summary.highest),
        figure(s.summary.lowest),
        ...(card.annual
          ? [
              figure(s.annual?.first ?? null),
              figure(s.annual?.second ?? null),
              figure(s.total),
              figure(s.annual?.average ?? null),
            ]
          : []),
        s.remark ?? "",
      ],
      false,
    );
  }
  y += 10;

  // The summary.
  const summary: [string, string][] = [
    [RC.totalScore, figure(card.total)],
    [RC.averageScore, figure(card.average)],
    card.position !== null
      ? [RC.positionInClass, positionOutOf(card.position, card.classSize)]
      : [M.numberInClass, String(card.classSize)],
  ];
  if (card.annual) {
    summary.push([C.annualAverage, figure(card.annual.average)]);
    if (card.annual.position !== null)
      summary.push([C.annualPosition, positionOutOf(card.annual.position, card.classSize)]);
  }
  drawPairs(doc, RC.summary, summary, left, width, y);
  y = doc.y + 8;

  // The sheet's other parts, each when given.
  const extras = card.extras;
  if (extras.attendance) {
    const a = extras.attendance;
    drawPairs(
      doc,
      "Attendance",
      [
        ["Days school opened", figure(a.opened)],
        ["Days present", figure(a.present)],
        ["Days absent", figure(a.absent)],
      ],
      left,
      width,
      y,
    );
    y = doc.y + 8;
  }
  if (extras.ratings?.length) {
    drawPairs(
      doc,
      "Ratings (1–5)",
      extras.ratings.map((r) => [r.name, figure(r.value)]),
      left,
      width,
      y,
    );
    y = doc.y + 8;
  }
  if (extras.extraInputs?.length) {
    drawPairs(
      doc,
      "Other",
      extras.extraInputs.map((e) => [e.name, e.value]),
      left,
      width,
      y,
    );
    y = doc.y + 8;
  }
  const remarks: [string, string][] = [];
  if (extras.teacherRemark) remarks.push(["Class teacher's remark", extras.teacherRemark]);
  if (extras.principalRemark) remarks.push(["Principal's remark", extras.principalRemark]);
  if (extras.nextTermBegins) remarks.push(["Next term begins", extras.nextTermBegins]);
  for (const [label, value] of remarks) {
    doc
      .font("bold")
      .fontSize(8)
      .fillColor(MUTED)
      .text(label, left, y, { width: width * 0.25 });
    doc
      .font(FONT)
      .fontSize(9)
      .fillColor(INK)
      .text(value, left + width * 0.25, y, { width: width * 0.75 - QR - 12 });
    y = doc.y + 4;
  }

  // The foot: the principal's signature on the left, the report ID and QR code on the right.
  const footTop = doc.page.height - MARGIN - 20 - QR - 14;
  if (images.signature) {
    doc.image(images.signature, left, footTop + QR - 40, { fit: [140, 40] });
    doc
      .moveTo(left, footTop + QR + 2)
      .lineTo(left + 160, footTop + QR + 2)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(MUTED)
      .text(RC.principalSignature, left, footTop + QR + 5, { width: 160 });
  }
  if (card.issue) {
    const qrLeft = left + width - QR;
    drawQr(doc, card.issue.verifyUrl, qrLeft, footTop, QR);
    const labelWidth = 200;
    doc
      .font("bold")
      .fontSize(9)
      .fillColor(INK)
      .text(`${RC.reportId}: ${card.issue.reportId}`, qrLeft - labelWidth - 10, footTop + 8, {
        width: labelWidth,
        align: "right",
      });
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(MUTED)
      .text(RC.version(card.issue.version), { width: labelWidth, align: "right" })
      .text(RC.scanToVerify, { width: labelWidth, align: "right" });
    // The address as text too, for a reader without a camera; on one line, as a break would cut the token.
    const addressWidth = width - QR - 10;
    doc.fontSize(6).text(card.issue.verifyUrl, qrLeft - addressWidth - 10, footTop + QR - 8, {
      width: addressWidth,
      align: "right",
      lineBreak: false,
    });
  }
}

/** A titled line of labelled values, side by side; leaves `doc.y` below it. */
function drawPairs(doc: Doc, title: string, pairs: [string, string][], left: number, width: number, top: number) {
  doc.font("bold").fontSize(9).fillColor(INK).text(title, left, top, { width });
  const rowTop = doc.y + 2;
  const each = width / Math.max(pairs.length, 1);
  let bottom = rowTop;
  pairs.forEach(([label, value], i) => {
    const x = left + i * each;
    doc
      .font(FONT)
      .fontSize(7)
      .fillColor(MUTED)
      .text(label, x, rowTop, { width: each - 6 });
    doc
      .font("bold")
      .fontSize(10)
      .fillColor(INK)
      .text(value, x, doc.y, { width: each - 6 });
    bottom = Math.max(bottom, doc.y);
  });
  doc.x = left;
  doc.y = bottom;
}

/** The file name of a class's or a student's cards. */
export function reportCardFilename(parts: string[]): string {
  const slug = ["report", ...parts]
    .join(" ")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${slug}.pdf`;
}
