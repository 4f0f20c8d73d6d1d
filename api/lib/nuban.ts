/**
 * The CBN's NUBAN check digit. A Nigerian account number is 10 digits: a 9-digit serial and a check
 * digit computed from the serial and the code the CBN gave the institution holding the account.
 *
 * - 2010 standard (deposit money banks, 3-digit codes): ABC-DEFGHIJKL-M, M = 10 − (A·3 + B·7 + C·3 +
 *   D·3 + E·7 + F·3 + G·3 + H·7 + I·3 + J·3 + K·7 + L·3) mod 10, and 0 when that is 10.
 * - 2020 revision (in force from 2021; other financial institutions, 5-digit codes): the institution code
 *   becomes 6 digits, a bank's 3-digit code with three leading zeros (011 → 000011) and an OFI's 5-digit
 *   code with a leading 9 (50211 → 950211); the 15 digits before the check digit take the weights
 *   3,7,3 repeated. The leading zeros weigh nothing, so banks' numbers check exactly as before.
 */
const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];

/** The 6-digit institution code of the 2020 revision, or null for a code of another length. */
export function institutionCode(code: string): string | null {
  if (!/^\d+$/.test(code)) return null;
  if (code.length === 3) return `000${code}`;
  if (code.length === 5) return `9${code}`;
  return code.length === 6 ? code : null;
}

/** The check digit of a 9-digit serial at the institution with this CBN code. */
export function nubanCheckDigit(code: string, serial: string): number {
  const prefix = institutionCode(code);
  if (!prefix || !/^\d{9}$/.test(serial))
    throw new Error("a CBN code of 3, 5 or 6 digits and a 9-digit serial are needed");
  const sum = [...(prefix + serial)].reduce((total, digit, i) => total + Number(digit) * WEIGHTS[i], 0);
  return (10 - (sum % 10)) % 10;
}

/** Whether a 10-digit account number carries the right check digit for the institution's CBN code. */
export function isValidNuban(accountNumber: string, code: string): boolean {
  if (!/^\d{10}$/.test(accountNumber) || !institutionCode(code)) return false;
  return nubanCheckDigit(code, accountNumber.slice(0, 9)) === Number(accountNumber[9]);
}

/** A valid account number for a serial: what tests and the demo use to make numbers that pass. */
export function nubanFor(code: string, serial: string): string {
  return `${serial}${nubanCheckDigit(code, serial)}`;
}

/**
 * Banks and microfinance banks with the codes the CBN assigned them (3 digits for deposit money banks,
 * 5 for microfinance banks), as the sandbox lists them. Payment service banks whose account numbers are
 * phone numbers have no check digit to test, so they are not here; with Paystack they come from its list.
 */
export const CBN_BANKS: ReadonlyArray<{ name: string; code: string }> = [
  { name: "Access Bank", code: "044" },
  { name: "Citibank Nigeria", code: "023" },
  { name: "Ecobank Nigeria", code: "050" },
  { name: "FairMoney Microfinance Bank", code: "51318" },
  { name: "Fidelity Bank", code: "070" },
  { name: "First Bank of Nigeria", code: "011" },
  { name: "First City Monument Bank", code: "214" },
  { name: "Guaranty Trust Bank", code: "058" },
  { name: "Jaiz Bank", code: "301" },
  { name: "Keystone Bank", code: "082" },
  { name: "Kuda Microfinance Bank", code: "50211" },
  { name: "Lotus Bank", code: "303" },
  { name: "Moniepoint Microfinance Bank", code: "50515" },
  { name: "Optimus Bank", code: "107" },
  { name: "Parallex Bank", code: "104" },
  { name: "Polaris Bank", code: "076" },
  { name: "PremiumTrust Bank", code: "105" },
  { name: "Providus Bank", code: "101" },
  { name: "Signature Bank", code: "106" },
  { name: "Sparkle Microfinance Bank", code: "51310" },
  { name: "Stanbic IBTC Bank", code: "221" },
  { name: "Standard Chartered Bank", code: "068" },
  { name: "Sterling Bank", code: "232" },
  { name: "SunTrust Bank", code: "100" },
  { name: "TAJBank", code: "302" },
  { name: "Titan Trust Bank", code: "102" },
  { name: "Union Bank of Nigeria", code: "032" },
  { name: "United Bank For Africa", code: "033" },
  { name: "Unity Bank", code: "215" },
  { name: "Wema Bank", code: "035" },
  { name: "Zenith Bank", code: "057" },
];
