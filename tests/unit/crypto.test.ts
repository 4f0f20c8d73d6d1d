import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, publicId, scryptParameters, verifyPassword } from "../../api/lib/crypto";

describe("password hashing", () => {
  it("uses OWASP's 32 MB scrypt parameters everywhere but the test suites", () => {
    for (const env of ["production", "development", ""])
      expect(scryptParameters(env)).toEqual({ N: 2 ** 15, r: 8, p: 3, keylen: 32 });
    expect(scryptParameters("test")).toEqual({ N: 2 ** 14, r: 8, p: 1, keylen: 32 });
  });

  it("stores the parameters with the hash and verifies with the stored ones", async () => {
    const stored = await hashPassword("correct horse battery");
    const [scheme, n, r, p] = stored.split("$");
    const { N, r: blockSize, p: lanes } = scryptParameters();
    expect([scheme, Number(n), Number(r), Number(p)]).toEqual(["scrypt", N, blockSize, lanes]);
    expect(needsRehash(stored)).toBe(false);
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
  });

  it("verifies a hash made with the earlier parameters, and says it is to be made again", async () => {
    // "pass-1234" hashed with N=2^17, r=8, p=1, the parameters before 32 MB ones.
    const { scrypt } = await import("node:crypto");
    const salt = Buffer.alloc(16, 7);
    const key = await new Promise<Buffer>((resolve, reject) =>
      scrypt("pass-1234", salt, 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 2 ** 17 * 8 }, (e, k) =>
        e ? reject(e) : resolve(k),
      ),
    );
    const stored = ["scrypt", 2 ** 17, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
    expect(await verifyPassword("pass-1234", stored)).toBe(true);
    expect(needsRehash(stored)).toBe(true);
  });
});

describe("public ids", () => {
  it("are the prefix and 12 URL-safe characters, each one new across many blocks of random bytes", () => {
    const ids = Array.from({ length: 5000 }, () => publicId("STU"));
    for (const id of ids) expect(id).toMatch(/^STU-[A-Za-z0-9_-]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
