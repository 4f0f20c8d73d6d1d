import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELIVERY_REASONS, MESSAGE_MESSAGES as M } from "../../contract/parent-messages";
import { startSmtp, type TestSmtp } from "../support/smtp";
import { startTermii, type TestTermii } from "../support/termii";
import type { Browser, Page } from "./support/browser";
import { emailLogin, registerSchool, signedIn, type Admin } from "./support/school";
import { startServer } from "./support/server";

/**
 * Messages to parents with JavaScript off, on a server of its own whose SMTP_URL is a real SMTP server and whose
 * TERMII_BASE_URL a local server speaking Termii's Send Message, both in this process: the form's messages beside
 * their fields with the input kept, 'Show students', a double submit, the delivery log's progress by reloading,
 * a teacher's /staff/ptc for their own class, and the daily SMS limit.
 */
let smtp: TestSmtp;
let termii: TestTermii;
let server: Awaited<ReturnType<typeof startServer>>;
let school: Admin;
let admin: Browser;
/** Ada Obi's Unique ID: her report card is linked. */
let ada = "";

const messages = async () =>
  (await school.api<{ data: { total: number; data: Array<{ id: number }> } }>("GET", "/messages")).body.data;

beforeAll(async () => {
  smtp = await startSmtp();
  termii = await startTermii();
  server = await startServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Forms School <no-reply@forms.example.ng>",
    TERMII_API_KEY: termii.apiKey,
    TERMII_SENDER_ID: "FormsSch",
    TERMII_BASE_URL: termii.baseUrl,
  });
  school = await registerSchool("Messages", server.base);
  await school.api("POST", "/school-settings", {
    school_settings: {
      sections: ["Junior"],
      classes: [
        { class_name: "JSS1", section: "Junior", subjects: ["Mathematics"] },
        { class_name: "JSS2", section: "Junior", subjects: ["Mathematics"] },
      ],
    },
  });
  for (const [name, cls, parent, email, phone] of [
    ["Ada Obi", "JSS1", "Mrs. Obi", "obi@forms.ng", "0803 111 0001"],
    ["Bayo Ade", "JSS1", "Mr. Ade", "ade@forms.ng", "0803 111 0002"],
    ["Dayo Uche", "JSS2", "Mrs. Uche", "uche@forms.ng", "0803 111 0003"],
  ]) {
    const student = await school.api<{ data: { unique_id: string } }>("POST", "/students", {
      student_data: { name, selectedClass: cls, gender: "Female", phone_number: "0803 123 4567" },
    });
    if (name === "Ada Obi") ada = student.body.data.unique_id;
    await school.api("POST", "/stu-parents", {
      parent_data: { name: parent, email, phone, children: [student.body.data.unique_id] },
    });
  }
  admin = await signedIn(school, server.base);
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await termii?.close();
});

/** Follows "Refresh" until nothing is queued any more. */
async function settled(page: Page): Promise<Page> {
  const deadline = Date.now() + 20_000;
  while (page.links("Refresh").length) {
    if (Date.now() > deadline) throw new Error(`still sending: ${page.text("main")}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    page = await page.follow("Refresh");
  }
  return page;
}

describe("messages to parents without JavaScript", () => {
  it("refuses a form without a message or a channel: each message beside its field, the rest kept, nothing written", async () => {
    const page = await admin.goto("/admin/messages/new");
    expect(page.heading()).toBe("New Message");
    const refused = await page
      .form({ button: "Send Message" })
      .select("Send to", "A class")
      .select("Class", "JSS1")
      .uncheck("Email")
      .submit("Send Message");
    expect(refused.status).toBe(400);
    expect(refused.field("Message").description).toContain(M.bodyRequired);
    expect(refused.groupDescription("Send by")).toContain(M.channelsRequired);
    expect(refused.field("Class").value).toBe("JSS1");
    expect(refused.field("Send to").value).toBe("class");
    expect((await messages()).total).toBe(0);
  });

  it("the API's refusal (no class for a class) comes back beside the field with the text kept (422)", async () => {
    const page = await admin.goto("/admin/messages/new");
    const refused = await page
      .form({ button: "Send Message" })
      .select("Send to", "A class")
      .fill("Message", "Sports day is on Friday.")
      .submit("Send Message");
    expect(refused.status).toBe(422);
    expect(refused.field("Class").description).toContain(M.classRequired);
    expect(refused.field("Message").value).toBe("Sports day is on Friday.");
    expect((await messages()).total).toBe(0);
  });

  it("'Show students' lists the class to tick; the message goes to the chosen parent and the log shows its progress", async () => {
    let page = await admin.goto("/admin/messages/new");
    page = await page
      .form({ button: "Send Message" })
      .select("Send to", "Chosen students")
      .select("Class", "JSS1")
      .fill("Message", "Project due on Monday.")
      .submit("Show students");
    expect(page.status).toBe(200);
    expect(page.field("Message").value).toBe("Project due on Monday.");
    page = await page.form({ button: "Send Message" }).check("Ada Obi").check("SMS").submit("Send Message");
    expect(page.path).toMatch(/^\/admin\/messages\/\d+$/);
    expect(page.toast()).toBe(M.queued);
    page = await settled(page);
    expect(page.text('[role="status"]')).toBe("Sent (2 of 2 sent)");
    expect(page.text("main")).toContain("Mrs. Obi");
    expect(page.text("main")).toContain("+2348031110001");
    expect(page.text("main")).not.toContain("Mr. Ade");
    await smtp.waitFor((m) => m.to.includes("obi@forms.ng") && m.text.includes("Project due"));
    expect(termii.requests.find((r) => String(r.sms).includes("Project due"))).toMatchObject({
      to: ["2348031110001"],
      from: "FormsSch",
      channel: "dnd",
    });
    const list = await admin.goto("/admin/messages");
    expect(list.text("main")).toContain("2 of 2 sent");
  });

  it("the same form sent twice at once makes one message", async () => {
    const before = (await messages()).total;
    const page = await admin.goto("/admin/messages/new");
    const form = page
      .form({ button: "Send Message" })
      .select("Send to", "A class")
      .select("Class", "JSS2")
      .fill("Message", "Twice");
    const [a, b] = await Promise.all([form.submit("Send Message"), form.submit("Send Message")]);
    expect(a.path).toBe(b.path);
    expect((await messages()).total).toBe(before + 1);
  });

  it("a message that is not there, or another school's, is the 404 page inside the admin menu", async () => {
    const other = await registerSchool("OtherMessages", server.base);
    await other.api("POST", "/students", {
      student_data: { name: "Their Pupil", selectedClass: "JSS1", gender: "Male", phone_number: "0803 123 4567" },
    });
    const theirs = await other.api<{ data: { id: number } }>("POST", "/messages", {
      audience: "school",
      channels: ["email"],
      body: "Theirs",
    });
    expect(theirs.status).toBe(201);
    for (const path of ["/admin/messages/999999", `/admin/messages/${theirs.body.data.id}`]) {
      const page = await admin.goto(path);
      expect(page.status, page.text("main").slice(0, 300)).toBe(404);
      expect(page.document.querySelector('nav[aria-label="Admin menu"]')).not.toBeNull();
    }
  });

  it("a teacher writes to their own class at /staff/ptc and sees only their messages", async () => {
    const added = await school.api<{ data: { id: number } }>("POST", "/staffs", {
      staff_data: {
        name: "Mrs. Funke Bello",
        email: "funke@messages.ng",
        phone: "0806 111 2001",
        is_teaching_staff: true,
        form_teacher: "JSS2",
      },
    });
    const on = await school.api<{ data: { email: string; password: string } }>(
      "POST",
      `/staffs/${added.body.data.id}/sign-in`,
    );
    const { browser } = await emailLogin(school, on.body.data.email, on.body.data.password, server.base);
    let page = await browser.goto("/staff/ptc");
    expect(page.heading()).toBe("Messages to Parents");
    expect(page.listItems("Messages")).toEqual([]);
    page = await page.follow("New Message");
    expect(page.path).toBe("/staff/ptc/new");
    const classes = [...page.control("Class").querySelectorAll("option")].map((o) => o.textContent);
    expect(classes).toEqual(["Choose a class", "JSS2"]);
    page = await page
      .form({ button: "Send Message" })
      .select("Class", "JSS2")
      .fill("Message", "JSS2 goes on an excursion.")
      .submit("Send Message");
    expect(page.path).toMatch(/^\/staff\/ptc\/\d+$/);
    page = await settled(page);
    expect(page.text("main")).toContain("Mrs. Uche");
    page = await browser.goto("/staff/ptc");
    expect(page.listItems("Messages")).toHaveLength(1);
  });

  it("a message with report card links: each opens that card's PDF; a link that opens nothing is the 404 page", async () => {
    const overview = await school.api<{ data: { term: string; session: string } }>("GET", "/fees/overview");
    const { term, session } = overview.body.data;
    const query = `class=JSS1&subject=Mathematics&term=${encodeURIComponent(term)}&year=${encodeURIComponent(session)}`;
    await school.api("PUT", `/results/sheet?${query}`, { rows: [{ student_id: ada, scores: { Exam: 50 } }] });
    const published = await school.api("POST", "/results/publication", {
      class: "JSS1",
      term,
      session,
      result: "terminal",
      published: true,
    });
    expect(published.status).toBe(200);
    let page = await admin.goto("/admin/messages/new");
    page = await page
      .form({ button: "Send Message" })
      .select("Send to", "A class")
      .select("Class", "JSS1")
      .check(M.reportCardsLabel)
      .fill("Message", "Report cards are out")
      .submit("Send Message");
    await settled(page);
    const mail = await smtp.waitFor((m) => m.to.includes("obi@forms.ng") && m.text.includes("Report cards are out"));
    const link = new RegExp(`Report card of Ada Obi: ${server.base}(/report-card/[A-Za-z0-9_-]{43})`).exec(mail.text);
    expect(link).not.toBeNull();
    const pdf = await fetch(`${server.base}${link![1]}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const gone = await admin.goto(`/report-card/${"x".repeat(43)}`);
    expect(gone.path).toBe(`/report-card/${"x".repeat(43)}/not-found`);
    expect(gone.status).toBe(404);
    expect(gone.text()).toContain(M.reportCardLinkGone);
  });

  it("the main admin sets the daily SMS limit and receipts; a wrong number is refused beside the field; past it SMS fail", async () => {
    let page = await admin.goto("/admin/messages");
    page = await page.follow("Message settings");
    expect(page.heading()).toBe("Message Settings");
    const refused = await page.form({ button: "Save" }).fill("SMS a day", "lots").submit("Save");
    expect(refused.status).toBe(400);
    expect(refused.field("SMS a day").description).toContain(M.capInvalid);
    expect(refused.field("SMS a day").value).toBe("lots");
    page = await refused
      .form({ button: "Save" })
      .fill("SMS a day", "0")
      .check(M.receiptsLabel)
      .check(M.decisionsLabel)
      .submit("Save");
    expect(page.toast()).toBe(M.capSaved);
    expect(page.field("SMS a day").value).toBe("0");
    expect(page.field(M.receiptsLabel).checked).toBe(true);
    expect(page.field(M.decisionsLabel).checked).toBe(true);
    const settings = await school.api<{ data: { payment_receipts: boolean; applicant_decisions: boolean } }>(
      "GET",
      "/message-settings",
    );
    expect(settings.body.data).toMatchObject({ payment_receipts: true, applicant_decisions: true });
    page = await admin.goto("/admin/messages/new");
    page = await page
      .form({ button: "Send Message" })
      .select("Send to", "A class")
      .select("Class", "JSS1")
      .uncheck("Email")
      .check("SMS")
      .fill("Message", "Over the limit")
      .submit("Send Message");
    page = await settled(page);
    expect(page.text('[role="status"]')).toBe("Not sent (0 of 2 sent, 2 failed)");
    expect(page.text("main")).toContain(DELIVERY_REASONS.capReached);
  });
});
