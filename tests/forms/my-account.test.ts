import { beforeAll, describe, expect, it } from "vitest";
import { APP_MESSAGES } from "../../contract/messages";
import { SESSION_MESSAGES as M } from "../../contract/sessions";
import { normalize } from "./support/browser";
import { registerSchool, signedIn, type Admin } from "./support/school";

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";

/**
 * The main admin's own account, /super-admin/profile, with JavaScript off: the signed-in devices with their browser
 * and last use, ending one or all the others, and the password change that ends the others too.
 */
let school: Admin;
beforeAll(async () => {
  school = await registerSchool("Account");
});

describe("the main admin's account without JavaScript", () => {
  it("lists the signed-in devices, this one marked, and ends another one", async () => {
    const phone = await signedIn(school, undefined, { "User-Agent": ANDROID_CHROME });
    const browser = await signedIn(school);
    let page = await browser.goto("/admin/dashboard");
    page = await page.follow("My Account", { first: true });
    expect(page.path).toBe("/super-admin/profile");
    expect(page.heading()).toBe("My Account");
    const rows = page.listItems("Sessions");
    expect(rows.some((row) => row.includes("Chrome on Android") && row.includes("Last seen"))).toBe(true);
    expect(rows.filter((row) => row.includes("This device"))).toHaveLength(1);

    page = await page.press(/^End session: Chrome on Android/);
    expect(page.path).toBe("/super-admin/profile");
    expect(page.toast()).toBe(M.ended);
    expect(page.listItems("Sessions").some((row) => row.includes("Chrome on Android"))).toBe(false);
    expect((await phone.goto("/admin/dashboard")).path).toBe("/choose-account");
  });

  it("ends every other session, the API token included, and keeps this one", async () => {
    const other = await signedIn(school);
    const browser = await signedIn(school);
    let page = await browser.goto("/super-admin/profile");
    page = await page.press("End all other sessions");
    expect(page.toast()).toBe(M.othersEnded);
    expect(page.listItems("Sessions")).toHaveLength(1);
    expect(normalize(page.text("main"))).toContain("No other device is signed in.");
    expect((await other.goto("/admin/dashboard")).path).toBe("/choose-account");
    expect((await school.api("GET", "/dashboard")).status).toBe(401);
    expect((await browser.goto("/admin/dashboard")).path).toBe("/admin/dashboard");
  });

  it("changes the password with the current one, ending the other sessions", async () => {
    const other = await signedIn(school);
    const browser = await signedIn(school);
    let page = await browser.goto("/super-admin/profile");
    page = await page
      .form({ button: "Change Password" })
      .fill("Current password", "not-the-password")
      .fill("New password", "account-new-pass")
      .submit();
    expect(page.status).toBe(422);
    expect(page.field("Current password").description).toBe(APP_MESSAGES.wrongCurrentPassword);
    expect(page.field("Current password").value).toBe("");

    page = await page
      .form({ button: "Change Password" })
      .fill("Current password", school.account.password)
      .fill("New password", "account-new-pass")
      .submit();
    expect(page.path).toBe("/super-admin/profile");
    expect(page.toast()).toBe(APP_MESSAGES.passwordChanged);
    school.account.password = "account-new-pass";
    expect((await other.goto("/admin/dashboard")).path).toBe("/choose-account");
    expect((await browser.goto("/admin/dashboard")).path).toBe("/admin/dashboard");
    expect((await signedIn(school)).cookie("__session")).toBeTruthy();
  });
});
