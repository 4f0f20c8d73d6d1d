import sharp from "sharp";
import { IMAGE_MAX_PIXELS } from "../../contract/limits";

/**
 * Images by their header first, then re-encoded at a bounded size (libvips through sharp). A header
 * declares the image's size in a few bytes; decoding it costs width × height × 4 bytes, so nothing is
 * decoded before the header has passed the pixel cap, and what the product keeps and draws is small.
 */

// No cache of decoded images between requests, one libvips thread per image: the server's two cores stay
// with its requests, and its memory holds only the images at hand.
sharp.cache(false);
sharp.concurrency(1);

/** The longest side, in pixels, of each kind of stored image: print quality for a logo or a signature on a PDF; a photo is shown at most 64 px wide. */
export const BOUNDED_SIDE = { logo: 1024, signature: 1024, photo: 512 } as const;
export type ImageUse = keyof typeof BOUNDED_SIDE;

export type HeaderCheck =
  | { ok: true; format: string; width: number; height: number }
  | { ok: false; reason: "pixels" | "unreadable" };

/** What the image's header says, read without decoding a pixel: its size within the cap, or why not. */
export async function checkImageHeader(input: Uint8Array | string): Promise<HeaderCheck> {
  try {
    const header = await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS }).metadata();
    if (!header.width || !header.height) return { ok: false, reason: "unreadable" };
    return { ok: true, format: header.format, width: header.width, height: header.height };
  } catch (error) {
    // sharp refuses a header over `limitInputPixels` with this message; any other failure is a broken image.
    return { ok: false, reason: /pixel limit/i.test(String(error)) ? "pixels" : "unreadable" };
  }
}

export interface BoundedImage {
  bytes: Buffer;
  mime: "image/png" | "image/jpeg";
}

/** One re-encoding at a time per process: two at once would double the memory of the largest image. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = queue.then(work, work);
  queue = turn.catch(() => undefined);
  return turn;
}

/**
 * The image re-encoded within `use`'s longest side: turned upright by its EXIF orientation, its
 * metadata (EXIF, GPS, comments) dropped, and only its first frame. Whatever followed the image data
 * (a polyglot's other file) is gone. A JPEG or an opaque WebP becomes a JPEG; anything with
 * transparency, a PNG or a GIF (line art: logos, signatures), a PNG. Throws when the image cannot be
 * decoded or its header passes the cap (sharp checks it again).
 */
export function boundImage(input: Uint8Array, use: ImageUse): Promise<BoundedImage> {
  return oneAtATime(async () => {
    const side = BOUNDED_SIDE[use];
    // Whatever of the pixels can be decoded is kept (phones write slightly broken files); the cap still holds.
    const image = sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "none" });
    const header = await image.metadata();
    const pipeline = image.rotate().resize({ width: side, height: side, fit: "inside", withoutEnlargement: true });
    const asPng = header.hasAlpha || header.format === "png" || header.format === "gif";
    const bytes = asPng
      ? await pipeline.png({ compressionLevel: 9 }).toBuffer()
      : await pipeline.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    return { bytes, mime: asPng ? "image/png" : "image/jpeg" };
  });
}

/** The longest side, in pixels, of a student's photo as a report card prints it: 72 pt at 3 pixels a point. */
export const CARD_PHOTO_SIDE = 216;

/**
 * A photo as a report card draws it: a JPEG at most `CARD_PHOTO_SIDE` wide, on white where it was transparent.
 * pdfkit embeds a JPEG as it is, where it reads a PNG's data byte by byte (about 40 ms for a 200 × 200 photo, 2.4 s
 * for a class of 60); libvips converts it in a few ms. Null when it cannot be decoded: the card leaves it out.
 */
export function cardPhoto(input: Uint8Array): Promise<Buffer | null> {
  return oneAtATime(() =>
    sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "none" })
      .resize({ width: CARD_PHOTO_SIDE, height: CARD_PHOTO_SIDE, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 85 })
      .toBuffer()
      .catch(() => null),
  );
}

/** Within `use`'s bounds and in a format a PDF draws as it is (PNG or JPEG): an image stored since the bounds. */
export function isBounded(header: HeaderCheck, use: ImageUse): boolean {
  return (
    header.ok &&
    (header.format === "png" || header.format === "jpeg") &&
    Math.max(header.width, header.height) <= BOUNDED_SIDE[use]
  );
}
