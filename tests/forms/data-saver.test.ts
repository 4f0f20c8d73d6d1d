import { describe, expect, it } from "vitest";
import type { Page } from "./support/browser";
import { registerSchool, signedIn } from "./support/school";

/**
 * Data saver with JavaScript off: the switch is a plain form, and with it on every page arrives without
 * a single script while its forms still work.
 */

/** What the page's HTML makes the browser run: script elements and module preloads. */
const scriptsIn = (page: Page) => (page.html.match(/<script\b|rel="modulepreload"/g) ?? []).length;

/** The switch in the profile's Data saver section, and the one in the shell's menu. */
const PROFILE_SWITCH = 'main form[action="/data-saver"]';
const MENU_SWITCH = 'header details form[action="/data-saver"]';

describe("Data saver without JavaScript", () => {
  it("serves pages with no JavaScript, and everything still works", async () => {
    const school = await registerSchool("Saver");
    const browser = await signedIn(school);
    expect(scriptsIn(await browser.goto("/admin/dashboard"))).toBeGreaterThan(0);

    let page = await browser.goto("/admin/profile");
    page = await page.form({ selector: PROFILE_SWITCH }).submit("Data saver: Off");
    expect(page.path).toBe("/admin/profile");
    expect(page.form({ selector: PROFILE_SWITCH }).button("Data saver: On").getAttribute("aria-pressed")).toBe("true");

    for (const path of [
      "/admin/profile",
      "/admin/dashboard",
      "/admin/students",
      "/admin/time-table",
      "/admin/settings",
    ]) {
      const visited = await browser.goto(path);
      expect(visited.path, path).toBe(path);
      expect(scriptsIn(visited), `${path} sends scripts with data saver on`).toBe(0);
    }

    // A real action without scripts: the school's name is saved and the toast arrives with the next page.
    page = await browser.goto("/admin/profile");
    page = await page
      .form({ button: "Save Changes" })
      .fill("School Name", `${school.account.schoolName} Annex`)
      .submit("Save Changes");
    expect(page.toast()).toBe("Profile updated successfully!");
    expect(page.field("School Name").value).toBe(`${school.account.schoolName} Annex`);
    expect(scriptsIn(page)).toBe(0);
    const saved = await school.api<{ data: Array<{ admin_data: { school_name: string } }> }>("GET", "/adminData");
    expect(saved.body.data[0].admin_data.school_name).toBe(`${school.account.schoolName} Annex`);

    // The switch in the shell's menu turns it off again.
    page = await (await browser.goto("/admin/dashboard")).form({ selector: MENU_SWITCH }).submit("Data saver: On");
    expect(page.path).toBe("/admin/dashboard");
    expect(scriptsIn(page)).toBeGreaterThan(0);
  });

  it("a browser that asks to save data gets no scripts until its user chooses, and the choice is kept", async () => {
    const school = await registerSchool("Lite Mode");
    const saving = await signedIn(school, undefined, { "Save-Data": "on" });
    let page = await saving.goto("/admin/dashboard");
    expect(page.headers.get("vary")).toContain("Save-Data");
    expect(scriptsIn(page)).toBe(0);
    page = await saving.goto("/admin/profile");
    expect(page.text(`${PROFILE_SWITCH} button`)).toBe("Data saver: On");
    expect(page.text(`${PROFILE_SWITCH} p`)).toBe("On because your browser asks to save data.");
    // Turned off, it stays off though the browser still asks.
    page = await page.form({ selector: PROFILE_SWITCH }).submit("Data saver: On");
    expect(scriptsIn(page)).toBeGreaterThan(0);
    expect(page.text(PROFILE_SWITCH)).toBe("Data saver: Off");
    expect(scriptsIn(await saving.goto("/admin/students"))).toBeGreaterThan(0);
    // And back on by choice: no note of the browser's.
    page = await (await saving.goto("/admin/profile")).form({ selector: PROFILE_SWITCH }).submit("Data saver: Off");
    expect(scriptsIn(page)).toBe(0);
    expect(page.text(PROFILE_SWITCH)).toBe("Data saver: On");

    // A browser that does not ask gets the scripts.
    const plain = await signedIn(school);
    expect(scriptsIn(await plain.goto("/admin/dashboard"))).toBeGreaterThan(0);
  });
});
