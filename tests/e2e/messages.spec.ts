import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { MESSAGE_MESSAGES as M } from "../../contract/parent-messages";
import { expectAccessible } from "./support/axe";
import { schoolWithTeacher, teacherLogIn } from "./support/staff";

/**
 * Messages to parents in Chromium. Without JavaScript at 360 px, tagged `@no-js`: the form teacher opens Parent
 * Communication, is told what is missing, writes to their class and reads the delivery log (this server has no
 * email or SMS set up: the message is kept as not sent), checked with axe at each state. With JavaScript, the `js`
 * smoke: the admin's 'Show students' and send without reloading the page. The behaviours, message by message, are
 * form tests over HTTP (tests/forms/messages.test.ts) and API tests (tests/api/messages.test.ts).
 */

const toast = (page: Page) => page.getByTestId("toast");

async function withParent(call: (method: string, path: string, data?: unknown) => Promise<Record<string, string>>) {
  const students = (await call("GET", "/students?class=JSS1")) as unknown as { data: Array<{ unique_id: string }> };
  await call("POST", "/stu-parents", {
    parent_data: {
      name: "Mrs. Ngozi Okafor",
      email: "ngozi@parents.ng",
      phone: "0803 555 0101",
      children: [students.data[0].unique_id],
    },
  });
}

test(
  "no-js smoke: the form teacher writes to their class's parents and reads the delivery log",
  { tag: "@no-js" },
  async ({ page }) => {
    const { admin, teacher, call } = await schoolWithTeacher(page, page.request, "MessagesNoJs");
    await withParent(call);
    await teacherLogIn(page, admin, teacher);
    await page.goto("/staff/ptc");
    await expect(page.getByRole("heading", { level: 1, name: "Messages to Parents" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "New Message" }).click();
    await expect(page).toHaveURL(/\/staff\/ptc\/new$/);
    await page.getByLabel("Class").selectOption("JSS1");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText(M.bodyRequired)).toBeVisible();
    await expect(page.getByLabel("Class")).toHaveValue("JSS1");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page);
    await page.getByLabel("Message").fill("Our class trip is on Thursday; pupils bring a packed lunch.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/staff\/ptc\/\d+$/);
    await expect(toast(page)).toHaveText(M.noChannel);
    await expect(page.getByRole("status")).toHaveText(
      "Not sent: no channel set up (0 of 1 sent, 1 failed, 1 not reachable)",
    );
    await expect(page.getByText("Mrs. Ngozi Okafor")).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("messages-360.png"), fullPage: true });
    await expectAccessible(page);
  },
);

test("js smoke: the admin picks students with 'Show students' and sends, without reloading the page", async ({
  page,
}) => {
  const { call } = await schoolWithTeacher(page, page.request, "MessagesJs");
  await withParent(call);
  await page.goto("/admin/messages/new");
  await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
  await page.getByLabel("Send to").selectOption("students");
  await page.getByLabel("Class").selectOption("JSS1");
  await page.getByLabel("Message").fill("Report cards are ready.");
  await page.getByRole("button", { name: "Show students" }).click();
  const students = page.getByRole("group", { name: "Students" });
  await expect(students.getByRole("checkbox")).toHaveCount(2);
  await expect(page.getByLabel("Message")).toHaveValue("Report cards are ready.");
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: test.info().outputPath("message-form-360.png"), fullPage: true });
  await students.getByRole("checkbox").first().check();
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/admin\/messages\/\d+$/);
  await expect(toast(page)).toHaveText(M.noChannel);
  await expectAccessible(page);
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
});
