import zlib from "node:zlib";
import { PNG_BYTES } from "./harness";

/** Small files of each kind, made from their real first bytes, for the file manager's tests. */

const text = (value: string) => Buffer.from(value, "utf8");

/** A PDF of `size` bytes: its header, comment padding, and its end marker. */
export function pdfBytes(size = 1000): Buffer {
  const head = text("%PDF-1.4\n");
  const tail = text("\n%%EOF\n");
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), "%"), tail]);
}

/** A zip (entries stored, not compressed) holding the given files, as Office documents and apps are. */
export function zipBytes(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = text(name);
    const data = text(content);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export const SAMPLES = {
  png: PNG_BYTES,
  pdf: pdfBytes(),
  csv: text("Name,Class\nAda Obi,JSS1\nṢadé Ọlá,JSS2\n"),
  docx: zipBytes({
    "[Content_Types].xml": "<Types/>",
    "_rels/.rels": "<Relationships/>",
    "word/document.xml": "<w:document/>",
  }),
  xlsx: zipBytes({ "[Content_Types].xml": "<Types/>", "xl/workbook.xml": "<workbook/>" }),
  odt: zipBytes({ mimetype: "application/vnd.oasis.opendocument.text", "content.xml": "<office:document-content/>" }),
  zip: zipBytes({ "scans/page1.txt": "page one" }),
  doc: Buffer.concat([OLE2, Buffer.alloc(504)]),
  mp3: Buffer.concat([text("ID3"), Buffer.alloc(200)]),
  mp4: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), text("ftypisom"), Buffer.alloc(200)]),
  ogg: Buffer.concat([text("OggS"), Buffer.alloc(200)]),
  utf16: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Register of pupils\r\n", "utf16le")]),
  // Refused: programs and markup.
  exe: Buffer.concat([text("MZ"), Buffer.alloc(300)]),
  elf: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(300)]),
  script: text("#!/bin/sh\necho hello\n"),
  apk: zipBytes({ "AndroidManifest.xml": "<manifest/>", "classes.dex": "dex\n035" }),
  jar: zipBytes({ "META-INF/MANIFEST.MF": "Main-Class: Evil\n", "Evil.class": "cafebabe" }),
  msi: Buffer.concat([OLE2, Buffer.alloc(504)]),
  html: text("<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>"),
  svg: text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  hiddenScript: text("Notes for the PTA meeting\nAgenda:\n1. Fees\n<script>fetch('/api')</script>\n"),
  binary: Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe, 0x00, 0x10]),
} as const;
