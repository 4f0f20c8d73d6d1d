import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_RESET_MESSAGES as M } from "../../contract/password-reset";
import { linkIn, startSmtp, type TestSmtp } from "../support/smtp";
import { Browser, normalize, type Page } from "./support/browser";
import { baseUrl, registerSchool, signedIn, type Admin } from "./support/school";
import { startServer } from "./support/server";

/**
 * Password recovery with JavaScript off, on a server of its own whose SMTP_URL is a real SMTP server in this
 * process: "Forgot password?" on the login page, the same answer for any account, the link from the email, a new
 * password, the old sessions gone, and signing in with the new one. The shared server has no SMTP: its form
 * says so.
 */
let smtp: TestSmtp;
let server: Awaited<ReturnType<typeof startServer>>;
let school: Admin;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: "Forms School <no-reply@forms.example.ng>" });
  school = await registerSchool("Recovery", server.base);
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** Asks for a link from the login page's "Forgot password?" and returns the page the request lands on. */
async function askForLink(browser: Browser, uniqueId: string, email: string): Promise<Page> {
  const login = await browser.goto("/choose-account");
  const forgot = await login.follow("Forgot password?");
  expect(forgot.path).toBe("/forgot-password");
  return forgot.form({ button: "Send reset link" }).fill("Unique ID", uniqueId).fill("Email", email).submit();
}

/** The path of the newest reset link emailed to `email` after `before` messages. */
async function mailedLink(email: string, before: number): Promise<string> {
  const mail = await smtp.waitFor((m) => m.to.includes(email.toLowerCase()) && smtp.received.indexOf(m) >= before);
  return new URL(linkIn(mail, `${server.base}/reset-password/`)).pathname;
}

async function logIn(browser: Browser, uniqueId: string, password: string): Promise<Page> {
  const login = await browser.goto("/choose-account");
  return login
    .form({ button: /^Log ?in$/i })
    .fill("Unique ID", uniqueId)
    .fill("Password", password)
    .submit();
}

describe("password recovery without JavaScript", () => {
  it("refuses an empty form with each field's message, and sends nothing", async () => {
    const before = smtp.received.length;
    const page = await new Browser(server.base).goto("/forgot-password");
    const refused = await page.form({ button: "Send reset link" }).fill("Email", "not-an-email").submit();
    expect(refused.status).toBe(400);
    expect(refused.field("Unique ID").description).toBe("Unique ID is required");
    expect(refused.field("Email").description).toBe("Enter a valid email address.");
    expect(refused.field("Email").value).toBe("not-an-email");
    expect(smtp.received.length).toBe(before);
  });

  it("answers an unknown account as a known one, and emails only the known one", async () => {
    const before = smtp.received.length;
    const unknown = await askForLink(new Browser(server.base), school.account.uniqueId, "nobody@forms.example.ng");
    const known = await askForLink(new Browser(server.base), school.account.uniqueId, school.account.email);
    for (const page of [unknown, known]) {
      expect(page.status).toBe(200);
      expect(page.path + page.url.search).toBe("/forgot-password?sent=1");
      expect(normalize(page.text("main"))).toContain(M.requestSent);
    }
    expect(normalize(unknown.text("main"))).toBe(normalize(known.text("main")));
    await mailedLink(school.account.email, before);
    expect(smtp.to("nobody@forms.example.ng")).toEqual([]);
  });

  it("sets a new password through the emailed link: other sessions end, the new password signs in, the link works once", async () => {
    const elsewhere = await signedIn(school, server.base);
    const before = smtp.received.length;
    await askForLink(new Browser(server.base), school.account.uniqueId, school.account.email);
    const path = await mailedLink(school.account.email, before);

    const browser = new Browser(server.base);
    const page = await browser.goto(path);
    expect(page.status).toBe(200);
    expect(page.heading()).toBe("Set a new password");
    expect(normalize(page.text("main"))).toContain(school.account.uniqueId);

    const short = await page.form({ button: "Set new password" }).fill("New password", "short").submit();
    expect(short.status).toBe(400);
    expect(short.field("New password").description).toContain("New password must be at least 8 characters");
    expect(short.field("New password").value).toBe("");

    const done = await short.form({ button: "Set new password" }).fill("New password", "forms-new-pass-1").submit();
    expect(done.path).toBe("/choose-account");
    expect(done.toast()).toBe(M.passwordReset);

    // The session signed in before the reset has ended.
    const away = await elsewhere.goto("/admin/dashboard");
    expect(away.path).toBe("/choose-account");

    expect((await logIn(new Browser(server.base), school.account.uniqueId, school.account.password)).path).toBe(
      "/choose-account",
    );
    expect((await logIn(new Browser(server.base), school.account.uniqueId, "forms-new-pass-1")).path).toBe(
      "/admin/dashboard",
    );
    school.account.password = "forms-new-pass-1";

    const again = await browser.goto(path);
    expect(again.status).toBe(404);
    expect(normalize(again.text("main"))).toContain(M.linkInvalid);
    expect((await again.follow("Ask for a new link")).path).toBe("/forgot-password");
  });

  it("sets one password when the form is sent twice at once; the other send is told the link is used", async () => {
    const before = smtp.received.length;
    await askForLink(new Browser(server.base), school.account.uniqueId, school.account.email);
    const page = await new Browser(server.base).goto(await mailedLink(school.account.email, before));
    const send = (password: string) =>
      page.form({ button: "Set new password" }).fill("New password", password).submit();
    const answers = await Promise.all([send("twice-form-pass-1"), send("twice-form-pass-2")]);
    const won = answers.findIndex((a) => a.path === "/choose-account");
    expect(won).toBeGreaterThanOrEqual(0);
    const lost = answers[1 - won];
    expect(lost.status).toBe(422);
    expect(normalize(lost.text("main"))).toContain(M.linkInvalid);
    const password = won === 0 ? "twice-form-pass-1" : "twice-form-pass-2";
    expect((await logIn(new Browser(server.base), school.account.uniqueId, password)).path).toBe("/admin/dashboard");
  });

  it("lets a teacher set a new password through their link and sign in to the staff area with it", async () => {
    // A school of its own: the main admin's token of the other tests was ended by their resets.
    const own = await registerSchool("Teacher Recovery", server.base);
    const added = await own.api<{ data: { id: number } }>("POST", "/staffs", {
      staff_data: {
        name: "Mr. Obi Eze",
        email: "obi@forms.example.ng",
        phone: "0803 555 3434",
        is_teaching_staff: true,
      },
    });
    expect(added.status).toBe(201);
    expect((await own.api("POST", `/staffs/${added.body.data.id}/sign-in`)).status).toBe(201);
    const before = smtp.received.length;
    await askForLink(new Browser(server.base), own.account.uniqueId, "obi@forms.example.ng");
    const page = await new Browser(server.base).goto(await mailedLink("obi@forms.example.ng", before));
    expect(normalize(page.text("main"))).toContain("your teacher account");
    const done = await page.form({ button: "Set new password" }).fill("New password", "teacher-new-pass").submit();
    expect(done.toast()).toBe(M.passwordReset);
    const staffArea = await done
      .form({ button: /^Log ?in$/i })
      .fill("Unique ID", own.account.uniqueId)
      .fill("Email (sub-admins and teachers)", "obi@forms.example.ng")
      .fill("Password", "teacher-new-pass")
      .submit();
    expect(staffArea.path).toBe("/staff/dashboard");
  });

  it("says a link that was never sent is not valid", async () => {
    const page = await new Browser(server.base).goto(`/reset-password/${"x".repeat(43)}`);
    expect(page.status).toBe(404);
    expect(normalize(page.text("main"))).toContain(M.linkInvalid);
  });
});

describe("password recovery on a server without email", () => {
  it("says plainly that email is not set up and to ask the person who runs the server", async () => {
    const page = await new Browser(baseUrl()).goto("/forgot-password");
    expect(page.status).toBe(200);
    expect(normalize(page.text("main"))).toContain(M.emailNotSetUp);
    expect(page.buttons("Send reset link")).toEqual([]);
  });
});
