import { describe, expect, it } from "vitest";
import { detectFileType, downloadName, type FileBytes } from "../../api/lib/file-types";
import { SAMPLES } from "../api/file-samples";

const bytes = (buffer: Uint8Array): FileBytes => ({
  size: buffer.length,
  head: buffer.subarray(0, 4096),
  read: async (start, length) => buffer.subarray(start, start + length),
});
const detect = (sample: keyof typeof SAMPLES, name = "file") => detectFileType(bytes(SAMPLES[sample]), name);

describe("detectFileType", () => {
  it.each([
    ["png", "scan.jpg", "image/png"],
    ["pdf", "letter.txt", "application/pdf"],
    ["csv", "register.csv", "text/csv"],
    ["csv", "register", "text/plain"],
    ["docx", "x.bin", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["xlsx", "x", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ["odt", "x", "application/vnd.oasis.opendocument.text"],
    ["zip", "scans.zip", "application/zip"],
    ["doc", "old.doc", "application/msword"],
    ["doc", "results.xls", "application/vnd.ms-excel"],
    ["mp3", "anthem.mp3", "audio/mpeg"],
    ["mp4", "sports.mp4", "video/mp4"],
    ["ogg", "voice.ogg", "audio/ogg"],
    ["utf16", "register.txt", "text/plain"],
  ] as const)("recognises %s bytes named %s as %s", async (sample, name, mime) => {
    expect(await detect(sample, name)).toEqual({ ok: true, type: expect.objectContaining({ mime }) });
  });

  it.each([
    ["exe", "program"],
    ["elf", "program"],
    ["script", "program"],
    ["apk", "program"],
    ["jar", "program"],
    ["html", "markup"],
    ["svg", "markup"],
    ["hiddenScript", "markup"],
    ["binary", "unknown"],
  ] as const)("refuses %s as %s, whatever it is called", async (sample, reason) => {
    expect(await detect(sample, "harmless.pdf")).toEqual({ ok: false, reason });
  });

  it("takes a file of a few bytes as text when it is text", async () => {
    expect(await detectFileType(bytes(new TextEncoder().encode("ok")), "a")).toMatchObject({
      ok: true,
      type: { mime: "text/plain" },
    });
  });

  it("refuses an installer in the Office container and an empty file", async () => {
    expect(await detect("msi", "setup.msi")).toEqual({ ok: false, reason: "program" });
    expect(await detectFileType(bytes(new Uint8Array()), "empty.pdf")).toEqual({ ok: false, reason: "empty" });
  });
});

describe("downloadName", () => {
  it("keeps a name whose extension fits or is harmless, and adds the type's where it would run or render", () => {
    expect(downloadName("Term 1 results.pdf", "application/pdf")).toBe("Term 1 results.pdf");
    expect(downloadName("scan.JPG", "image/jpeg")).toBe("scan.JPG");
    expect(downloadName("report.docx", "application/pdf")).toBe("report.docx");
    expect(downloadName("notes", "text/plain")).toBe("notes.txt");
    expect(downloadName("invoice.html", "application/pdf")).toBe("invoice.html.pdf");
    expect(downloadName("setup.exe", "image/png")).toBe("setup.exe.png");
    expect(downloadName("page.svg", "text/plain")).toBe("page.svg.txt");
  });
});
