import { describe, expect, it } from "vitest";
import { clientAddress } from "../../server/proxy";

const forwarded = () =>
  new Headers({
    "x-forwarded-for": "10.9.9.9, 203.0.113.7, 198.51.100.2",
    "x-forwarded-host": "school.example.ng",
    "x-forwarded-proto": "https",
    forwarded: "for=10.9.9.9",
  });

describe("clientAddress", () => {
  it("without a trusted proxy: the connection's address, and every forwarded header dropped", () => {
    const headers = forwarded();
    expect(clientAddress(headers, "192.0.2.1", 0)).toBe("192.0.2.1");
    expect([...headers.keys()]).toEqual([]);
  });

  it("with one trusted proxy: the entry it appended, whatever the client put before it", () => {
    const headers = forwarded();
    expect(clientAddress(headers, "192.0.2.1", 1)).toBe("198.51.100.2");
    expect(headers.get("x-forwarded-host")).toBe("school.example.ng");
  });

  it("with two: the entry the outer one appended", () => {
    expect(clientAddress(forwarded(), "192.0.2.1", 2)).toBe("203.0.113.7");
  });

  it("more proxies trusted than entries: the first entry; none at all: the connection", () => {
    expect(clientAddress(forwarded(), "192.0.2.1", 5)).toBe("10.9.9.9");
    expect(clientAddress(new Headers(), "192.0.2.1", 1)).toBe("192.0.2.1");
  });
});
