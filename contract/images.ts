import { IMAGE_MAX_BYTES } from "./limits";
import { MESSAGES } from "./messages";

/** What an image's first bytes say it is; the declared type and the file name are not trusted. */
export function sniffImageType(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x47, 0x49, 0x46, 0x38)) return "image/gif";
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  ) {
    return "image/webp";
  }
  return null;
}

export const IMAGE_EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};

/** The product's two image rules, in its words: an image type, under 2 MB. */
export function imageProblem(file: { size: number; bytes: Uint8Array; truncated?: boolean }): string | null {
  if (file.truncated || file.size >= IMAGE_MAX_BYTES) return MESSAGES.imageTooLarge;
  if (!sniffImageType(file.bytes)) return MESSAGES.onlyImages;
  return null;
}
