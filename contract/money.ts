/**
 * Money, in one place. Amounts are stored as integer kobo; they travel on the wire as naira decimal numbers
 * (the `price` and `amount` fields) and are typed by people as text ("12,500.50", "₦ 2000"). Every conversion
 * goes through the functions below, which never do arithmetic on fractional naira: text and numbers are read
 * digit by digit, so 0.1 + 0.2 never becomes a price.
 */

/** The most kobo an amount may hold: integers stay exact in a double up to 2^53. */
export const MAX_KOBO = Number.MAX_SAFE_INTEGER;

const NAIRA = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN" });

/**
 * What is written for an amount that cannot be read (NaN, null, text that is no amount): a dash, never
 * ₦0.00, which would be a wrong amount that looks right.
 */
export const NO_AMOUNT = "—";

/** ₦12,500.50. Always 'en-NG', so the server and every browser write the same text; "—" for no whole kobo. */
export function formatNaira(kobo: number): string {
  return Number.isSafeInteger(kobo) ? NAIRA.format(kobo / 100) : NO_AMOUNT;
}

/**
 * Naira as the wire carries them (12500.5, or the text "12500.50") written as ₦12,500.50; "—" when the
 * value is not an amount `nairaToKobo` reads (null, undefined, NaN, "abc", 12.345).
 */
export function formatWireNaira(naira: unknown): string {
  const kobo = typeof naira === "number" || typeof naira === "string" ? nairaToKobo(naira) : null;
  return kobo === null ? NO_AMOUNT : formatNaira(kobo);
}

/**
 * Naira as a decimal number for the wire: 1250050 kobo → 12500.5. Dividing an integer by 100 gives the
 * double nearest the decimal, which prints back as exactly that decimal, so `nairaToKobo` returns the
 * same kobo.
 */
export function koboToNaira(kobo: number): number {
  return kobo / 100;
}

/** "12500.50" and "-3.5" split into sign, whole naira and at most two kobo digits; null if not that shape. */
const DECIMAL = /^(-?)(\d+)(?:\.(\d{0,2}))?$/;

function decimalToKobo(text: string): number | null {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ""] = match;
  const kobo = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(kobo) || kobo > MAX_KOBO) return null;
  return sign ? -kobo : kobo;
}

/**
 * Kobo of an amount sent as naira: a number (12500.5) or decimal text ("12500.50"). Null when it is not
 * a finite amount of naira with at most two decimals (12.345, 1e21, NaN, "12,5" are refused, not rounded).
 */
export function nairaToKobo(naira: number | string): number | null {
  if (typeof naira === "number") {
    if (!Number.isFinite(naira)) return null;
    // String() prints the shortest decimal that reads back as this double: 12500.5 → "12500.5".
    return decimalToKobo(String(naira));
  }
  return typeof naira === "string" ? decimalToKobo(naira.trim()) : null;
}

/** Thousands separated by commas, each group after the first exactly three digits: 12,500 or 1,250,000. */
const GROUPED = /^\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * Kobo of an amount as a person types it: "12,500.50", "₦12500", "N 2,000", "NGN 750.5", "12500.".
 * Commas must group thousands (so "12,50", a decimal comma typed by mistake, is refused rather than read
 * as 1,250). Null when the text is not such an amount; a minus sign is refused too.
 */
export function parseNaira(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^(₦|NGN|N)\s*/i, "")
    .replace(/\s+/g, "");
  if (!cleaned || cleaned.startsWith("-")) return null;
  if (cleaned.includes(",") && !GROUPED.test(cleaned)) return null;
  const plain = cleaned.replace(/,/g, "").replace(/\.$/, "");
  return decimalToKobo(plain);
}

/**
 * How a (non-negative) amount is written back into an input for editing: 1250050 → "12500.50", 200000 →
 * "2000". An amount that cannot be read (null) leaves the input empty rather than "0".
 */
export function nairaInputValue(kobo: number | null): string {
  if (kobo === null || !Number.isSafeInteger(kobo)) return "";
  const whole = Math.trunc(kobo / 100);
  const fraction = Math.abs(kobo % 100);
  return fraction ? `${whole}.${String(fraction).padStart(2, "0")}` : String(whole);
}

const NAIRA_COMPACT = new Intl.NumberFormat("en-NG", {
  style: "currency",
  currency: "NGN",
  notation: "compact",
  maximumFractionDigits: 1,
});

/** ₦1.2M, ₦450K: for a chart's axis, where the exact amount is given beside it; "—" for no number. */
export function formatNairaCompact(kobo: number): string {
  return Number.isFinite(kobo) ? NAIRA_COMPACT.format(kobo / 100) : NO_AMOUNT;
}
