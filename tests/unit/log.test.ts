import { afterEach, describe, expect, it } from "vitest";
import {
  acceptedRequestId,
  blankValues,
  errorFields,
  loggedPath,
  logger,
  newRequestId,
  setLogSink,
} from "../../observability/log";

describe("the JSON logger", () => {
  const lines: string[] = [];
  const previous = setLogSink((line) => lines.push(line));
  afterEach(() => {
    lines.length = 0;
  });

  it("writes one JSON object per line, with time, level and message", () => {
    logger.info("request", { request_id: "abc123def4567890", status: 200 });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({
      level: "info",
      msg: "request",
      request_id: "abc123def4567890",
      status: 200,
      time: expect.any(String),
    });
  });

  it("blanks fields named like secrets, at any depth", () => {
    logger.warn("x", {
      password: "hunter2",
      nested: { Authorization: "Bearer abc", list: [{ session_token: "t" }] },
      apiKey: "k",
      count: 3,
    });
    const line = lines[0];
    for (const secret of ["hunter2", "Bearer abc", '"t"', '"k"']) expect(line).not.toContain(secret);
    expect(JSON.parse(line).count).toBe(3);
  });

  it("logs an error by class, code, a message without its quoted values, and stack frames without the message", () => {
    const error = Object.assign(new Error('invalid input syntax for type integer: "Chidi Okafor"'), { code: "22P02" });
    const fields = errorFields(error) as { error: { name: string; code: string; message: string; stack: string[] } };
    expect(fields.error).toMatchObject({
      name: "Error",
      code: "22P02",
      message: 'invalid input syntax for type integer: "…"',
    });
    expect(fields.error.stack.every((frame) => frame.startsWith("at "))).toBe(true);
    expect(JSON.stringify(fields)).not.toContain("Chidi");
  });

  it.each([
    ["Key (email)=(ada@example.ng) already exists.", "Key (…)=(…) already exists."],
    ["no such column: 'Ngozi'", "no such column: '…'"],
    ["plain words stay", "plain words stay"],
  ])("blankValues(%j)", (message, blanked) => {
    expect(blankValues(message)).toBe(blanked);
  });

  it("logs paths without their query and without long random segments", () => {
    expect(loggedPath("/api/media/0123456789abcdef0123456789abcdef")).toBe("/api/media/:key");
    expect(loggedPath("/admin/update-student/STU-abc123")).toBe("/admin/update-student/STU-abc123");
  });

  it("accepts a caller's request id only when it is short and plain", () => {
    expect(acceptedRequestId("bench-run-12")).toBe("bench-run-12");
    expect(acceptedRequestId("abc")).toBeNull();
    expect(acceptedRequestId('x"\n{"level":"error"}')).toBeNull();
    expect(acceptedRequestId("a".repeat(65))).toBeNull();
    expect(newRequestId()).toMatch(/^[a-f0-9]{16}$/);
  });

  it("restores the default sink", () => {
    setLogSink(previous);
    expect(setLogSink(previous)).toBe(previous);
  });
});
