import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYMENT_MESSAGES } from "../../contract/payments";
import { fakePaystack } from "../support/paystack";
import { Browser, normalize, type Page } from "./support/browser";
import { registerSchool, signedIn, type Admin } from "./support/school";
import { startServer } from "./support/server";

/**
 * An application fee paid online, with JavaScript off, on a server of its own whose PAYSTACK_API_URL is a local
 * server answering as Paystack does: the application goes on to Paystack's checkout by plain redirects, the return
 * verifies before the fee shows paid, a declined payment can be paid again from the done page, and Paystack being
 * down is said plainly and a retry works.
 */
const SECRET = "sk_test_formsformsforms";
const paystack = fakePaystack(SECRET);
let server: Awaited<ReturnType<typeof startServer>>;
let school: Admin;
let link: string;

beforeAll(async () => {
  const api = await paystack.start();
  server = await startServer({ PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_API_URL: api });
  school = await registerSchool("Payments", server.base);
  const made = await school.api<{ data: { public_id: string } }>("POST", "/create-admission-form", {
    title: "Paid Entrance",
    amount: 3000,
    status: "active",
  });
  expect(made.status).toBe(201);
  link = `/apply/${made.body.data.public_id}`;
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await paystack.stop();
});

async function apply(firstName: string): Promise<Page> {
  const applicant = new Browser(server.base);
  const page = await applicant.goto(link);
  return page
    .form({ button: "Submit Application" })
    .fill("Surname", "Danjuma")
    .fill("First name", firstName)
    .fill("Date of birth", "2014-03-09")
    .select("Gender", "Female")
    .fill("Home address", "7 Ahmadu Bello Way, Kaduna")
    .fill("Phone number", "0803 555 6677")
    .fill("Email address", "danjuma@example.ng")
    .select("Class applying into", "JSS1")
    .fill("Parent or guardian's name", "Mr. Danjuma")
    .fill("Relationship to applicant", "Father")
    .submit("Submit Application");
}

const lastReference = () =>
  String(paystack.requests.filter((r) => r.path === "/transaction/initialize").at(-1)!.body?.reference);
const returnFrom = (page: Page, reference: string) =>
  page.browser.goto(`/pay/return?trxref=${reference}&reference=${reference}`);

describe("an application fee paid online without JavaScript", () => {
  it("goes to Paystack's checkout, comes back verified and paid; the admin sees it paid", async () => {
    const checkout = await apply("Hauwa");
    expect(checkout.url.origin).toBe(paystack.state.base);
    expect(checkout.path).toMatch(/^\/checkout\/[0-9a-f]{16}$/);
    const reference = lastReference();
    paystack.settle(reference, "success");
    const done = await returnFrom(checkout, reference);
    expect(done.heading()).toBe("Your application has been submitted.");
    expect(normalize(done.byTestId("payment-status")?.textContent)).toBe("Paid online");
    expect(done.buttons("Pay the application fee")).toHaveLength(0);

    const admin = await signedIn(school, server.base);
    const list = await admin.goto("/admin/admission-forms?tab=submissions");
    expect(list.text()).toContain("Fee: Paid online");
  });

  it("after a declined payment the done page offers to pay again, and paying again works", async () => {
    const checkout = await apply("Zainab");
    const first = lastReference();
    paystack.settle(first, "failed");
    let done = await returnFrom(checkout, first);
    expect(normalize(done.byTestId("payment-status")?.textContent)).toBe("Not paid");
    const again = await done.press("Pay the application fee");
    expect(again.url.origin).toBe(paystack.state.base);
    const second = lastReference();
    expect(second).not.toBe(first);
    paystack.settle(second, "success");
    done = await returnFrom(again, second);
    expect(normalize(done.byTestId("payment-status")?.textContent)).toBe("Paid online");
  });

  it("says plainly when Paystack is down, keeps the application, and a retry from the done page works", async () => {
    paystack.state.down = true;
    let done: Page;
    try {
      done = await apply("Maryam");
    } finally {
      paystack.state.down = false;
    }
    expect(done.heading()).toBe("Your application has been submitted.");
    expect(done.text()).toContain("Online payment is not available right now: Paystack could not be reached.");
    expect(normalize(done.byTestId("payment-status")?.textContent)).toBe("Not paid");
    const checkout = await done.press("Pay the application fee");
    expect(checkout.url.origin).toBe(paystack.state.base);
  });

  it("the review shows the fee's status and payment reference, and approving an unpaid applicant names the unpaid fee first", async () => {
    const paidCheckout = await apply("Fatima");
    const paid = lastReference();
    paystack.settle(paid, "success");
    await returnFrom(paidCheckout, paid);
    // This one leaves Paystack's checkout without paying.
    await apply("Rukayya");

    const admin = await signedIn(school, server.base);
    const list = await admin.goto("/admin/admission-forms?tab=submissions");
    let review = await list.follow("Fatima Danjuma");
    expect(normalize(review.byTestId("submission-payment")?.textContent)).toBe(
      `Application fee: Paid online · Payment reference ${paid}`,
    );
    let confirm = await review.follow("Approve");
    expect(confirm.heading()).toBe("Approve application");
    expect(confirm.text()).not.toContain(PAYMENT_MESSAGES.approveUnpaid);

    review = await (await admin.goto("/admin/admission-forms?tab=submissions")).follow("Rukayya Danjuma");
    const reviewPath = review.path;
    expect(normalize(review.byTestId("submission-payment")?.textContent)).toBe("Application fee: Not paid");
    confirm = await review.follow("Approve");
    expect(confirm.path).toBe(`${reviewPath}/approve`);
    expect(confirm.heading()).toBe("Approve application");
    expect(confirm.text()).toContain(
      `${PAYMENT_MESSAGES.approveUnpaid} Rukayya Danjuma will be added to JSS1 as a student, with Mr. Danjuma as their parent or guardian`,
    );
    review = await confirm.follow("Cancel");
    expect(review.text("main header")).toContain("Pending");
    review = await (await review.follow("Approve")).press("Approve");
    expect(review.path).toBe(reviewPath);
    expect(review.toast()).toBe("Rukayya Danjuma was added to JSS1 as a student");
    expect(review.text("main header")).toContain("Approved");
    expect(normalize(review.byTestId("submission-payment")?.textContent)).toBe("Application fee: Not paid");
  });
});

describe("the test checkout without JavaScript (PAYMENTS_SANDBOX=1)", () => {
  let sandbox: Awaited<ReturnType<typeof startServer>>;
  let publicId: string;
  beforeAll(async () => {
    sandbox = await startServer({ PAYMENTS_SANDBOX: "1" });
    const admin = await registerSchool("Sandbox", sandbox.base);
    const made = await admin.api<{ data: { public_id: string } }>("POST", "/create-admission-form", {
      title: "Test Entrance",
      amount: 1000,
      status: "active",
    });
    publicId = made.body.data.public_id;
  }, 90_000);
  afterAll(async () => {
    await sandbox?.stop();
  });

  it("is labelled as a test, fails then succeeds a payment through the same return", async () => {
    const applicant = new Browser(sandbox.base);
    let page = await (await applicant.goto(`/apply/${publicId}`))
      .form({ button: "Submit Application" })
      .fill("Surname", "Okon")
      .fill("First name", "Ekaette")
      .fill("Date of birth", "2014-03-09")
      .select("Gender", "Female")
      .fill("Home address", "2 Calabar Road, Uyo")
      .fill("Phone number", "0803 555 1122")
      .fill("Email address", "okon@example.ng")
      .select("Class applying into", "JSS1")
      .fill("Parent or guardian's name", "Mrs. Okon")
      .fill("Relationship to applicant", "Mother")
      .submit("Submit Application");
    expect(page.path).toMatch(/^\/pay\/test\/APP-/);
    expect(page.text()).toContain("TEST CHECKOUT: no money moves.");
    expect(page.heading()).toBe("Pay ₦1,000.00");
    page = await page.press("Fail the payment");
    expect(page.heading()).toBe("Your application has been submitted.");
    expect(normalize(page.byTestId("payment-status")?.textContent)).toBe("Not paid");
    page = await page.press("Pay the application fee");
    expect(page.path).toMatch(/^\/pay\/test\/APP-/);
    page = await page.press("Succeed the payment");
    expect(normalize(page.byTestId("payment-status")?.textContent)).toBe("Paid online");
  });
});
