import { describe, expect, it } from "vitest";
import { normalize } from "./support/browser";
import { registerSchool, signedIn } from "./support/school";

/**
 * The Content-Security-Policy and the escaping of names with JavaScript off: every page carries the
 * policy, its only scripts are the app's own with the page's nonce, and names typed as markup arrive as
 * text. What a real browser makes of them (no console error, no sideways scroll) is the smoke test in
 * tests/e2e/security.spec.ts.
 */

const MARKUP = "<img src=x onerror=alert(1)>";
const SCRIPT = "</script><script>alert(2)</script>";

describe("Content-Security-Policy without JavaScript", () => {
  it("pages come with the Content-Security-Policy, and names with markup show as text, never as markup", async () => {
    const school = await registerSchool("Policy");
    const student = await school.api("POST", "/students", {
      student_data: { name: `Tobi ${MARKUP}`, selectedClass: "JSS1", gender: "Male", phone_number: "0803 123 4567" },
    });
    expect(student.status, JSON.stringify(student.body)).toBe(201);
    const timetable = await school.api<{ data: { id: number } }>("POST", "/timetables", {
      type: "Regular School Period",
      class: "JSS1",
      session: "2025/2026",
      term: "1st Term",
      venue: `Hall ${SCRIPT}`,
    });
    expect(timetable.status, JSON.stringify(timetable.body)).toBe(201);
    const browser = await signedIn(school);

    const list = await browser.goto("/admin/students");
    const policy = list.headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    const nonce = policy.match(/'nonce-([^']+)'/)![1];
    expect(list.listItems("Students")[0]).toContain(`Tobi ${MARKUP}`);
    expect(list.document.querySelector('img[src="x"], [onerror]')).toBeNull();

    const view = await browser.goto(`/admin/timetable/${timetable.body.data.id}/view`);
    expect(view.text()).toContain(`Hall ${SCRIPT}`);
    expect(view.html).not.toContain("<script>alert(2)");
    // Every script element is the app's own, with this page's nonce: the venue opened none.
    const nonces = [...view.document.querySelectorAll("script")].map((script) => script.getAttribute("nonce"));
    expect(nonces.length).toBeGreaterThan(0);
    const viewNonce = view.headers.get("content-security-policy")!.match(/'nonce-([^']+)'/)![1];
    expect(nonces.every((each) => each === viewNonce)).toBe(true);
    expect(viewNonce).not.toBe(nonce);

    const dashboard = await browser.goto("/admin/dashboard");
    expect(normalize(dashboard.byTestId("school-name")?.textContent)).toBe(school.account.schoolName);
  });
});
