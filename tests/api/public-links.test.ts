import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../../api/lib/crypto";
import {
  checkPublicLink,
  createPublicLink,
  LINK_PURPOSES,
  MAX_LINK_TTL_SECONDS,
  publicAddress,
  revokePublicLink,
  revokeSubjectLinks,
} from "../../api/lib/public-links";
import { DATABASE, registerSchool, startApi, type TestApi } from "./harness";

describe(`public links on ${DATABASE}`, () => {
  let api: TestApi;
  let schoolA: number;
  let schoolB: number;
  const now = () => api.clock.now;
  const later = (seconds: number) => new Date(now().getTime() + seconds * 1000);
  const idOf = async (uniqueId: string) =>
    (await api.db.selectFrom("schools").select("id").where("unique_id", "=", uniqueId).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    api = await startApi();
    schoolA = await idOf((await registerSchool(api, { school_name: "Link School A" })).uniqueId);
    schoolB = await idOf((await registerSchool(api, { school_name: "Link School B" })).uniqueId);
  });
  afterAll(() => api.close());

  it("a token is 256 random bits, never stored, only its SHA-256", async () => {
    const made = await Promise.all(
      Array.from({ length: 50 }, () =>
        createPublicLink(api.db, now(), schoolA, { purpose: "report-card", subject: "student-7" }),
      ),
    );
    for (const { token } of made) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
    }
    expect(new Set(made.map((m) => m.token)).size).toBe(50);
    const rows = await api.db.selectFrom("public_links").selectAll().where("school_id", "=", schoolA).execute();
    const stored = JSON.stringify(rows);
    for (const { token, id } of made) {
      expect(stored).not.toContain(token);
      expect(rows.find((r) => r.id === id)?.token_hash).toBe(hashToken(token));
    }
  });

  it("opens its subject, for its purpose and school, until it expires", async () => {
    const link = await createPublicLink(api.db, now(), schoolA, {
      purpose: "file-share",
      subject: "42",
      detail: "inline",
    });
    expect(link.expiresAt).toEqual(later(LINK_PURPOSES["file-share"].ttlSeconds));
    expect(await checkPublicLink(api.db, now(), link.token, "file-share")).toEqual({
      ok: true,
      link: {
        id: link.id,
        schoolId: schoolA,
        purpose: "file-share",
        subject: "42",
        detail: "inline",
        expiresAt: link.expiresAt,
      },
    });
    expect((await checkPublicLink(api.db, now(), link.token, "file-share", schoolA)).ok).toBe(true);
    expect((await checkPublicLink(api.db, later(299), link.token, "file-share")).ok).toBe(true);
    expect(await checkPublicLink(api.db, later(300), link.token, "file-share")).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("each purpose has its own lifetime, and a link may be given a shorter or longer one within the limit", async () => {
    for (const [purpose, { ttlSeconds }] of Object.entries(LINK_PURPOSES)) {
      const link = await createPublicLink(api.db, now(), schoolA, {
        purpose: purpose as keyof typeof LINK_PURPOSES,
        subject: "1",
      });
      expect(link.expiresAt, purpose).toEqual(later(ttlSeconds));
    }
    const short = await createPublicLink(api.db, now(), schoolA, { purpose: "payment", subject: "1", ttlSeconds: 60 });
    expect(await checkPublicLink(api.db, later(60), short.token, "payment")).toEqual({ ok: false, reason: "expired" });
    for (const ttlSeconds of [0, -1, 1.5, MAX_LINK_TTL_SECONDS + 1]) {
      await expect(
        createPublicLink(api.db, now(), schoolA, { purpose: "payment", subject: "1", ttlSeconds }),
      ).rejects.toThrow(RangeError);
    }
  });

  it("a link for one purpose opens nothing for another", async () => {
    const link = await createPublicLink(api.db, now(), schoolA, { purpose: "file-share", subject: "42" });
    for (const purpose of ["report-card", "payment", "message"] as const) {
      expect(await checkPublicLink(api.db, now(), link.token, purpose)).toEqual({
        ok: false,
        reason: "wrong-purpose",
      });
    }
  });

  it("a link of another school is unknown to this one", async () => {
    const theirs = await createPublicLink(api.db, now(), schoolB, { purpose: "message", subject: "9" });
    expect(await checkPublicLink(api.db, now(), theirs.token, "message", schoolA)).toEqual({
      ok: false,
      reason: "unknown",
    });
    const checked = await checkPublicLink(api.db, now(), theirs.token, "message");
    expect(checked.ok && checked.link.schoolId).toBe(schoolB);
    // Neither can this school revoke it.
    expect(await revokePublicLink(api.db, now(), schoolA, theirs.id)).toBe(false);
    expect(await revokeSubjectLinks(api.db, now(), schoolA, "message", ["9"])).toBe(0);
    expect((await checkPublicLink(api.db, now(), theirs.token, "message")).ok).toBe(true);
  });

  it("made-up, changed and malformed tokens are unknown", async () => {
    const link = await createPublicLink(api.db, now(), schoolA, { purpose: "payment", subject: "3" });
    const changed = `${link.token.slice(0, -1)}${link.token.endsWith("A") ? "B" : "A"}`;
    for (const token of [changed, "A".repeat(43), "", "x", `${link.token}=`, link.token.slice(1), "../../etc"]) {
      expect(await checkPublicLink(api.db, now(), token, "payment"), token).toEqual({ ok: false, reason: "unknown" });
    }
  });

  it("a revoked link opens nothing, and says so even once it has expired", async () => {
    const one = await createPublicLink(api.db, now(), schoolA, { purpose: "report-card", subject: "student-1" });
    const other = await createPublicLink(api.db, now(), schoolA, { purpose: "report-card", subject: "student-2" });
    expect(await revokePublicLink(api.db, now(), schoolA, one.id)).toBe(true);
    expect(await revokePublicLink(api.db, now(), schoolA, one.id)).toBe(false);
    expect(await checkPublicLink(api.db, now(), one.token, "report-card")).toEqual({ ok: false, reason: "revoked" });
    expect(await checkPublicLink(api.db, later(40 * 86_400), one.token, "report-card")).toEqual({
      ok: false,
      reason: "revoked",
    });
    expect((await checkPublicLink(api.db, now(), other.token, "report-card")).ok).toBe(true);

    const [a, b] = await Promise.all(
      ["a", "b"].map(() =>
        createPublicLink(api.db, now(), schoolA, { purpose: "file-share", subject: "77", detail: "attachment" }),
      ),
    );
    expect(await revokeSubjectLinks(api.db, now(), schoolA, "file-share", ["77"])).toBe(2);
    for (const link of [a, b]) {
      expect(await checkPublicLink(api.db, now(), link.token, "file-share")).toEqual({ ok: false, reason: "revoked" });
    }
    expect((await checkPublicLink(api.db, now(), other.token, "report-card")).ok).toBe(true);
  });

  it("a school's links long past their expiry are cleared when it makes another", async () => {
    const old = await createPublicLink(api.db, now(), schoolB, { purpose: "file-share", subject: "5" });
    const count = async () =>
      (await api.db.selectFrom("public_links").select("id").where("school_id", "=", schoolB).execute()).length;
    const before = await count();
    await createPublicLink(api.db, later(31 * 86_400), schoolB, { purpose: "file-share", subject: "6" });
    expect(await count()).toBeLessThan(before + 1);
    expect(await checkPublicLink(api.db, later(31 * 86_400), old.token, "file-share")).toEqual({
      ok: false,
      reason: "unknown",
    });
  });

  it("addresses start with PUBLIC_URL", () => {
    expect(publicAddress("https://school.example.ng", "/api/files/shared/abc")).toBe(
      "https://school.example.ng/api/files/shared/abc",
    );
    expect(publicAddress("https://school.example.ng/", "/x")).toBe("https://school.example.ng/x");
  });
});
