import { beforeAll, describe, expect, it } from "vitest";
import { ERASE_REMOVES, STUDENT_MESSAGES } from "../../contract/students";
import { Browser } from "./support/browser";
import { baseUrl, registerSchool, signedIn, type Admin } from "./support/school";

/**
 * A student's data on request with JavaScript off: the download is a plain link (the student's page and the
 * backlog row), the erasure a confirm page saying what is removed and what is kept. One school for the file.
 */

let school: Admin;
let serial = 0;

async function addStudent(name: string, backlog?: "Graduated" | "Expelled") {
  const added = await school.api<{ data: { unique_id: string } }>("POST", "/students", {
    student_data: { name, selectedClass: "JSS1", gender: "Female", phone_number: `0803 222 ${1000 + serial++}` },
  });
  expect(added.status).toBe(201);
  const id = added.body.data.unique_id;
  if (backlog) expect((await school.api("POST", `/students/${id}/backlog`, { reason: backlog })).status).toBe(200);
  return id;
}

beforeAll(async () => {
  school = await registerSchool("StudentData");
});

describe("a student's data without JavaScript", () => {
  it("the student's page and the backlog row link to the download, which answers the archive", async () => {
    const current = await addStudent("Ifeoma Eze");
    const browser = await signedIn(school);
    const page = await browser.goto(`/admin/update-student/${current}`);
    const href = page.href(STUDENT_MESSAGES.downloadData);
    expect(href).toBe(`/admin/student-data/${current}/download`);
    const download = await page.follow(STUDENT_MESSAGES.downloadData);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/gzip");
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="student-data-${current}.tar.gz"`);
    expect(download.bytes!.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));

    const former = await addStudent("Obinna Eze", "Graduated");
    const backlog = await browser.goto("/admin/students-backlog");
    expect(backlog.href(STUDENT_MESSAGES.downloadData)).toBe(`/admin/student-data/${former}/download`);
  });

  it("a student who is not the school's leads to the 404 page inside the admin shell", async () => {
    const browser = await signedIn(school);
    const page = await browser.goto("/admin/student-data/STU-NOSUCHONE/download");
    expect(page.status).toBe(404);
    expect(page.path).toBe("/admin/student-data/STU-NOSUCHONE/not-found");
    expect(page.document.querySelector('nav[aria-label="Admin menu"]')).not.toBeNull();
  });

  it("erases a former student after a confirm page naming what is removed and what is kept", async () => {
    const former = await addStudent("Zainab Bello", "Expelled");
    const browser = await signedIn(school);
    const backlog = await browser.goto("/admin/students-backlog?reason=Expelled");
    let page = await backlog.follow(STUDENT_MESSAGES.eraseData);
    expect(page.path).toBe(`/admin/student-data/${former}/erase`);
    expect(page.heading()).toBe(STUDENT_MESSAGES.eraseData);
    for (const part of ERASE_REMOVES) expect(page.text()).toContain(part);
    expect(page.text()).toContain(STUDENT_MESSAGES.eraseKept);
    expect(page.text()).toContain(STUDENT_MESSAGES.eraseQuestion);

    const cancelled = await page.follow("Cancel");
    expect(cancelled.path + cancelled.url.search).toBe("/admin/students-backlog?reason=Expelled");
    expect((await school.api("GET", `/students/${former}/classes`)).status).toBe(200);

    page = await cancelled.follow(STUDENT_MESSAGES.eraseData);
    const twice = await Promise.all([
      page.press(STUDENT_MESSAGES.eraseConfirm),
      page.press(STUDENT_MESSAGES.eraseConfirm),
    ]);
    for (const done of twice) {
      expect(done.path + done.url.search).toBe("/admin/students-backlog?reason=Expelled");
      expect(done.toast()).toBe(STUDENT_MESSAGES.erased);
    }
    expect(twice[0].text()).toContain("No former students for this reason");
    expect((await school.api("GET", `/students/${former}/classes`)).status).toBe(404);
  });

  it("a current student's erase page refuses, with no button", async () => {
    const current = await addStudent("Still Enrolled");
    const browser = await signedIn(school);
    const page = await browser.goto(`/admin/student-data/${current}/erase`);
    expect(page.text()).toContain(STUDENT_MESSAGES.eraseCurrentRefused);
    expect(page.buttons(STUDENT_MESSAGES.eraseConfirm)).toHaveLength(0);
  });

  it("a sub-admin holding the students key sees no link and gets the 403 page", async () => {
    const former = await addStudent("Hidden From Clerk", "Graduated");
    const added = await school.api<{ data: { email: string; password: string } }>("POST", "/sub-admins", {
      name: "Students Clerk",
      email: "clerk@student-data.test",
      phone: "0803 000 0000",
      features: ["students"],
    });
    const browser = new Browser(baseUrl());
    await (await browser.goto("/choose-account"))
      .form({ button: "Login" })
      .fill("Unique ID", school.account.uniqueId)
      .fill("Email (sub-admins and teachers)", "clerk@student-data.test")
      .fill("Password", added.body.data.password)
      .submit("Login");
    const backlog = await browser.goto("/admin/students-backlog");
    expect(backlog.text()).toContain("Hidden From Clerk");
    expect(backlog.links(STUDENT_MESSAGES.downloadData)).toHaveLength(0);
    expect(backlog.links(STUDENT_MESSAGES.eraseData)).toHaveLength(0);
    expect((await browser.goto(`/admin/student-data/${former}/erase`)).status).toBe(403);
    const posted = await browser.request("POST", `/admin/student-data/${former}/erase`, new URLSearchParams());
    expect(posted.status).toBe(403);
    expect((await school.api("GET", `/students/${former}/classes`)).status).toBe(200);
  });
});
