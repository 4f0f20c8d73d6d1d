import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { commitSession, getSession } from "../../app/.server/session.server";

const context = { sessionSecret: "s".repeat(48) } as AppLoadContext;
const page = (cookie: string) => new Request("http://school.test/admin/students", { headers: { cookie } });

async function sealed(data: { token: string; uniqueId: string }): Promise<string> {
  const session = await getSession(new Request("http://school.test/"), context);
  session.set("token", data.token);
  session.set("uniqueId", data.uniqueId);
  return (await commitSession(new Request("http://school.test/"), context, session)).split(";")[0];
}

/** The sealed session cookie (app/.server/session.server.ts), read by several loaders of one page. */
describe("reading the session", () => {
  it("gives each read its own session: what one loader sets, flashes or unsets, another read does not see", async () => {
    const cookie = await sealed({ token: "tok-1", uniqueId: "SCH-ABC2345" });
    const first = await getSession(page(cookie), context);
    first.set("token", "changed");
    first.unset("uniqueId");
    first.flash("toast", { kind: "success", message: "Saved" });
    const second = await getSession(page(cookie), context);
    expect(second.get("token")).toBe("tok-1");
    expect(second.get("uniqueId")).toBe("SCH-ABC2345");
    expect(second.get("toast")).toBeUndefined();
  });

  it("reads each cookie as itself, an altered one as no session, however often each is read", async () => {
    const cookies = [
      await sealed({ token: "tok-a", uniqueId: "SCH-AAAAAAA" }),
      await sealed({ token: "tok-b", uniqueId: "SCH-BBBBBBB" }),
    ];
    const altered = cookies[0].slice(0, -2) + (cookies[0].endsWith("AA") ? "BB" : "AA");
    for (let round = 0; round < 3; round++) {
      expect((await getSession(page(cookies[0]), context)).get("token")).toBe("tok-a");
      expect((await getSession(page(altered), context)).get("token")).toBeUndefined();
      expect((await getSession(page(cookies[1]), context)).get("token")).toBe("tok-b");
    }
  });

  it("still reads a cookie right after a thousand others were read", async () => {
    const cookie = await sealed({ token: "tok-kept", uniqueId: "SCH-KEPT234" });
    expect((await getSession(page(cookie), context)).get("token")).toBe("tok-kept");
    for (let n = 0; n < 1100; n++) await getSession(page(`${cookie}; other=${n}`), context);
    expect((await getSession(page(cookie), context)).get("token")).toBe("tok-kept");
    expect((await getSession(page(`${cookie}; other=1099`), context)).get("token")).toBe("tok-kept");
  });
});
