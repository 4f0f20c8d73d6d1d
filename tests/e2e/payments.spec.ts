import type { Browser, Page } from "@playwright/test";
import { startServer } from "../forms/support/server";
import { expectAccessible } from "./support/axe";
import { apiToken, logIn, registerSchoolViaApi } from "./support/school";
import { expect, test as base } from "./support/test";

/**
 * Money in through the test checkout (PAYMENTS_SANDBOX=1), in Chromium at 360 px, on a build of its own started for
 * these tests: an applicant pays the application fee, and a parent pays school fees by the link the admin made, then
 * the admin finds the payment on the Online Payments page. Each runs with JavaScript (`js`) and without (`no-js`).
 * The behaviours are form tests (tests/forms/payments.test.ts, tests/forms/pay-links.test.ts) and API tests.
 */
const test = base.extend<object, { sandbox: string }>({
  sandbox: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from its first argument
    async ({}, provide) => {
      const server = await startServer({ PAYMENTS_SANDBOX: "1" });
      await provide(server.base);
      await server.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ sandbox }, provide) => provide(sandbox),
});

/** A page of its own, signed out, as the payer's phone. */
async function payerPage(browser: Browser, baseURL: string, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL, javaScriptEnabled });
  return context.newPage();
}

async function applyWithFee(page: Page, browser: Browser, baseURL: string, js: boolean) {
  const account = await registerSchoolViaApi(page.request, "Checkout");
  const token = await apiToken(page.request, account);
  const made = await page.request.post(`/api/admin/${account.uniqueId}/create-admission-form`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { title: "Paid Entrance", amount: 2500, status: "active" },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { public_id: publicId } = (await made.json()).data as { public_id: string };

  const applicant = await payerPage(browser, baseURL, js);
  await applicant.goto(`/apply/${publicId}`);
  await applicant.getByLabel("Surname").fill("Bassey");
  await applicant.getByLabel("First name").fill("Edidiong");
  await applicant.getByLabel("Date of birth").fill("2014-03-09");
  await applicant.getByLabel("Gender").selectOption("Female");
  await applicant.getByLabel("Home address").fill("9 Marian Road, Calabar");
  await applicant.getByLabel("Phone number").fill("0803 777 8899");
  await applicant.getByLabel("Email address").fill("bassey@example.ng");
  await applicant.getByLabel("Class applying into").selectOption("JSS1");
  await applicant.getByLabel("Parent or guardian's name").fill("Mrs. Bassey");
  await applicant.getByLabel("Relationship to applicant").fill("Mother");
  await applicant.getByRole("button", { name: "Submit Application" }).click();
  await expect(applicant).toHaveURL(/\/pay\/test\/APP-/);
  await expect(applicant.getByText("TEST CHECKOUT: no money moves.")).toBeVisible();
  await expect(applicant.getByRole("heading", { level: 1, name: "Pay ₦2,500.00" })).toBeVisible();
  await expectAccessible(applicant);
  await applicant.getByRole("button", { name: "Succeed the payment" }).click();
  await expect(
    applicant.getByRole("heading", { level: 1, name: "Your application has been submitted." }),
  ).toBeVisible();
  await expect(applicant.getByTestId("payment-status")).toHaveText("Paid online");
  await applicant.context().close();
}

async function payByLink(page: Page, browser: Browser, baseURL: string, js: boolean) {
  const account = await registerSchoolViaApi(page.request, "PayLink");
  const token = await apiToken(page.request, account);
  const auth = { Authorization: `Bearer ${token}` };
  const { term, session } = (
    await (await page.request.get(`/api/admin/${account.uniqueId}/fees/overview`, { headers: auth })).json()
  ).data as { term: string; session: string };
  const fee = await page.request.post(`/api/admin/${account.uniqueId}/fees/fee-settings`, {
    headers: auth,
    data: { name: "Tuition", amount: 18000, applies_to: "all", term, session, compulsory: true },
  });
  expect(fee.status(), await fee.text()).toBe(201);
  const student = await page.request.post(`/api/admin/${account.uniqueId}/students`, {
    headers: auth,
    data: { student_data: { name: "Obinna Eze", selectedClass: "JSS2", gender: "Male", phone_number: "08031112233" } },
  });
  expect(student.status(), await student.text()).toBe(201);
  const { unique_id: studentId } = (await student.json()).data as { unique_id: string };

  await logIn(page, account);
  await page.goto(`/admin/school-fees/students/${studentId}`);
  await expect(page.getByLabel("Amount to ask (₦)")).toHaveValue("18000");
  await page.getByRole("button", { name: "Make Payment Link" }).click();
  const linkField = page.getByLabel("Payment link for ₦18,000.00");
  await expect(linkField).toHaveValue(/\/pay\/link\/[A-Za-z0-9_-]{43}$/);
  await expectAccessible(page);
  const link = await linkField.inputValue();

  const parent = await payerPage(browser, baseURL, js);
  await parent.goto(new URL(link).pathname);
  await expect(parent.getByRole("heading", { level: 1, name: "School fees" })).toBeVisible();
  await expect(parent.getByText("Obinna", { exact: true })).toBeVisible();
  await expect(parent.getByTestId("balance")).toHaveText("₦18,000.00");
  await expect(parent.getByText("Eze")).toHaveCount(0);
  await expectAccessible(parent);
  await parent.getByRole("button", { name: "Pay ₦18,000.00" }).click();
  await expect(parent).toHaveURL(/\/pay\/test\/FEE-/);
  await parent.getByRole("button", { name: "Succeed the payment" }).click();
  await expect(parent.getByText(/Payment received, thank you\. .* receipt RCT-000001\./)).toBeVisible();
  await expectAccessible(parent);
  await parent.context().close();

  await page.goto(`/admin/school-fees/online-payments`);
  await expect(page.getByRole("heading", { name: `Online payments, ${term} ${session}` })).toBeVisible();
  await expect(page.getByRole("list", { name: "Online payments" })).toContainText("Paid");
  await expect(page.getByRole("link", { name: "Receipt RCT-000001" })).toBeVisible();
  await expectAccessible(page);
}

test("pays the application fee through the test checkout", async ({ page, browser, baseURL }) => {
  await applyWithFee(page, browser, baseURL!, true);
});

test(
  "no-js smoke: pays the application fee through the test checkout",
  { tag: "@no-js" },
  async ({ page, browser, baseURL }) => {
    await applyWithFee(page, browser, baseURL!, false);
  },
);

test("pays school fees by link and finds the payment on Online Payments", async ({ page, browser, baseURL }) => {
  await payByLink(page, browser, baseURL!, true);
});

test(
  "no-js smoke: pays school fees by link and finds the payment on Online Payments",
  { tag: "@no-js" },
  async ({ page, browser, baseURL }) => {
    await payByLink(page, browser, baseURL!, false);
  },
);
