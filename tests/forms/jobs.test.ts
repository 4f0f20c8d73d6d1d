import { beforeAll, describe, expect, it } from "vitest";
import { xlsxFile } from "../api/spreadsheets";
import { Browser } from "./support/browser";
import { baseUrl, registerSchool, signedIn, type Admin } from "./support/school";

/**
 * The school's background jobs page with JavaScript off: reached from Settings by the main admin, its
 * state chips and pages are links, and a sub-admin is refused it even holding the settings key.
 */
describe("background jobs without JavaScript", () => {
  let school: Admin;
  let other: Admin;

  /** Each import check queues the school's sweep for when the check's hour is up. */
  async function checkAFile(admin: Admin) {
    const form = new FormData();
    form.set(
      "file",
      xlsxFile([
        ["Student Name", "Class", "Gender"],
        ["Ada Obi", "JSS1", "Female"],
      ]),
    );
    const res = await admin.api("POST", "/imports/students", form);
    expect(res.status).toBe(201);
  }

  beforeAll(async () => {
    school = await registerSchool("Jobs");
    other = await registerSchool("JobsOther");
    for (let n = 0; n < 21; n++) await checkAFile(school);
  });

  it("the main admin opens the jobs from Settings: each job's state and times, in pages of 20, filtered by state", async () => {
    const browser = await signedIn(school);
    let page = await browser.goto("/admin/settings");
    page = await page.follow("Background Jobs");
    expect(page.path).toBe("/admin/settings/jobs");
    expect(page.heading()).toBe("Background Jobs");
    const jobs = page.listItems("Background jobs");
    expect(jobs).toHaveLength(20);
    expect(jobs[0]).toMatch(/^Remove expired import checks\s?Queued\s?Added .+Runs after .+Attempts: 0$/);

    page = await page.follow(/Next/);
    expect(page.listItems("Background jobs")).toHaveLength(1);

    page = await page.follow("Failed");
    expect(page.path + page.url.search).toBe("/admin/settings/jobs?state=failed");
    expect(page.listItems("Background jobs")).toEqual([]);
    expect(page.text("main")).toContain("No failed jobs");
    page = await page.follow("Queued");
    expect(page.listItems("Background jobs")).toHaveLength(20);

    // Another school's jobs are its own.
    const otherPage = await (await signedIn(other)).goto("/admin/settings/jobs");
    expect(otherPage.status).toBe(200);
    expect(otherPage.listItems("Background jobs")).toEqual([]);
    expect(otherPage.text("main")).toContain("No background jobs yet");
  });

  it("a sub-admin holding the settings key has no link to the jobs and gets the 403 page there", async () => {
    const email = `jobs.sub.${Date.now()}@school.ng`;
    const added = await school.api<{ data: { password: string } }>("POST", "/sub-admins", {
      name: "Settings Helper",
      email,
      phone: "0803 000 0000",
      features: ["settings"],
    });
    expect(added.status).toBe(201);
    const browser = new Browser(baseUrl());
    await (await browser.goto("/choose-account"))
      .form({ button: "Login" })
      .fill("Unique ID", school.account.uniqueId)
      .fill("Email (sub-admins and teachers)", email)
      .fill("Password", added.body.data.password)
      .submit("Login");
    const settings = await browser.goto("/admin/settings");
    expect(settings.status).toBe(200);
    expect(settings.links("Background Jobs")).toHaveLength(0);
    const denied = await browser.goto("/admin/settings/jobs");
    expect(denied.status).toBe(403);
    expect(denied.heading()).toBe("Access denied");
  });
});
