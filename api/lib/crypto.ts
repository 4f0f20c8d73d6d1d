import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Passwords: scrypt with one of OWASP's equally strong parameter sets, N=2^15, r=8, p=3 (32 MB while it hashes,
 * rather than N=2^17, r=8, p=1's 128 MB: a small host signs people in without a 128 MB peak each), a 16-byte salt
 * and a 32-byte key, stored as `scrypt$N$r$p$salt$hash` so the parameters can change without a migration: a hash
 * made with other parameters still verifies with its own, and is made again at the next sign-in (`needsRehash`).
 * Under `NODE_ENV=test` only, new hashes use N=2^14, p=1: the test suites register and sign in thousands of times.
 * No other environment (production, development) lowers them.
 */
export function scryptParameters(nodeEnv: string | undefined = process.env.NODE_ENV) {
  return nodeEnv === "test" ? { N: 2 ** 14, r: 8, p: 1, keylen: 32 } : { N: 2 ** 15, r: 8, p: 3, keylen: 32 };
}
const SCRYPT = scryptParameters();

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keylen: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keylen, { N, r, p, maxmem: 256 * N * r }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, SCRYPT.N, SCRYPT.r, SCRYPT.p, SCRYPT.keylen);
  return ["scrypt", SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split("$");
  if (scheme !== "scrypt" || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, "base64");
  const actual = await derive(
    password,
    Buffer.from(saltB64, "base64"),
    Number(n),
    Number(r),
    Number(p),
    expected.length,
  );
  return timingSafeEqual(actual, expected);
}

/** Whether a stored hash was made with other parameters than new hashes get: it is made again at the next sign-in. */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split("$");
  return scheme !== "scrypt" || Number(n) !== SCRYPT.N || Number(r) !== SCRYPT.r || Number(p) !== SCRYPT.p;
}

/** A stored hash of a throwaway password, so an unknown Unique ID costs the same time as a wrong password. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return decoyHash;
}

const READABLE = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const READABLE_LOWER = "abcdefghjkmnpqrstuvwxyz";

function pick(alphabet: string, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** A school's Unique ID: short enough to type on a phone, no look-alike characters (0/O, 1/I). */
export function generateUniqueId(): string {
  return `SCH-${pick(READABLE, 7)}`;
}

/** A generated password of 14 characters (about 75 bits), easy to read back from a screen. */
export function generatePassword(): string {
  return pick(READABLE + READABLE_LOWER, 14);
}

/** Bearer tokens: 256 random bits; only their SHA-256 is stored. */
export function generateToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function randomKey(): string {
  return randomBytes(16).toString("hex");
}

/**
 * Public ids draw their random bytes from a block of 4 KB, refilled from the system's generator when
 * used up: one call per 455 ids rather than one per id, which a bulk import of 10,000 records felt. The
 * bytes are public (they name records), and each is handed out once.
 */
const ID_BLOCK_BYTES = 4096;
let idBlock = Buffer.alloc(0);
let idOffset = 0;

function idBytes(length: number): Buffer {
  if (idOffset + length > idBlock.length) {
    idBlock = randomBytes(ID_BLOCK_BYTES);
    idOffset = 0;
  }
  idOffset += length;
  return idBlock.subarray(idOffset - length, idOffset);
}

export function publicId(prefix: string): string {
  return `${prefix}-${idBytes(9).toString("base64url")}`;
}

/** A code a person reads out or types: `prefix-` and `length` characters without look-alikes (0/O, 1/I). */
export function readableId(prefix: string, length: number): string {
  return `${prefix}-${pick(READABLE, length)}`;
}
