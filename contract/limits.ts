/** Business constants and limits (docs/product.md, Limits and constants). */
export const IMAGE_MAX_BYTES = 2_097_152;
/** Every image's header may declare at most this many pixels (25 megapixels, e.g. 5000 × 5000): decoding one costs 4 bytes a pixel. */
export const IMAGE_MAX_PIXELS = 25_000_000;
export const TOAST_TIMEOUT_MS = 2_500;
export const GENDERS = ["Male", "Female"] as const;
export const IMAGE_MIME_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export const PAGE_SIZE = 20;
/**
 * Sign-in throttling: this many failures for one account from one address within the window refuse that address
 * for the rest of the window; the account's own ceiling, from every address together, is looser, and a device
 * that has signed in to the account before passes it.
 */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_ACCOUNT_MAX_FAILURES = 50;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** File manager uploads: at most 5 files of 5 MB each in one upload. */
export const UPLOAD_MAX_FILES = 5;
export const UPLOAD_MAX_BYTES = 5_242_880;

/** The longest school address the profile takes (it prints under the school's name on report cards). */
export const SCHOOL_ADDRESS_MAX = 300;
