import { sniffImageType } from "../../contract/images";

/**
 * What a stored file is, told by its bytes; the name and the declared type are not trusted. Only
 * documents, images, audio, video, archives and plain text are accepted. Programs (Windows, Linux,
 * macOS, Java, Android, scripts) and markup a browser would run (HTML, SVG, XML) are refused, and
 * so is anything not recognised.
 */
export interface FileType {
  mime: string;
  /** The extensions a file of this type may carry; the first is added to a download name that lacks one. */
  extensions: readonly string[];
}

export type Detection =
  | { ok: true; type: FileType }
  | { ok: false; reason: "program" | "markup" | "unknown" | "empty" };

/** Random access to an upload on disk; at most 5 MB, so reading it whole is bounded. */
export interface FileBytes {
  size: number;
  head: Uint8Array;
  read(start: number, length: number): Promise<Uint8Array>;
}

/** Every accepted type, by its MIME type. */
const TYPES: Record<string, FileType> = {};
const type = (mime: string, ...extensions: string[]): FileType => (TYPES[mime] = { mime, extensions });

const IMAGE_TYPES: Record<string, FileType> = {
  "image/png": type("image/png", "png"),
  "image/jpeg": type("image/jpeg", "jpg", "jpeg"),
  "image/gif": type("image/gif", "gif"),
  "image/webp": type("image/webp", "webp"),
};
const PDF = type("application/pdf", "pdf");
const ZIP = type("application/zip", "zip");
const TEXT = type("text/plain", "txt", "csv", "tsv", "log", "md");
const CSV = type("text/csv", "csv", "tsv", "txt");
const AMR = type("audio/amr", "amr");
const RTF = type("application/rtf", "rtf");
const MEDIA = {
  m4a: type("audio/mp4", "m4a"),
  mov: type("video/quicktime", "mov"),
  threeGp: type("video/3gpp", "3gp"),
  heic: type("image/heic", "heic", "heif"),
  mp4: type("video/mp4", "mp4", "m4v"),
  wav: type("audio/wav", "wav"),
  avi: type("video/x-msvideo", "avi"),
  ogg: type("audio/ogg", "ogg", "oga", "opus"),
  webm: type("video/webm", "webm", "mkv"),
  mp3: type("audio/mpeg", "mp3"),
};
const OLD_OFFICE = {
  doc: type("application/msword", "doc"),
  xls: type("application/vnd.ms-excel", "xls"),
  ppt: type("application/vnd.ms-powerpoint", "ppt", "pps"),
};

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));
const startsWith = (bytes: Uint8Array, ...signature: number[]) => signature.every((b, i) => bytes[i] === b);
const lowerExtension = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? "";

export async function detectFileType(file: FileBytes, filename: string): Promise<Detection> {
  const { head } = file;
  if (file.size === 0) return { ok: false, reason: "empty" };
  const image = sniffImageType(head);
  if (image) return { ok: true, type: IMAGE_TYPES[image] };
  if (ascii(head, 0, 5) === "%PDF-") return { ok: true, type: PDF };
  if (ascii(head, 0, 6) === "#!AMR\n") return { ok: true, type: AMR };
  if (isProgram(head)) return { ok: false, reason: "program" };
  if (startsWith(head, 0x50, 0x4b, 0x03, 0x04) || startsWith(head, 0x50, 0x4b, 0x05, 0x06)) return zipType(file);
  if (startsWith(head, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return officeType(filename);
  if (ascii(head, 0, 5) === "{\\rtf") return { ok: true, type: RTF };
  const media = mediaType(head);
  if (media) return { ok: true, type: media };
  return textType(await file.read(0, file.size), filename);
}

/** Windows, Linux and macOS executables, Java classes, Android code, and scripts with a `#!` line. */
function isProgram(head: Uint8Array): boolean {
  return (
    ascii(head, 0, 2) === "MZ" ||
    startsWith(head, 0x7f, 0x45, 0x4c, 0x46) ||
    (head.length >= 4 &&
      [0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe].includes(
        new DataView(head.buffer, head.byteOffset, 4).getUint32(0, false),
      )) ||
    ascii(head, 0, 4) === "dex\n" ||
    ascii(head, 0, 4) === "Cr24" ||
    ascii(head, 0, 2) === "#!"
  );
}

function mediaType(head: Uint8Array): FileType | null {
  if (ascii(head, 4, 4) === "ftyp") {
    const brand = ascii(head, 8, 4).toLowerCase();
    if (brand.startsWith("m4a")) return MEDIA.m4a;
    if (brand.startsWith("qt")) return MEDIA.mov;
    if (brand.startsWith("3g")) return MEDIA.threeGp;
    if (["heic", "heix", "mif1", "msf1", "heif"].includes(brand)) return MEDIA.heic;
    return MEDIA.mp4;
  }
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 4) === "WAVE") return MEDIA.wav;
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 4) === "AVI ") return MEDIA.avi;
  if (ascii(head, 0, 4) === "OggS") return MEDIA.ogg;
  if (startsWith(head, 0x1a, 0x45, 0xdf, 0xa3)) return MEDIA.webm;
  // An ID3 tag, or the first frame of MPEG audio layer III (FF FB, FF FA, FF F3, FF F2).
  if (ascii(head, 0, 3) === "ID3" || (head[0] === 0xff && [0xfb, 0xfa, 0xf3, 0xf2].includes(head[1]))) return MEDIA.mp3;
  return null;
}

/** Word, Excel and PowerPoint 97–2003 share one container; the name says which (an installer is refused). */
function officeType(filename: string): Detection {
  const extension = lowerExtension(filename);
  if (["msi", "msp", "mst"].includes(extension)) return { ok: false, reason: "program" };
  if (extension === "xls") return { ok: true, type: OLD_OFFICE.xls };
  if (extension === "ppt" || extension === "pps") return { ok: true, type: OLD_OFFICE.ppt };
  return { ok: true, type: OLD_OFFICE.doc };
}

const OOXML: Array<[prefix: string, type: FileType]> = [
  ["word/", type("application/vnd.openxmlformats-officedocument.wordprocessingml.document", "docx")],
  ["xl/", type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx")],
  ["ppt/", type("application/vnd.openxmlformats-officedocument.presentationml.presentation", "pptx")],
];
const ODF: Record<string, FileType> = {
  "application/vnd.oasis.opendocument.text": type("application/vnd.oasis.opendocument.text", "odt"),
  "application/vnd.oasis.opendocument.spreadsheet": type("application/vnd.oasis.opendocument.spreadsheet", "ods"),
  "application/vnd.oasis.opendocument.presentation": type("application/vnd.oasis.opendocument.presentation", "odp"),
};
/** Entries that make a zip a program: Java archives and Android apps. */
const PROGRAM_ENTRIES = ["META-INF/MANIFEST.MF", "classes.dex", "AndroidManifest.xml"];

/** Office documents, OpenDocument files and plain archives are zips; the names inside say which. */
async function zipType(file: FileBytes): Promise<Detection> {
  const names = await zipEntryNames(file);
  if (names.some((name) => PROGRAM_ENTRIES.includes(name))) return { ok: false, reason: "program" };
  if (names[0] === "mimetype" && file.head.length >= 30) {
    // The first entry, stored uncompressed: its text follows its 30-byte header and its 8-byte name.
    const length = new DataView(file.head.buffer, file.head.byteOffset, file.head.byteLength).getUint32(18, true);
    const declared = ascii(file.head, 38, Math.min(length, 100));
    if (ODF[declared]) return { ok: true, type: ODF[declared] };
  }
  if (names.includes("[Content_Types].xml")) {
    const match = OOXML.find(([prefix]) => names.some((name) => name.startsWith(prefix)));
    if (match) return { ok: true, type: match[1] };
  }
  return { ok: true, type: ZIP };
}

/**
 * The names in a zip's central directory (at its end), read without unpacking anything. A zip whose
 * directory cannot be found is refused as unknown rather than trusted.
 */
async function zipEntryNames(file: FileBytes): Promise<string[]> {
  const tailLength = Math.min(file.size, 22 + 65_535);
  const tail = await file.read(file.size - tailLength, tailLength);
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  for (let at = tail.length - 22; at >= 0; at--) {
    if (view.getUint32(at, true) !== 0x06054b50) continue;
    const count = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 12, true);
    const offset = view.getUint32(at + 16, true);
    if (offset + size > file.size) break;
    const directory = await file.read(offset, size);
    const entries = new DataView(directory.buffer, directory.byteOffset, directory.byteLength);
    const names: string[] = [];
    let position = 0;
    for (let i = 0; i < count && position + 46 <= directory.length; i++) {
      if (entries.getUint32(position, true) !== 0x02014b50) break;
      const nameLength = entries.getUint16(position + 28, true);
      const extraLength = entries.getUint16(position + 30, true);
      const commentLength = entries.getUint16(position + 32, true);
      names.push(new TextDecoder().decode(directory.subarray(position + 46, position + 46 + nameLength)));
      position += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  }
  return [];
}

/** Markup a browser would render or run, anywhere in a text file. */
const MARKUP =
  /<\s*(?:!doctype|html|head|body|script|iframe|frame|frameset|svg|math|object|embed|meta|link|style|base|form|\?xml|xsl)\b/i;

/**
 * Plain text (UTF-8, UTF-16 with its byte-order mark, or a single-byte code page such as Windows-1252):
 * no NUL bytes or other control characters than tab, line ends and form feed. Text that looks like
 * markup is refused, even though it would only ever be downloaded.
 */
function textType(bytes: Uint8Array, filename: string): Detection {
  let text: string;
  if (startsWith(bytes, 0xff, 0xfe) || startsWith(bytes, 0xfe, 0xff)) {
    try {
      text = new TextDecoder(bytes[0] === 0xff ? "utf-16le" : "utf-16be", { fatal: true }).decode(bytes);
    } catch {
      return { ok: false, reason: "unknown" };
    }
  } else {
    text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  }
  // eslint-disable-next-line no-control-regex -- control characters are what marks a file as not text
  if (/[\u0000-\u0008\u000e-\u001f\u007f]/.test(text.replace(/^\ufeff/, ""))) return { ok: false, reason: "unknown" };
  if (MARKUP.test(text) || /^\s*</.test(text.replace(/^\ufeff|^\u00ef\u00bb\u00bf/, "")))
    return { ok: false, reason: "markup" };
  return { ok: true, type: ["csv", "tsv"].includes(lowerExtension(filename)) ? CSV : TEXT };
}

/** Extensions that make a computer run or render a file: a download never ends in one of these. */
const DANGEROUS_EXTENSIONS = new Set(
  "html htm xhtml shtml svg svgz xml xsl js mjs jse vbs vbe wsf wsh hta exe com bat cmd scr pif cpl msi msp dll jar apk app dmg sh ps1 psm1 reg lnk url desktop".split(
    " ",
  ),
);

/**
 * The name a download is saved under: the original one, with the type's extension added when the name
 * has none, or one that does not fit the type and would make the computer run or render the file.
 */
export function downloadName(original: string, mime: string): string {
  const extensions = TYPES[mime]?.extensions ?? ["bin"];
  const extension = lowerExtension(original);
  if (extensions.includes(extension)) return original;
  if (extension && !DANGEROUS_EXTENSIONS.has(extension)) return original;
  return `${original}.${extensions[0]}`;
}
