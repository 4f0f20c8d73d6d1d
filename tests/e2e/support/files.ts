import { encodePng, type Rgb } from "../../../scripts/lib/png";

/** Files that Playwright's setInputFiles() takes: a name, a declared type and the bytes. */
export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A small valid logo. Different colours give different files, so an upload visibly changes the image. */
export function logoPng(name = "logo.png", rgb: Rgb = [23, 76, 168]): UploadFile {
  return { name, mimeType: "image/png", buffer: encodePng(64, 64, () => rgb) };
}

/** A valid PNG of more than 2 MB (the limit is "less than 2MB", 2,097,152 bytes): noise, stored uncompressed. */
export function tooLargePng(): UploadFile {
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 16;
  const buffer = encodePng(900, 900, () => [next() & 0xff, next() & 0xff, next() & 0xff], { level: 0 });
  if (buffer.length < 2_097_152) throw new Error(`test image is only ${buffer.length} bytes`);
  return { name: "huge-logo.png", mimeType: "image/png", buffer };
}

/** A plain-text file offered as a logo. */
export function textFile(): UploadFile {
  return { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("This is not a picture.\n") };
}
