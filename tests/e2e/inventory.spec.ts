import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { nubanFor } from "../../api/lib/nuban";
import { expectAccessible } from "./support/axe";
import { signedIn, type SchoolAccount } from "./support/school";

/**
 * Inventory (groups, products, sales, purchases) and bank details in Chromium. The `js` project drives
 * what scripts add (dialogs, instant search, verification as you type); the `no-js` project runs the one
 * smoke test tagged `@no-js`, which walks every screen with JavaScript off and checks each state with axe.
 * The JS-off flows themselves (confirm pages, GET searches, the Verify button) are form tests over HTTP:
 * tests/forms/inventory.test.ts.
 */

const toast = (page: Page) => page.getByTestId("toast");

interface Admin {
  account: SchoolAccount;
  token: string;
}

async function viaApi<T>(
  request: APIRequestContext,
  admin: Admin,
  method: "GET" | "POST",
  path: string,
  data?: unknown,
): Promise<T> {
  const url = `/api/admin/${admin.account.uniqueId}${path}`;
  const headers = { Authorization: `Bearer ${admin.token}` };
  const response = method === "GET" ? await request.get(url, { headers }) : await request.post(url, { headers, data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()).data as T;
}

/** Types in a search box; the list follows after a pause in typing. */
async function search(page: Page, label: string, text: string) {
  await page.getByLabel(label, { exact: true }).fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, "(\\+|%20)")}`));
}

/** Opens a row's menu and chooses Delete: its dialog, where to confirm. */
async function deleteFromMenu(page: Page, menuLabel: string, title: string) {
  await page.getByLabel(menuLabel).click();
  await page.getByRole("link", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: title });
  await expect(confirm.getByRole("heading", { name: title })).toBeVisible();
  await expectAccessible(page);
  return confirm;
}

test.describe("inventory", () => {
  test("groups: add, rename with a clash refused, delete; a group with items asks twice", async ({ page, request }) => {
    const admin = await signedIn(page, request, "Groups");
    await page.goto("/admin/inventory");
    await expect(page.getByRole("heading", { level: 1, name: "Inventory" })).toBeVisible();
    await expect(page.getByText("No inventory groups yet")).toBeVisible();
    await expect(page.getByRole("definition")).toHaveText(["0", "0"]);
    await expectAccessible(page);

    // Add a group: the required name, then a good one.
    await page.getByRole("link", { name: "Add Group" }).first().click();
    await expect(page).toHaveURL(/\/admin\/inventory\/add-group$/);
    await page.getByRole("button", { name: "Add Group" }).click();
    await expect(page.getByLabel("Name")).toHaveAccessibleDescription("Name is required");
    await expectAccessible(page);
    await page.getByLabel("Name").fill("Uniforms");
    await page.getByRole("button", { name: "Add Group" }).click();
    await expect(page).toHaveURL(/\/admin\/inventory$/);
    await expect(toast(page)).toHaveText("Group added successfully!");
    const groups = page.getByRole("list", { name: "Inventory groups" }).getByRole("listitem");
    await expect(groups).toHaveCount(1);
    await expect(groups.first()).toContainText("Uniforms0 items");

    // A second group, renamed: a clash with the first is refused beside the field, the input kept.
    const book = await viaApi<{ id: number }>(request, admin, "POST", "/inventory/groups", { name: "Book" });
    await page.reload();
    await page.getByLabel("Actions for Book").click();
    await page.getByRole("link", { name: "Edit" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/inventory/update-group\\?groupId=${book.id}$`));
    await expect(page.getByLabel("Name")).toHaveValue("Book");
    await page.getByLabel("Name").fill("uniforms");
    await page.getByRole("button", { name: "Update Group" }).click();
    await expect(page.getByLabel("Name")).toHaveAccessibleDescription("A group with this name already exists.");
    await expect(page.getByLabel("Name")).toHaveValue("uniforms");
    await expectAccessible(page);
    await page.getByLabel("Name").fill("Books");
    await page.getByRole("button", { name: "Update Group" }).click();
    await expect(toast(page)).toHaveText("Group updated successfully!");
    await expect(groups.filter({ hasText: "Books" })).toHaveCount(1);

    // A group with items: the first confirmation leads to a second that names them.
    const uniformsId = (
      await viaApi<{ data: Array<{ id: number }> }>(request, admin, "GET", "/inventory/groups?q=uniforms")
    ).data[0].id;
    await viaApi(request, admin, "POST", "/inventory/items", {
      name: "Blazer",
      class: "JSS1",
      price: 9500,
      status: "In Stock",
      group_id: uniformsId,
      quantity: 4,
    });
    await page.reload();
    await expect(groups.filter({ hasText: "Uniforms" })).toContainText("1 item");
    const confirmGroup = await deleteFromMenu(page, "Actions for Uniforms", "Delete group");
    await confirmGroup.getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(/\/admin\/inventory\/delete-group\?groupId=\d+&withItems=1/);
    await expect(page.getByRole("heading", { name: "Delete group and items" })).toBeVisible();
    await expect(page.getByText("Uniforms still has 1 item. It will be deleted with the group.")).toBeVisible();
    await expectAccessible(page);
    expect(
      (await viaApi<{ items_count: number }>(request, admin, "GET", `/inventory/groups/${uniformsId}`)).items_count,
    ).toBe(1);
    await page.getByRole("button", { name: "Delete group and items" }).click();
    await expect(page).toHaveURL(/\/admin\/inventory$/);
    await expect(toast(page)).toHaveText("Deleted successfully");
    await expect(groups).toHaveCount(1);
    await expect(page.getByRole("definition")).toHaveText(["0", "0"]);

    // An empty group goes at the first confirmation.
    const confirmEmpty = await deleteFromMenu(page, "Actions for Books", "Delete group");
    await confirmEmpty.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toHaveText("Deleted successfully");
    await expect(page.getByText("No inventory groups yet")).toBeVisible();
  });

  test("products: add with every rule, search, edit back to the same search (never to another site), delete", async ({
    page,
    request,
  }) => {
    const admin = await signedIn(page, request, "Products");
    const uniformsId = (await viaApi<{ id: number }>(request, admin, "POST", "/inventory/groups", { name: "Uniforms" }))
      .id;
    await viaApi(request, admin, "POST", "/inventory/groups", { name: "Books" });

    // Add a product: every required field, a quantity refused with the rest kept, then a price typed with commas.
    await page.goto("/admin/inventory");
    await page.getByRole("link", { name: "Add Product" }).click();
    await expect(page).toHaveURL(/\/admin\/inventory\/add-product$/);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByLabel("Name")).toHaveAccessibleDescription("Name is required");
    await expect(page.getByLabel("Group")).toHaveAccessibleDescription("Group is required");
    await expect(page.getByLabel("Class")).toHaveAccessibleDescription("Class is required");
    await expect(page.getByLabel("Price (₦)")).toHaveAccessibleDescription(/^Price is required/);
    await expect(page.getByLabel("Quantity in stock")).toHaveAccessibleDescription(
      "Enter the quantity in stock, a whole number",
    );
    await expectAccessible(page);
    await page.getByLabel("Name").fill("White Shirt");
    await page.getByLabel("Group").selectOption({ label: "Uniforms" });
    await page.getByLabel("Class").selectOption("JSS1");
    await page.getByLabel("Price (₦)").fill("12,500.50");
    await page.getByLabel("Quantity in stock").fill("-1");
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByLabel("Quantity in stock")).toHaveAccessibleDescription(
      "Enter a whole number from 0 to 1,000,000",
    );
    await expect(page.getByLabel("Price (₦)")).toHaveValue("12,500.50");
    await expect(page.getByLabel("Name")).toHaveValue("White Shirt");
    await page.getByLabel("Quantity in stock").fill("24");
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(page).toHaveURL(/\/admin\/inventory$/);
    await expect(toast(page)).toHaveText("Product added successfully!");
    await expect(page.getByRole("definition")).toHaveText(["24", "0"]);
    const shorts = await viaApi<{ id: number }>(request, admin, "POST", "/inventory/items", {
      name: "Blue Shorts",
      class: "JSS1",
      price: 3500,
      status: "In Stock",
      group_id: uniformsId,
      quantity: 10,
    });

    // The home search finds groups by their items' names.
    const groups = page.getByRole("list", { name: "Inventory groups" }).getByRole("listitem");
    await search(page, "Search", "shirt");
    await expect(groups).toHaveCount(1);
    await expect(groups.first()).toContainText("Matches: White Shirt");
    await search(page, "Search", "no such thing");
    await expect(page.getByText("No groups or items match your search")).toBeVisible();

    // The group's items, searched, then one edited from its menu and back to the same search.
    await page.goto(`/admin/inventory/group/items?groupId=${uniformsId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Uniforms" })).toBeVisible();
    await expect(page.getByTestId("items-count")).toHaveText("2 items");
    const items = page.getByRole("list", { name: "Items" }).getByRole("listitem");
    await expect(items.filter({ hasText: "White Shirt" })).toContainText("JSS1 · ₦12,500.50");
    await expect(items.filter({ hasText: "White Shirt" })).toContainText("In Stock24 in stock");
    await expectAccessible(page);
    await search(page, "Search", "shirt");
    await expect(items).toHaveCount(1);
    await page.getByLabel("Actions for White Shirt, JSS1").click();
    await page.getByRole("link", { name: "Edit" }).click();
    await expect(page).toHaveURL(/\/admin\/inventory\/edit-product\?itemId=\d+&returnUrl=/);
    await expect(page.getByLabel("Price (₦)")).toHaveValue("12500.50");
    await expect(page.getByLabel("Group")).toHaveValue(String(uniformsId));
    await expectAccessible(page);
    await page.getByLabel("Price (₦)").fill("13,000");
    await page.getByLabel("Quantity in stock").fill("30");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page)).toHaveText("Product updated successfully!");
    await expect(page).toHaveURL(new RegExp(`/admin/inventory/group/items\\?groupId=${uniformsId}&q=shirt$`));
    await expect(items.first()).toContainText("JSS1 · ₦13,000.00");
    await expect(items.first()).toContainText("30 in stock");

    // A returnUrl to another site is ignored: back and save both lead to the item's group.
    await page.goto(
      `/admin/inventory/edit-product?itemId=${shorts.id}&returnUrl=${encodeURIComponent("https://evil.example/phish")}`,
    );
    await expect(page.getByRole("link", { name: "‹ Back" })).toHaveAttribute(
      "href",
      `/admin/inventory/group/items?groupId=${uniformsId}`,
    );
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/inventory/group/items\\?groupId=${uniformsId}$`));

    // Delete a product from its menu.
    const confirmProduct = await deleteFromMenu(page, "Actions for Blue Shorts, JSS1", "Delete product");
    await confirmProduct.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toHaveText("Deleted successfully");
    await expect(page).toHaveURL(new RegExp(`/admin/inventory/group/items\\?groupId=${uniformsId}$`));
    await expect(items).toHaveCount(1);
    expect(
      (
        await request.get(`/api/admin/${admin.account.uniqueId}/inventory/items/${shorts.id}`, {
          headers: { Authorization: `Bearer ${admin.token}` },
        })
      ).status(),
    ).toBe(404);
  });

  test("a sale: find the student, too many is refused, then the stock falls and the purchase is listed", async ({
    page,
    request,
  }) => {
    const admin = await signedIn(page, request, "Sales");
    const group = await viaApi<{ id: number }>(request, admin, "POST", "/inventory/groups", { name: "PE Kits" });
    const suit = await viaApi<{ id: number }>(request, admin, "POST", "/inventory/items", {
      name: "Track Suit",
      class: "SS1",
      price: 8500,
      status: "In Stock",
      group_id: group.id,
      quantity: 3,
    });
    for (const [name, className] of [
      ["Ngozi Okafor", "SS1"],
      ["Chidi Eze", "JSS3"],
    ]) {
      await viaApi(request, admin, "POST", "/students", {
        student_data: { name, selectedClass: className, gender: "Female", phone_number: "0803 123 4567" },
      });
    }

    await page.goto("/admin/inventory/purchased");
    await expect(page.getByText("No purchased items yet")).toBeVisible();
    await expectAccessible(page);

    await page.goto(`/admin/inventory/group/items?groupId=${group.id}`);
    await page.getByLabel("Actions for Track Suit, SS1").click();
    await page.getByRole("link", { name: "Sell to a student" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/inventory/sell\\?itemId=${suit.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Sell Track Suit" })).toBeVisible();
    await expect(page.getByTestId("stock")).toHaveText("3 in stock");
    await expectAccessible(page);

    await page.getByLabel("Student", { exact: true }).fill("ngozi");
    const matches = page.getByRole("list", { name: "Matching students" }).getByRole("listitem");
    await expect(matches).toHaveCount(1);
    await expect(matches.first()).toContainText("Ngozi Okafor");
    await expectAccessible(page);
    await page.getByRole("link", { name: "Choose Ngozi Okafor" }).click();
    await expect(page.getByTestId("chosen-student")).toHaveText("Ngozi Okafor · SS1");
    await expectAccessible(page);

    await page.getByLabel("Quantity").fill("5");
    await page.getByRole("button", { name: "Sell" }).click();
    await expect(page.getByLabel("Quantity")).toHaveAccessibleDescription(/^Only 3 left in stock\./);
    await expect(page.getByLabel("Quantity")).toHaveValue("5");
    await expectAccessible(page);
    expect((await viaApi<{ total: number }>(request, admin, "GET", "/inventory/purchases")).total).toBe(0);

    await page.getByLabel("Quantity").fill("2");
    await page.getByRole("button", { name: "Sell" }).click();
    await expect(page).toHaveURL(/\/admin\/inventory\/purchased$/);
    await expect(toast(page)).toHaveText("Sale recorded successfully!");
    const purchases = page.getByRole("list", { name: "Purchased items" }).getByRole("listitem");
    await expect(purchases).toHaveCount(1);
    await expect(purchases.first()).toContainText("Track Suit");
    await expect(purchases.first()).toContainText("SS1 · PE Kits");
    await expect(purchases.first()).toContainText("₦8,500.00 × 2 = ₦17,000.00");
    await expect(purchases.first()).toContainText("Sold to Ngozi Okafor (SS1)");
    await expectAccessible(page);

    await search(page, "Search", "ngozi");
    await expect(purchases).toHaveCount(1);
    await search(page, "Search", "chidi");
    await expect(page.getByText("No items found matching your search")).toBeVisible();

    expect((await viaApi<{ quantity: number }>(request, admin, "GET", `/inventory/items/${suit.id}`)).quantity).toBe(1);
    await page.goto("/admin/inventory");
    await expect(page.getByRole("definition")).toHaveText(["1", "2"]);
  });

  test("bank details: a number failing the check digit is refused, a good one is verified and saved", async ({
    page,
    request,
  }) => {
    await signedIn(page, request, "Bank");
    const good = nubanFor("058", "012345678");
    const bad = `${good.slice(0, 9)}${(Number(good[9]) + 1) % 10}`;

    await page.goto("/admin/inventory");
    await page.getByRole("link", { name: "Bank Details" }).click();
    await expect(page).toHaveURL(/\/admin\/add-bank-details$/);
    await expect(page.getByRole("heading", { level: 1, name: "Bank Details" })).toBeVisible();
    await expect(page.getByText(/^Sandbox verification:/)).toBeVisible();
    await expectAccessible(page);

    const save = page.getByRole("button", { name: "Save Bank Details" });
    await expect(save).toBeDisabled();
    await page.getByLabel("Search banks").fill("guaranty");
    await expect(page.getByLabel("Bank").locator("option")).toHaveText(["Select your bank", "Guaranty Trust Bank"]);
    await page.getByLabel("Bank", { exact: true }).selectOption({ label: "Guaranty Trust Bank" });

    const number = page.getByLabel("Account Number");
    const name = page.getByLabel("Account Name");
    await number.fill(bad);
    await expect(number).toHaveAccessibleDescription(/^This account number is not valid for Guaranty Trust Bank\./);
    await expect(number).toHaveValue(bad);
    await expect(name).toHaveValue("");
    await expect(save).toBeDisabled();
    await expectAccessible(page);

    await number.fill(good);
    await expect(name).toHaveValue(`SANDBOX ACCOUNT ${good.slice(-4)}`);
    await expect(number).toHaveAccessibleDescription("10 digits");
    await expect(page.getByLabel("Bank", { exact: true })).toHaveValue("058");
    await expectAccessible(page);
    await save.click();

    await expect(page).toHaveURL(/\/admin\/inventory$/);
    await expect(toast(page)).toHaveText("Bank details added successfully!");
    await expect(page.getByTestId("bank-summary")).toHaveText(
      `Payments go to Guaranty Trust Bank · ${good} · SANDBOX ACCOUNT ${good.slice(-4)}`,
    );
    await page.goto("/admin/add-bank-details");
    await expect(page.getByTestId("current-account")).toHaveText(
      `Guaranty Trust Bank · ${good} · SANDBOX ACCOUNT ${good.slice(-4)}`,
    );
    await expect(name).toHaveValue(`SANDBOX ACCOUNT ${good.slice(-4)}`);
  });
});

test(
  "no-js smoke: inventory home, groups, products, a sale, bank details and their confirm pages",
  { tag: "@no-js" },
  async ({ page, request }) => {
    // A walk through a dozen pages, each state checked with axe.
    test.slow();
    const admin = await signedIn(page, request, "Smoke");
    await viaApi(request, admin, "POST", "/students", {
      student_data: { name: "Ngozi Okafor", selectedClass: "SS1", gender: "Female", phone_number: "0803 123 4567" },
    });
    const groups = page.getByRole("list", { name: "Inventory groups" }).getByRole("listitem");
    const openMenu = async (label: string, link: string) => {
      await page.getByLabel(label).click();
      await page.getByRole("link", { name: link }).click();
    };

    await page.goto("/admin/inventory");
    await expect(page.getByText("No inventory groups yet")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Purchased Items" }).click();
    await expect(page.getByText("No purchased items yet")).toBeVisible();
    await expectAccessible(page);

    // Groups: the add form refused, then a group; a rename refused beside the field.
    await page.goto("/admin/inventory/add-group");
    await page.getByRole("button", { name: "Add Group" }).click();
    await expect(page.getByLabel("Name")).toHaveAccessibleDescription("Name is required");
    await expectAccessible(page);
    await page.getByLabel("Name").fill("Uniforms");
    await page.getByRole("button", { name: "Add Group" }).click();
    await expect(toast(page)).toHaveText("Group added successfully!");
    await expect(groups).toHaveCount(1);
    await viaApi(request, admin, "POST", "/inventory/groups", { name: "Books" });
    await page.reload();
    await openMenu("Actions for Books", "Edit");
    await page.getByLabel("Name").fill("uniforms");
    await page.getByRole("button", { name: "Update Group" }).click();
    await expect(page.getByLabel("Name")).toHaveAccessibleDescription("A group with this name already exists.");
    await expectAccessible(page);

    // Products: the add form refused, then a product; its group's items searched; the edit form.
    await page.goto("/admin/inventory");
    await page.getByRole("link", { name: "Add Product" }).click();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByLabel("Name")).toHaveAccessibleDescription("Name is required");
    await expectAccessible(page);
    await page.getByLabel("Name").fill("Track Suit");
    await page.getByLabel("Group").selectOption({ label: "Uniforms" });
    await page.getByLabel("Class").selectOption("SS1");
    await page.getByLabel("Price (₦)").fill("8,500");
    await page.getByLabel("Quantity in stock").fill("3");
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(toast(page)).toHaveText("Product added successfully!");
    await page.getByRole("link", { name: /^Uniforms/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Uniforms" })).toBeVisible();
    await page.getByLabel("Search", { exact: true }).fill("suit");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=suit/);
    const items = page.getByRole("list", { name: "Items" }).getByRole("listitem");
    await expect(items).toHaveCount(1);
    await expectAccessible(page);
    await openMenu("Actions for Track Suit, SS1", "Edit");
    await expect(page.getByLabel("Price (₦)")).toHaveValue("8500");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page)).toHaveText("Product updated successfully!");

    // A sale: the student searched and chosen, too many refused, then sold.
    await openMenu("Actions for Track Suit, SS1", "Sell to a student");
    await expect(page.getByRole("heading", { level: 1, name: "Sell Track Suit" })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Student", { exact: true }).fill("ngozi");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("list", { name: "Matching students" }).getByRole("listitem")).toHaveCount(1);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Choose Ngozi Okafor" }).click();
    await expect(page.getByTestId("chosen-student")).toHaveText("Ngozi Okafor · SS1");
    await expectAccessible(page);
    await page.getByLabel("Quantity").fill("5");
    await page.getByRole("button", { name: "Sell" }).click();
    await expect(page.getByLabel("Quantity")).toHaveAccessibleDescription(/^Only 3 left in stock\./);
    await expectAccessible(page);
    await page.getByLabel("Quantity").fill("2");
    await page.getByRole("button", { name: "Sell" }).click();
    await expect(toast(page)).toHaveText("Sale recorded successfully!");
    await expect(page.getByRole("list", { name: "Purchased items" }).getByRole("listitem")).toHaveCount(1);
    await expectAccessible(page);

    // The confirm pages: a product, a group with items (asked twice), an empty group.
    await page.goto("/admin/inventory");
    await page.getByRole("link", { name: /^Uniforms/ }).click();
    await openMenu("Actions for Track Suit, SS1", "Delete");
    await expect(page.getByRole("heading", { level: 1, name: "Delete product" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(items).toHaveCount(1);
    await page.goto("/admin/inventory");
    await openMenu("Actions for Uniforms", "Delete");
    await expect(page.getByRole("heading", { level: 1, name: "Delete group" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Delete group and items" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Delete group and items" }).click();
    await expect(toast(page)).toHaveText("Deleted successfully");
    await openMenu("Actions for Books", "Delete");
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toHaveText("Deleted successfully");
    await expect(page.getByText("No inventory groups yet")).toBeVisible();

    // Bank details: saving refused, a bad number refused by Verify, a good one verified, then saved.
    await page.getByRole("link", { name: "Bank Details" }).click();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Save Bank Details" }).click();
    await expect(page.getByLabel("Account Number")).toHaveAccessibleDescription(
      /^Please fill in all required fields and verify your account number/,
    );
    await expectAccessible(page);
    const good = nubanFor("058", "012345678");
    await page.getByLabel("Bank", { exact: true }).selectOption({ label: "Guaranty Trust Bank" });
    await page.getByLabel("Account Number").fill(`${good.slice(0, 9)}${(Number(good[9]) + 1) % 10}`);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByLabel("Account Number")).toHaveAccessibleDescription(
      /^This account number is not valid for Guaranty Trust Bank\./,
    );
    await expectAccessible(page);
    await page.getByLabel("Account Number").fill(good);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByLabel("Account Name")).toHaveValue(`SANDBOX ACCOUNT ${good.slice(-4)}`);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Save Bank Details" }).click();
    await expect(toast(page)).toHaveText("Bank details added successfully!");
  },
);
