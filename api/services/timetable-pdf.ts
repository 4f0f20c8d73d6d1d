import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { formatScheduleDate, groupSchedules, isDated, type Timetable } from "../../contract/timetables";
import type { ApiDeps, Tenant } from "../context";
import { readMedia } from "./media";
import { getTimetable } from "./timetables";

/**
 * The timetable as a printable A4 PDF. Text is set in DejaVu Sans, embedded from the `dejavu-fonts-ttf`
 * package at run time: the 14 standard PDF fonts cannot encode ₦ or Yoruba letters (Ọ, ẹ, ṣ and tones).
 */
const require = createRequire(import.meta.url);
const FONT = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const FONT_BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

const MARGIN = 40;
const LOGO_SIZE = 56;
const CELL_PAD = 5;
const INK = "#0f172a";
const MUTED = "#475569";
const RULE = "#cbd5e1";
const BAND = "#e2e8f0";
/** pdfkit draws PNG and JPEG; a logo of another type is left out rather than failing the document. */
const DRAWABLE = new Set(["image/png", "image/jpeg"]);

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
  const school = await deps.db
    .selectFrom("schools")
    .select(["school_name", "logo_key"])
    .where("id", "=", tenant.schoolId)
    .executeTakeFirstOrThrow();
  const logo = school.logo_key ? await readMedia(deps, school.logo_key) : null;
  const bytes = await render(timetable, school.school_name, logo && DRAWABLE.has(logo.mime) ? Buffer.from(logo.bytes) : null, deps.now());
  return { bytes, filename: pdfFilename(timetable) };
}

function render(timetable: Timetable, schoolName: string, logo: Buffer | null, now: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    font: FONT,
    bufferPages: true,
    lang: "en-NG",
    displayTitle: true,
    info: { Title: `${timetable.type} Timetable – ${timetable.class}`, Author: schoolName, CreationDate: now },
  });
  // The regular face is the document's default (cached under its path); only the bold one is added.
  doc.registerFont("bold", FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 20;

  // Heading: logo, school name, what the timetable is.
  let textLeft = left;
  if (logo) {
    try {
      doc.image(logo, left, MARGIN, { fit: [LOGO_SIZE, LOGO_SIZE] });
      textLeft = left + LOGO_SIZE + 12;
    } catch {
      // An unreadable logo leaves the heading text-only.
    }
  }
  doc.fillColor(INK).font("bold").fontSize(18).text(schoolName, textLeft, MARGIN + 4, { width: left + width - textLeft });
  doc.font(FONT).fontSize(13).fillColor(MUTED).text(`${timetable.type} Timetable`, { width: left + width - textLeft });
  doc.y = Math.max(doc.y, MARGIN + LOGO_SIZE) + 12;

  const details: [string, string][] = [
    ["Type", timetable.type],
    ["Class", timetable.class],
    ["Session", timetable.session],
    ["Term", timetable.term],
    ["Venue", timetable.venue ?? "—"],
  ];
  const detailWidth = width / details.length;
  const detailTop = doc.y;
  let detailBottom = detailTop;
  details.forEach(([label, value], i) => {
    const x = left + i * detailWidth;
    doc.font(FONT).fontSize(8).fillColor(MUTED).text(label.toUpperCase(), x, detailTop, { width: detailWidth - 8 });
    doc.font("bold").fontSize(11).fillColor(INK).text(value, x, doc.y + 1, { width: detailWidth - 8 });
    detailBottom = Math.max(detailBottom, doc.y);
  });
  doc.moveTo(left, detailBottom + 8).lineTo(left + width, detailBottom + 8).lineWidth(1).strokeColor(RULE).stroke();
  doc.y = detailBottom + 18;

  // The table: one band per day (or date), then a row per schedule in time order.
  const columns = [
    { label: "Time", width: 0.22 },
    { label: "Subject", width: 0.48 },
    { label: "Venue", width: 0.3 },
  ].map((c) => ({ ...c, width: c.width * width }));

  const row = (cells: string[], options: { bold?: boolean; fill?: string }) => {
    doc.font(options.bold ? "bold" : FONT).fontSize(10);
    const height = Math.max(...cells.map((text, i) => doc.heightOfString(text, { width: columns[i].width - 2 * CELL_PAD }))) + 2 * CELL_PAD;
    if (doc.y + height > bottom()) doc.addPage();
    const top = doc.y;
    if (options.fill) doc.rect(left, top, width, height).fill(options.fill);
    let x = left;
    cells.forEach((text, i) => {
      doc.fillColor(INK).text(text, x + CELL_PAD, top + CELL_PAD, { width: columns[i].width - 2 * CELL_PAD });
      x += columns[i].width;
    });
    doc.moveTo(left, top + height).lineTo(left + width, top + height).lineWidth(0.5).strokeColor(RULE).stroke();
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

  const groups = groupSchedules(timetable.schedules);
  if (!groups.length) {
    doc.font(FONT).fontSize(11).fillColor(MUTED).text("No schedules yet.", left, doc.y, { width });
  } else {
    row(columns.map((c) => c.label), { bold: true });
    for (const group of groups) {
      band(group.date && isDated(timetable.type) ? `${group.day}, ${formatScheduleDate(group.date)}` : group.day);
      for (const s of group.schedules) {
        row([`${s.schedule_start_time} – ${s.schedule_end_time}`, s.subject, s.venue ?? timetable.venue ?? "—"], {});
      }
    }
  }

  // Footer on every page, written once the page count is known.
  const stamp = new Intl.DateTimeFormat("en-NG", { dateStyle: "long", timeZone: "Africa/Lagos" }).format(now);
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const footerTop = doc.page.height - MARGIN - 10;
    // Writing below the bottom margin must not start a new page.
    const margins = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(FONT).fontSize(8).fillColor(MUTED);
    doc.text(`${schoolName} · Generated ${stamp}`, left, footerTop, { width: width / 2, lineBreak: false });
    doc.text(`Page ${i + 1} of ${range.count}`, left + width / 2, footerTop, { width: width / 2, align: "right", lineBreak: false });
    doc.page.margins.bottom = margins;
  }
  doc.end();
  return done;
}
