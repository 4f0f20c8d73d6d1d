import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { extractTar, filesUnder, safeArchivePath, TarWriter } from "../../scripts/lib/tar";

describe("the backup archive (tar.gz)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tar-test-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const file = (name: string, bytes: Buffer | string) => {
    const full = path.join(dir, "in", name);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, bytes);
    return full;
  };

  it("gives back every file as it was: empty, exactly a block, odd sizes, names longer than 100 characters", async () => {
    const files: Record<string, Buffer> = {
      "empty.txt": Buffer.alloc(0),
      "block.bin": Buffer.alloc(512, 7),
      "odd.bin": Buffer.from(Array.from({ length: 70_001 }, (_, i) => i % 251)),
      [`uploads/${"d".repeat(60)}/${"f".repeat(70)}.png`]: Buffer.from("long name"),
    };
    const archive = path.join(dir, "round.tar.gz");
    const writer = new TarWriter(archive);
    for (const [name, bytes] of Object.entries(files)) await writer.add(name, file(name, bytes));
    await writer.close();

    const out = path.join(dir, "out");
    expect(await extractTar(archive, out)).toEqual(Object.keys(files));
    for (const [name, bytes] of Object.entries(files))
      expect(fs.readFileSync(path.join(out, name)).equals(bytes), name).toBe(true);
    expect(await filesUnder(out)).toEqual(Object.keys(files).sort());
  });

  it("refuses an entry whose path would leave the folder it is unpacked into", async () => {
    const archive = path.join(dir, "evil.tar.gz");
    const writer = new TarWriter(archive);
    await writer.add("../escaped.txt", file("evil.txt", "gotcha"));
    await writer.close();
    await expect(extractTar(archive, path.join(dir, "evil-out"))).rejects.toThrow(/never has/);
    expect(fs.existsSync(path.join(dir, "escaped.txt"))).toBe(false);
  });

  it("refuses an archive cut short", async () => {
    const archive = path.join(dir, "whole.tar.gz");
    const writer = new TarWriter(archive);
    await writer.add("a.bin", file("a.bin", Buffer.alloc(10_000, 1)));
    await writer.close();
    const cut = path.join(dir, "cut.tar.gz");
    const zlib = await import("node:zlib");
    const tar = zlib.gunzipSync(fs.readFileSync(archive));
    fs.writeFileSync(cut, zlib.gzipSync(tar.subarray(0, 4_000)));
    await expect(extractTar(cut, path.join(dir, "cut-out"))).rejects.toThrow(/cut short/);
  });

  it.each([
    ["uploads/ab/abc", true],
    ["school.sqlite", true],
    ["../x", false],
    ["/etc/passwd", false],
    ["uploads/../../x", false],
    ["uploads//x", false],
    ["a\\b", false],
    ["", false],
  ])("safeArchivePath(%j) is %s", (name, safe) => {
    expect(safeArchivePath(name)).toBe(safe);
  });
});
