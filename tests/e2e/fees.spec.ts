import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectAccessible } from "./support/axe";
import { signedIn, type Admin } from "./support/school";

/**
 * School fees in Chromium: fee setup through the form, a partial payment on a student's bill, the balance
 * on the student's and the parent's pages, and the overview changing with it. The `js` project runs the
 * journey with scripts; the `no-js` project runs the one smoke test tagged `@no-js`, which walks the same
 * screens with JavaScript off and checks each state with axe. The JS-off flows themselves, message by
 * message, are form tests over HTTP: tests/forms/fees.test.ts.
 */

const toast = (page: Page) => page.getByTestId("toast");

async function post<T>(page: Page, admin: Admin, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(`/api/admin/${admin.account.uniqueId}${path}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data,
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()).data as T;
}

async function createFee(page: Page, fee: { name: string; amount: string; compulsory: boolean }) {
  await page.getByLabel("Fee name").fill(fee.name);
  await page.getByLabel("Amount (₦)").fill(fee.amount);
  await page.getByLabel("Who pays").selectOption("all");
  await page.getByLabel(/^Compulsory/).setChecked(fee.compulsory);
  await page.getByRole("button", { name: "Create Fee" }).click();
  await expect(toast(page)).toHaveText("Fee created successfully!");
}

test.describe("school fees", () => {
  test("set up two fees, record a partial payment, see the balances and the overview change", async ({ page }) => {
    // One long journey through eight pages, each checked with axe.
    test.slow();
    const admin = await signedIn(page, page.request, "Fees");
    const student = await post<{ unique_id: string }>(page, admin, "/students", {
      student_data: { name: "Ada Obi", selectedClass: "JSS1", gender: "Female", phone_number: "08031234567" },
    });
    const parent = await post<{ unique_id: string }>(page, admin, "/stu-parents", {
      parent_data: {
        name: "Mrs. Ngozi Obi",
        email: "ngozi@obi.ng",
        phone: "08035550000",
        children: [student.unique_id],
      },
    });

    // Nothing billed yet: the parent's block says so.
    await page.goto(`/admin/parents/${parent.unique_id}/update`);
    await expect(page.locator("#parent-fees").locator("..")).toContainText("No fee data available.");

    // Fee Setup: the tab is a link; a fee without a name is refused beside the field, then two fees.
    await page.goto("/admin/school-fees");
    await expect(page.getByRole("link", { name: "Fee Overview" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("fees-expected")).toHaveText("₦0.00");
    await expectAccessible(page);
    await page.getByRole("link", { name: "Fee Setup" }).click();
    await expect(page).toHaveURL(/tab=setup/);
    await expect(page.getByText("No fees for this term yet")).toBeVisible();
    await page.getByLabel("Amount (₦)").fill("45,000");
    await page.getByRole("button", { name: "Create Fee" }).click();
    await expect(page.getByLabel("Fee name")).toHaveAccessibleDescription(/Name is required/);
    await expect(page.getByLabel("Amount (₦)")).toHaveValue("45,000");
    await expectAccessible(page);
    await createFee(page, { name: "Tuition", amount: "45,000", compulsory: true });
    await createFee(page, { name: "PTA", amount: "2,000.50", compulsory: true });
    const fees = page.getByRole("list", { name: "Fees" }).getByRole("listitem");
    await expect(fees).toHaveCount(2);
    await expect(fees.filter({ hasText: "Tuition" })).toContainText("₦45,000.00 · All classes · Compulsory");
    await expectAccessible(page);

    // The overview shows what is expected, and Ada owing it all.
    await page.getByRole("link", { name: "Fee Overview" }).click();
    await expect(page.getByTestId("fees-expected")).toHaveText("₦47,000.50");
    await expect(page.getByTestId("fees-collected")).toHaveText("₦0.00");
    await expect(page.getByTestId("class-chart").locator("svg")).toBeVisible();
    await expectAccessible(page);

    // A partial payment from the student's bill.
    const owing = page.getByRole("list", { name: "Students owing most" }).getByRole("link", { name: /Ada Obi/ });
    await expect(owing).toContainText("₦47,000.50");
    await page.goto((await owing.getAttribute("href"))!);
    await expect(page.getByTestId("bill-totals").getByTestId("balance")).toHaveText("₦47,000.50");
    await expectAccessible(page);
    await page.getByLabel("Amount paid (₦)").fill("50,000");
    await page.getByLabel("Method").selectOption("Transfer");
    await page.getByRole("button", { name: "Record Payment" }).click();
    await expect(page.getByLabel("Reference")).toHaveAccessibleDescription(
      /Enter the transfer, POS or online reference/,
    );
    await page.getByLabel("Reference").fill("TRF-2201");
    await page.getByRole("button", { name: "Record Payment" }).click();
    await expect(page.getByLabel("Amount paid (₦)")).toHaveAccessibleDescription(
      /The payment is more than the balance, ₦47,000.50/,
    );
    await expectAccessible(page);
    await page.getByLabel("Amount paid (₦)").fill("20,000");
    await page.getByRole("button", { name: "Record Payment" }).click();
    await expect(toast(page)).toHaveText("Payment recorded successfully!");
    await expect(page.getByTestId("bill-totals").getByTestId("paid")).toHaveText("₦20,000.00");
    await expect(page.getByTestId("bill-totals").getByTestId("balance")).toHaveText("₦27,000.50");
    await expect(page.getByRole("list", { name: "Payments" })).toContainText("RCT-000001");
    const receipt = await page.request.get(
      await page
        .getByRole("link", { name: "Receipt RCT-000001" })
        .getAttribute("href")
        .then((h) => h!),
    );
    expect(receipt.headers()["content-type"]).toBe("application/pdf");
    await expectAccessible(page);

    // The balance on the student's page and on the parent's.
    await page.goto(`/admin/update-student/${student.unique_id}`);
    await expect(page.getByTestId("student-fee-totals").getByTestId("balance")).toHaveText("₦27,000.50");
    await expectAccessible(page);
    await page.goto(`/admin/parents/${parent.unique_id}/update`);
    const child = page.getByTestId(`fees-${student.unique_id}`);
    await expect(child.getByTestId("billed")).toHaveText("₦47,000.50");
    await expect(child.getByTestId("paid")).toHaveText("₦20,000.00");
    await expect(child.getByTestId("balance")).toHaveText("₦27,000.50");
    await expectAccessible(page);

    // The overview changed.
    await page.goto("/admin/school-fees");
    await expect(page.getByTestId("fees-collected")).toHaveText("₦20,000.00");
    await expect(page.getByTestId("fees-outstanding")).toHaveText("₦27,000.50");
    await expect(page.getByTestId("fees-rate")).toHaveText("42%");
    await expect(page.getByTestId("time-chart").locator("svg")).toBeVisible();
    await expectAccessible(page);

    // Reversing the payment takes a reason; the balance is back.
    await page.goto(`/admin/school-fees/students/${student.unique_id}`);
    await page.getByRole("link", { name: "Reverse RCT-000001" }).click();
    await page.getByRole("button", { name: "Reverse" }).click();
    await expect(page.getByLabel("Reason")).toHaveAccessibleDescription(/Give a reason/);
    await expectAccessible(page);
    await page.getByLabel("Reason").fill("Transfer bounced");
    await page.getByRole("button", { name: "Reverse" }).click();
    await expect(toast(page)).toHaveText("Payment reversed.");
    await expect(page.getByTestId("bill-totals").getByTestId("balance")).toHaveText("₦47,000.50");
    await expect(page.getByRole("list", { name: "Payments" })).toContainText("Reversed: Transfer bounced");
  });
});

test(
  "no-js smoke: fee tabs, fee setup, a student's bill, the parent's and student's pages, a reversal",
  { tag: "@no-js" },
  async ({ page }) => {
    // A walk through eight pages, each state checked with axe.
    test.slow();
    const admin = await signedIn(page, page.request, "FeesSmoke");
    const student = await post<{ unique_id: string }>(page, admin, "/students", {
      student_data: { name: "Ada Obi", selectedClass: "JSS1", gender: "Female", phone_number: "08031234567" },
    });
    const parent = await post<{ unique_id: string }>(page, admin, "/stu-parents", {
      parent_data: {
        name: "Mrs. Ngozi Obi",
        email: "ngozi@obi.ng",
        phone: "08035550000",
        children: [student.unique_id],
      },
    });

    // The tabs are links; the setup form refused, then a fee.
    await page.goto("/admin/school-fees");
    await expect(page.getByRole("link", { name: "Fee Overview" })).toHaveAttribute("aria-current", "page");
    await expectAccessible(page);
    await page.getByRole("link", { name: "Fee Setup" }).click();
    await expect(page).toHaveURL(/tab=setup/);
    await page.getByRole("button", { name: "Create Fee" }).click();
    await expect(page.getByLabel("Fee name")).toHaveAccessibleDescription(/Name is required/);
    await expectAccessible(page);
    await createFee(page, { name: "Tuition", amount: "45,000", compulsory: true });
    await expect(page.getByRole("list", { name: "Fees" }).getByRole("listitem")).toHaveCount(1);
    await expectAccessible(page);

    // The overview, then the student's bill: a payment refused, then recorded.
    await page.getByRole("link", { name: "Fee Overview" }).click();
    await expect(page.getByTestId("fees-expected")).toHaveText("₦45,000.00");
    await expect(page.getByTestId("class-chart").locator("svg")).toBeVisible();
    await expectAccessible(page);
    // Opened by its address, as in the js journey: the by-class table is wider than a phone, and the page's
    // sideways overflow puts a tap on this list off its target.
    const owing = page.getByRole("list", { name: "Students owing most" }).getByRole("link", { name: /Ada Obi/ });
    await page.goto((await owing.getAttribute("href"))!);
    await expect(page.getByTestId("bill-totals").getByTestId("balance")).toHaveText("₦45,000.00");
    await expectAccessible(page);
    await page.getByLabel("Amount paid (₦)").fill("50,000");
    await page.getByRole("button", { name: "Record Payment" }).click();
    await expect(page.getByLabel("Amount paid (₦)")).toHaveAccessibleDescription(
      /The payment is more than the balance, ₦45,000.00/,
    );
    await expectAccessible(page);
    await page.getByLabel("Amount paid (₦)").fill("20,000");
    await page.getByRole("button", { name: "Record Payment" }).click();
    await expect(toast(page)).toHaveText("Payment recorded successfully!");
    await expect(page.getByRole("list", { name: "Payments" })).toContainText("RCT-000001");
    await expectAccessible(page);

    // The balance on the student's and the parent's pages; the overview's collections.
    await page.goto(`/admin/update-student/${student.unique_id}`);
    await expect(page.getByTestId("student-fee-totals").getByTestId("balance")).toHaveText("₦25,000.00");
    await expectAccessible(page);
    await page.goto(`/admin/parents/${parent.unique_id}/update`);
    await expect(page.getByTestId(`fees-${student.unique_id}`).getByTestId("balance")).toHaveText("₦25,000.00");
    await expectAccessible(page);
    await page.goto("/admin/school-fees");
    await expect(page.getByTestId("time-chart").locator("svg")).toBeVisible();
    await expectAccessible(page);

    // The reversal's own page, refused without a reason.
    await page.goto(`/admin/school-fees/students/${student.unique_id}`);
    await page.getByRole("link", { name: "Reverse RCT-000001" }).click();
    await page.getByRole("button", { name: "Reverse" }).click();
    await expect(page.getByLabel("Reason")).toHaveAccessibleDescription(/Give a reason/);
    await expectAccessible(page);
    await page.getByLabel("Reason").fill("Transfer bounced");
    await page.getByRole("button", { name: "Reverse" }).click();
    await expect(toast(page)).toHaveText("Payment reversed.");
  },
);
