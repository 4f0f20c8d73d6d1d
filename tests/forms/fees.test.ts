import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { DATE_INPUT_HINT, formatDate, schoolDay } from "../../contract/calendar";
import type { FeeItem, StudentBill } from "../../contract/fees";
import type { Page } from "./support/browser";
import { registerSchool, signedIn, type Admin } from "./support/school";

/**
 * School fees with JavaScript off: the tabs are links (`?tab=setup`), every form posts and comes back
 * with its messages beside the fields, the reversal asks on a page of its own, and a receipt is a plain
 * link to a PDF.
 */

async function viaApi<T>(school: Admin, method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const response = await school.api<{ data: T }>(method, path, body);
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  return response.body.data;
}

/** The text of the element with data-testid `id`, inside the one with `within` when given. */
const byTestId = (page: Page, id: string, within?: string) =>
  page.text(within ? `[data-testid="${within}"] [data-testid="${id}"]` : `[data-testid="${id}"]`);

const ariaCurrent = (page: Page, link: string) => page.links(link)[0]?.getAttribute("aria-current") ?? null;

async function createFee(page: Page, fee: { name: string; amount: string; compulsory: boolean }): Promise<Page> {
  const form = page
    .form({ button: "Create Fee" })
    .fill("Fee name", fee.name)
    .fill("Amount (₦)", fee.amount)
    .select("Who pays", "all");
  if (fee.compulsory) form.check(/^Compulsory/);
  else form.uncheck(/^Compulsory/);
  const created = await form.submit("Create Fee");
  expect(created.toast()).toBe("Fee created successfully!");
  return created;
}

describe("school fees without JavaScript", () => {
  it("set up two fees, record a partial payment, see the balances and the overview change", async () => {
    const school = await registerSchool("Fees");
    const student = await viaApi<{ unique_id: string }>(school, "POST", "/students", {
      student_data: { name: "Ada Obi", selectedClass: "JSS1", gender: "Female", phone_number: "08031234567" },
    });
    const parent = await viaApi<{ unique_id: string }>(school, "POST", "/stu-parents", {
      parent_data: {
        name: "Mrs. Ngozi Obi",
        email: "ngozi@obi.ng",
        phone: "08035550000",
        children: [student.unique_id],
      },
    });
    const browser = await signedIn(school);

    // Nothing billed yet: the parent's block says so.
    let page = await browser.goto(`/admin/parents/${parent.unique_id}/update`);
    expect(page.text('section[aria-labelledby="parent-fees"]')).toContain("No fee data available.");

    // Fee Setup: the tab is a link; a fee without a name is refused beside the field, then two fees.
    page = await browser.goto("/admin/school-fees");
    expect(ariaCurrent(page, "Fee Overview")).toBe("page");
    expect(ariaCurrent(page, "Fee Setup")).toBeNull();
    expect(byTestId(page, "fees-expected")).toBe("₦0.00");
    page = await page.follow("Fee Setup");
    expect(page.url.searchParams.get("tab")).toBe("setup");
    expect(ariaCurrent(page, "Fee Setup")).toBe("page");
    expect(page.text()).toContain("No fees for this term yet");
    page = await page.form({ button: "Create Fee" }).fill("Amount (₦)", "45,000").submit("Create Fee");
    expect(page.status).toBe(400);
    expect(page.field("Fee name").description).toMatch(/Name is required/);
    expect(page.field("Amount (₦)").value).toBe("45,000");
    expect(await viaApi<FeeItem[]>(school, "GET", "/fees/fee-settings")).toHaveLength(0);
    page = await createFee(page, { name: "Tuition", amount: "45,000", compulsory: true });
    page = await createFee(page, { name: "PTA", amount: "2,000.50", compulsory: true });
    const fees = page.listItems("Fees");
    expect(fees).toHaveLength(2);
    expect(fees.find((fee) => fee.includes("Tuition"))).toContain("₦45,000.00 · All classes · Compulsory");
    const saved = await viaApi<FeeItem[]>(school, "GET", "/fees/fee-settings");
    expect(
      saved
        .map(({ name, amount, applies_to, compulsory }) => ({ name, amount, applies_to, compulsory }))
        .sort((a, b) => a.amount - b.amount),
    ).toEqual([
      { name: "PTA", amount: 2000.5, applies_to: "all", compulsory: true },
      { name: "Tuition", amount: 45000, applies_to: "all", compulsory: true },
    ]);

    // The overview shows what is expected, and Ada owing it all.
    page = await page.follow("Fee Overview");
    expect(ariaCurrent(page, "Fee Overview")).toBe("page");
    expect(byTestId(page, "fees-expected")).toBe("₦47,000.50");
    expect(byTestId(page, "fees-collected")).toBe("₦0.00");
    expect(page.document.querySelector('[data-testid="class-chart"] svg')).not.toBeNull();

    // A partial payment from the student's bill.
    const [owing] = page.listItems("Students owing most");
    expect(owing).toContain("Ada Obi");
    expect(owing).toContain("₦47,000.50");
    page = await page.follow(/^Ada Obi/);
    expect(byTestId(page, "balance", "bill-totals")).toBe("₦47,000.50");
    expect(page.field("Date paid").description).toBe(DATE_INPUT_HINT);
    page = await page
      .form({ button: "Record Payment" })
      .fill("Amount paid (₦)", "50,000")
      .select("Method", "Transfer")
      .submit("Record Payment");
    expect(page.field("Reference").description).toMatch(/Enter the transfer, POS or online reference/);
    expect(page.field("Amount paid (₦)").value).toBe("50,000");
    expect(page.field("Method").value).toBe("Transfer");
    page = await page.form({ button: "Record Payment" }).fill("Reference", "TRF-2201").submit("Record Payment");
    expect(page.status).toBe(422);
    expect(page.field("Amount paid (₦)").description).toMatch(/The payment is more than the balance, ₦47,000.50/);
    expect(page.field("Reference").value).toBe("TRF-2201");
    const bill = () => viaApi<StudentBill>(school, "GET", `/fees/students/${student.unique_id}/bill`);
    expect((await bill()).payments).toHaveLength(0);
    page = await page.form({ button: "Record Payment" }).fill("Amount paid (₦)", "20,000").submit("Record Payment");
    expect(page.toast()).toBe("Payment recorded successfully!");
    expect(byTestId(page, "paid", "bill-totals")).toBe("₦20,000.00");
    expect(byTestId(page, "balance", "bill-totals")).toBe("₦27,000.50");
    expect(page.listItems("Payments").join(" ")).toContain("RCT-000001");
    // The date paid (today, the form's default) reads like "24 Nov 2026", in the row and on the receipt.
    const paidOn = formatDate(schoolDay(new Date()));
    expect(paidOn).toMatch(/^\d{1,2} [A-Z][a-z]{2,3} \d{4}$/);
    const paymentRow = page.listItems("Payments").find((item) => item.includes("RCT-000001"));
    expect(paymentRow).toContain(`RCT-000001 · ${paidOn}`);
    expect(paymentRow).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect((await bill()).payments).toMatchObject([
      { receipt_no: "RCT-000001", amount: 20000, method: "Transfer", reference: "TRF-2201", reversed_at: null },
    ]);

    // The receipt is a plain link to a PDF.
    const receipt = await page.follow("Receipt RCT-000001");
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get("content-type")).toBe("application/pdf");
    expect(receipt.headers.get("content-disposition")).toMatch(/^attachment; filename="receipt-rct-000001\.pdf"$/);
    expect(receipt.bytes!.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const receiptText = (
      await extractText(await getDocumentProxy(new Uint8Array(receipt.bytes!)), { mergePages: true })
    ).text;
    expect(receiptText.replace(/\s+/g, " ")).toContain(`DATE PAID ${paidOn}`);
    expect(receiptText).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    // A receipt that is not this school's: its 404 page, inside the admin shell.
    const missing = await browser.goto("/admin/school-fees/payments/999999/receipt");
    expect(missing.status).toBe(404);
    expect(missing.heading()).toBe("Receipt not found");
    expect(missing.text()).toContain("It may have been deleted, or the link is wrong.");
    expect(missing.href("Back to school fees")).toBe("/admin/school-fees");
    expect(missing.document.querySelector('nav[aria-label="Admin menu"]')).not.toBeNull();

    // The balance on the student's page and on the parent's.
    page = await browser.goto(`/admin/update-student/${student.unique_id}`);
    expect(byTestId(page, "balance", "student-fee-totals")).toBe("₦27,000.50");
    page = await browser.goto(`/admin/parents/${parent.unique_id}/update`);
    expect(byTestId(page, "billed", `fees-${student.unique_id}`)).toBe("₦47,000.50");
    expect(byTestId(page, "paid", `fees-${student.unique_id}`)).toBe("₦20,000.00");
    expect(byTestId(page, "balance", `fees-${student.unique_id}`)).toBe("₦27,000.50");

    // The overview changed.
    page = await browser.goto("/admin/school-fees");
    expect(byTestId(page, "fees-collected")).toBe("₦20,000.00");
    expect(byTestId(page, "fees-outstanding")).toBe("₦27,000.50");
    expect(byTestId(page, "fees-rate")).toBe("42%");
    expect(page.document.querySelector('[data-testid="time-chart"] svg')).not.toBeNull();
    // The chart's axis and its description read the day as people do.
    expect(page.document.querySelector('[data-testid="time-chart"] svg')!.textContent).toContain(
      paidOn.replace(/ \d{4}$/, ""),
    );
    expect(page.document.querySelector('[data-testid="time-chart"] title')!.textContent).toMatch(
      new RegExp(`by ${paidOn}$`),
    );

    // Reversing the payment takes a reason, on a page of its own; the balance is back.
    page = await browser.goto(`/admin/school-fees/students/${student.unique_id}`);
    page = await page.follow("Reverse RCT-000001");
    expect(page.heading()).toBe("Reverse payment");
    expect(page.text()).toContain(`paid by Transfer on ${paidOn} for`);
    page = await page.press("Reverse");
    expect(page.field("Reason").description).toMatch(/Give a reason/);
    expect((await bill()).payments[0].reversed_at).toBeNull();
    page = await page.form({ button: "Reverse" }).fill("Reason", "Transfer bounced").submit("Reverse");
    expect(page.toast()).toBe("Payment reversed.");
    expect(byTestId(page, "balance", "bill-totals")).toBe("₦47,000.50");
    expect(page.listItems("Payments").join(" ")).toContain("Reversed: Transfer bounced");
    expect((await bill()).payments[0]).toMatchObject({ reversal_reason: "Transfer bounced" });
  });

  it("a fee named as another of the term, for a class that one bills, is refused beside the name, the input kept", async () => {
    const school = await registerSchool("Fee names");
    const browser = await signedIn(school);
    let page = await createFee(await browser.goto("/admin/school-fees?tab=setup"), {
      name: "Tuition",
      amount: "45,000",
      compulsory: true,
    });
    const feeCount = async () => (await viaApi<FeeItem[]>(school, "GET", "/fees/fee-settings")).length;

    // Billing the Junior Secondary section again through its own Tuition: refused, whatever the name's case.
    page = await page
      .form({ button: "Create Fee" })
      .fill("Fee name", " tuition ")
      .fill("Amount (₦)", "50,000")
      .select("Who pays", "section")
      .select("Section", "Junior Secondary")
      .check(/^Compulsory/)
      .submit("Create Fee");
    expect(page.status).toBe(422);
    expect(page.field("Fee name").description).toContain(
      "Tuition already bills all classes this term, so a class would pay it twice. Give this fee another name or choose other classes.",
    );
    expect(page.field("Fee name").value).toBe(" tuition ");
    expect(page.field("Amount (₦)").value).toBe("50,000");
    expect(page.field("Section").value).toBe("Junior Secondary");
    expect(await feeCount()).toBe(1);

    // Another name bills the section.
    page = await page.form({ button: "Create Fee" }).fill("Fee name", "Junior tuition").submit("Create Fee");
    expect(page.toast()).toBe("Fee created successfully!");
    expect(await feeCount()).toBe(2);
  });
});
