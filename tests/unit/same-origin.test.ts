import { describe, expect, it } from "vitest";
import { isCrossOriginWrite } from "../../app/.server/same-origin";

const request = (method: string, headers: Record<string, string>, url = "https://school.example.ng/admin/profile") =>
  new Request(url, { method, headers: { host: "school.example.ng", ...headers } });

describe("isCrossOriginWrite", () => {
  it.each(["GET", "HEAD", "OPTIONS"])("%s is never refused", (method) => {
    expect(isCrossOriginWrite(request(method, { origin: "https://evil.example" }))).toBe(false);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("%s from the app's own origin is allowed", (method) => {
    expect(isCrossOriginWrite(request(method, { origin: "https://school.example.ng" }))).toBe(false);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("%s from another origin is refused", (method) => {
    expect(isCrossOriginWrite(request(method, { origin: "https://evil.example" }))).toBe(true);
  });

  it("another port is another origin", () => {
    expect(isCrossOriginWrite(request("POST", { origin: "https://school.example.ng:8080" }))).toBe(true);
  });

  it("another scheme is another origin", () => {
    expect(isCrossOriginWrite(request("POST", { origin: "http://school.example.ng" }))).toBe(true);
    expect(isCrossOriginWrite(request("POST", { referer: "http://school.example.ng/admin/profile" }))).toBe(true);
  });

  it("the default port written out is the same origin", () => {
    expect(isCrossOriginWrite(request("POST", { origin: "https://school.example.ng:443" }))).toBe(false);
  });

  it("Origin: null (sandboxed frame, data: URL) is refused", () => {
    expect(isCrossOriginWrite(request("POST", { origin: "null" }))).toBe(true);
  });

  it("a malformed Origin is refused", () => {
    expect(isCrossOriginWrite(request("POST", { origin: "not a url" }))).toBe(true);
  });

  it("Origin wins over a same-origin Sec-Fetch-Site", () => {
    expect(
      isCrossOriginWrite(request("POST", { origin: "https://evil.example", "sec-fetch-site": "same-origin" })),
    ).toBe(true);
  });

  it("behind a trusted proxy, X-Forwarded-Proto and X-Forwarded-Host name the app's origin", () => {
    const behindProxy = (headers: Record<string, string>) =>
      request("POST", { host: "127.0.0.1:3000", ...headers }, "http://127.0.0.1:3000/admin/profile");
    const forwarded = { "x-forwarded-host": "school.example.ng", "x-forwarded-proto": "https" };
    expect(isCrossOriginWrite(behindProxy({ ...forwarded, origin: "https://school.example.ng" }))).toBe(false);
    expect(isCrossOriginWrite(behindProxy({ ...forwarded, origin: "http://school.example.ng" }))).toBe(true);
    expect(isCrossOriginWrite(behindProxy({ origin: "https://school.example.ng" }))).toBe(true);
  });

  it("PUBLIC_URL's origin is the app's own, wherever the request arrived", () => {
    const direct = request(
      "POST",
      { host: "127.0.0.1:3000", origin: "https://school.example.ng" },
      "http://127.0.0.1:3000/x",
    );
    expect(isCrossOriginWrite(direct, "https://school.example.ng")).toBe(false);
    expect(isCrossOriginWrite(direct, "https://other.example.ng")).toBe(true);
  });

  it.each([
    ["same-origin", false],
    ["none", false],
    ["same-site", true],
    ["cross-site", true],
  ])("without Origin, Sec-Fetch-Site %s refused=%s", (site, refused) => {
    expect(isCrossOriginWrite(request("POST", { "sec-fetch-site": site }))).toBe(refused);
  });

  it("without Origin or Sec-Fetch-Site, the Referer decides", () => {
    expect(isCrossOriginWrite(request("POST", { referer: "https://school.example.ng/admin/profile" }))).toBe(false);
    expect(isCrossOriginWrite(request("POST", { referer: "https://evil.example/page" }))).toBe(true);
    expect(isCrossOriginWrite(request("POST", { referer: "::garbage" }))).toBe(true);
  });

  it("a request with none of them (curl, a test client) is allowed", () => {
    expect(isCrossOriginWrite(request("POST", {}))).toBe(false);
  });
});
