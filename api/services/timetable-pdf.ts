import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { formatDate } from "../../contract/calendar";
import { groupSchedules, isDated, type Timetable } from "../../contract/timetables";
import type { ApiDeps, Tenant } from "../context";
import { drawableImage } from "./media";
import { getStaffTimetable } from "./staff-dashboard";
import { getTimetable } from "./timetables";

/**
 * The timetable as a printable A4 PDF. Text is set in DejaVu Sans, embedded from the `dejavu-fonts-ttf`
 * package at run time: the 14 standard PDF fonts cannot encode ₦ or Yoruba letters (Ọ, ẹ, ṣ and tones).
 */
const require = createRequire(import.meta.url);
export const FONT = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const FONT_BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

const MARGIN = 40;
const LOGO_SIZE = 56;
const CELL_PAD = 5;
const INK = "#0f172a";
const MUTED = "#475569";
const RULE = "#cbd5e1";
const BAND = "#e2e8f0";

export interface TimetablePdf {
  bytes: Buffer;
  filename: string;
}

export function pdfFilename(timetable: Pick<Timetable, "type" | "class" | "term">): string {
  const slug = `${timetable.type} timetable ${timetable.class} ${timetable.term}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${slug || "timetable"}.pdf`;
}

export async function timetablePdf(deps: ApiDeps, tenant: Tenant, rawId: string | undefined): Promise<TimetablePdf> {
  const timetable = await getTimetable(deps, tenant, rawId);
  const { schoolName, logo } = await letterhead(deps, tenant);
  const bytes = await render(timetable, schoolName, logo, deps.now());
  return { bytes, filename: pdfFilename(timetable) };
}

/**
 * The school's name and its logo as stored within bounds (PNG or JPEG of at most 1024 px, re-encoded here
 * when stored before the bounds), for the top of a document: pdfkit decodes a PNG whole, so it never
 * sees more than that.
 */
export async function letterhead(deps: ApiDeps, tenant: Tenant): Promise<{ schoolName: string; logo: Buffer | null }> {
  const school = await deps.db
    .selectFrom("schools")
    .select(["school_name", "logo_key"])
    .where("id", "=", tenant.schoolId)
    .executeTakeFirstOrThrow();
  const logo = school.logo_key ? await drawableImage(deps, school.logo_key, "logo") : null;
  return { schoolName: school.school_name, logo };
}

/**
 * An A4 document in the embedded DejaVu faces (the regular one as default, "bold" registered), and the
 * promise of its bytes once `doc.end()` is called.
 */
export function openDocument(info: { title: string; author: string; now: Date }) {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    font: FONT,
    bufferPages: true,
    lang: "en-NG",
    displayTitle: true,
    info: { Title: info.title, Author: info.author, CreationDate: info.now },
  });
  // The regular face is the document's default (cached under its path); only the bold one is added.
  doc.registerFont("bold", FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, done, left: MARGIN, width: doc.page.width - 2 * MARGIN };
}

type Doc = ReturnType<typeof openDocument>["doc"];

/** The heading: logo, school name and what the document is; leaves `doc.y` below it. */
export function drawLetterhead(doc: Doc, schoolName: string, logo: Buffer | null, subtitle: string) {
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  let textLeft = left;
  if (logo) {
    try {
      doc.image(logo, left, MARGIN, { fit: [LOGO_SIZE, LOGO_SIZE] });
      textLeft = left + LOGO_SIZE + 12;
    } catch {
      // An unreadable logo leaves the heading text-only.
    }
  }
  doc
    .fillColor(INK)
    .font("bold")
    .fontSize(18)
    .text(schoolName, textLeft, MARGIN + 4, { width: left + width - textLeft });
  doc
    .font(FONT)
    .fontSize(13)
    .fillColor(MUTED)
    .text(subtitle, { width: left + width - textLeft });
  doc.y = Math.max(doc.y, MARGIN + LOGO_SIZE) + 12;
}

/** Labelled values side by side under the heading, then a rule; leaves `doc.y` below them. */
export function drawDetails(doc: Doc, details: [string, string][]) {
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const detailWidth = width / details.length;
  const detailTop = doc.y;
  let detailBottom = detailTop;
  details.forEach(([label, value], i) => {
    const x = left + i * detailWidth;
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(MUTED)
      .text(label.toUpperCase(), x, detailTop, { width: detailWidth - 8 });
    doc
      .font("bold")
      .fontSize(11)
      .fillColor(INK)
      .text(value, x, doc.y + 1, { width: detailWidth - 8 });
    detailBottom = Math.max(detailBottom, doc.y);
  });
  doc
    .moveTo(left, detailBottom + 8)
    .lineTo(left + width, detailBottom + 8)
    .lineWidth(1)
    .strokeColor(RULE)
    .stroke();
  doc.x = left;
  doc.y = detailBottom + 18;
}

/** The footer of every page (school, date made, page n of m), written once the page count is known. */
export function stampFooters(doc: Doc, schoolName: string, now: Date) {
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const stamp = formatDate(now);
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const footerTop = doc.page.height - MARGIN - 10;
    // Writing below the bottom margin must not start a new page.
    const margins = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(FONT).fontSize(8).fillColor(MUTED);
    doc.text(`${schoolName} · Generated ${stamp}`, left, footerTop, { width: width / 2, lineBreak: false });
    doc.text(`Page ${i + 1} of ${range.count}`, left + width / 2, footerTop, {
      width: width / 2,
      align: "right",
      lineBreak: false,
    });
    doc.page.margins.bottom = margins;
  }
}

/**
 * A table across the page in the given columns (their labels and shares of the width): `header` draws the
 * labels, `row` a row of cells, `band` a shaded heading across them (a day), each moving to a new page when it
 * would not fit.
 */
export function drawTable(doc: Doc, shares: { label: string; width: number }[]) {
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const columns = shares.map((c) => ({ ...c, width: c.width * width }));
  const bottom = () => doc.page.height - MARGIN - 20;

  const row = (cells: string[], options: { bold?: boolean; fill?: string }) => {
    doc.font(options.bold ? "bold" : FONT).fontSize(10);
    const height =
      Math.max(...cells.map((text, i) => doc.heightOfString(text, { width: columns[i].width - 2 * CELL_PAD }))) +
      2 * CELL_PAD;
    if (doc.y + height > bottom()) doc.addPage();
    const top = doc.y;
    if (options.fill) doc.rect(left, top, width, height).fill(options.fill);
    let x = left;
    cells.forEach((text, i) => {
      doc.fillColor(INK).text(text, x + CELL_PAD, top + CELL_PAD, { width: columns[i].width - 2 * CELL_PAD });
      x += columns[i].width;
    });
    doc
      .moveTo(left, top + height)
      .lineTo(left + width, top + height)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.x = left;
    doc.y = top + height;
  };
  const band = (text: string) => {
    doc.font("bold").fontSize(11);
    const height = doc.heightOfString(text, { width: width - 2 * CELL_PAD }) + 2 * CELL_PAD;
    // Keep a day's heading with at least its first row.
    if (doc.y + height + 28 > bottom()) doc.addPage();
    const top = doc.y;
    doc.rect(left, top, width, height).fill(BAND);
    doc.fillColor(INK).text(text, left + CELL_PAD, top + CELL_PAD, { width: width - 2 * CELL_PAD });
    doc.x = left;
    doc.y = top + height;
  };

  const header = () =>
    row(
      columns.map((c) => c.label),
      { bold: true },
    );
  return { header, row, band };
}

function render(timetable: Timetable, schoolName: string, logo: Buffer | null, now: Date): Promise<Buffer> {
  const { doc, done, left, width } = openDocument({
    title: `${timetable.type} Timetable – ${timetable.class}`,
    author: schoolName,
    now,
  });
  drawLetterhead(doc, schoolName, logo, `${timetable.type} Timetable`);
  drawDetails(doc, [
    ["Type", timetable.type],
    ["Class", timetable.class],
    ["Session", timetable.session],
    ["Term", timetable.term],
    ["Venue", timetable.venue ?? "—"],
  ]);

  // The table: one band per day (or date), then a row per schedule in time order.
  const { header, row, band } = drawTable(doc, [
    { label: "Time", width: 0.22 },
    { label: "Subject", width: 0.48 },
    { label: "Venue", width: 0.3 },
  ]);

  const groups = groupSchedules(timetable.schedules);
  if (!groups.length) {
    doc.font(FONT).fontSize(11).fillColor(MUTED).text("No schedules yet.", left, doc.y, { width });
  } else {
    header();
    for (const group of groups) {
      band(group.date && isDated(timetable.type) ? `${group.day}, ${formatDate(group.date)}` : group.day);
      for (const s of group.schedules) {
        // The teacher, when named, under the subject.
        const subject = s.teacher ? `${s.subject}\n${s.teacher.name}` : s.subject;
        row([`${s.schedule_start_time} – ${s.schedule_end_time}`, subject, s.venue ?? timetable.venue ?? "—"], {});
      }
    }
  }

  stampFooters(doc, schoolName, now);
  doc.end();
  return done;
}

/** A teacher's week (`GET /staff-area/timetable/download-pdf`): their lessons across classes, a band per day. */
export async function staffTimetablePdf(deps: ApiDeps, tenant: Tenant): Promise<TimetablePdf> {
  const week = await getStaffTimetable(deps, tenant);
  const { schoolName, logo } = await letterhead(deps, tenant);
  const now = deps.now();
  const { doc, done, left, width } = openDocument({ title: `Timetable – ${week.name}`, author: schoolName, now });
  drawLetterhead(doc, schoolName, logo, `Timetable of ${week.name}`);
  drawDetails(doc, [
    ["Term", week.term],
    ["Session", week.session],
    ["Week", `${formatDate(week.week_from)} – ${formatDate(week.week_to)}`],
  ]);
  const { header, row, band } = drawTable(doc, [
    { label: "Time", width: 0.2 },
    { label: "Subject", width: 0.34 },
    { label: "Class", width: 0.2 },
    { label: "Venue", width: 0.26 },
  ]);
  if (!week.lessons.length) {
    doc.font(FONT).fontSize(11).fillColor(MUTED).text("No lessons this week.", left, doc.y, { width });
  } else {
    header();
    let shown = "";
    for (const lesson of week.lessons) {
      const day = lesson.date ? `${lesson.day}, ${formatDate(lesson.date)}` : lesson.day;
      if (day !== shown) band(day);
      shown = day;
      row([`${lesson.start_time} – ${lesson.end_time}`, lesson.subject, lesson.class_name, lesson.venue ?? "—"], {});
    }
  }
  stampFooters(doc, schoolName, now);
  doc.end();
  const slug = week.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return { bytes: await done, filename: `timetable-${slug || "teacher"}.pdf` };
}
