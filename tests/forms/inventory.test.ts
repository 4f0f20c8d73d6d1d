import { describe, expect, it } from "vitest";
import { nubanFor } from "../../api/lib/nuban";
import { normalize, type Page } from "./support/browser";
import { registerSchool, signedIn, type Admin } from "./support/school";

/**
 * Inventory (groups, products, sales, purchases) and bank details with JavaScript off: confirm pages
 * reached from each row's menu, GET searches, the student search of a sale, and the Verify button of
 * bank details. Each test registers its school: they count groups, stock and purchases from nothing.
 */

async function viaApi<T>(school: Admin, method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const response = await school.api<{ data: T }>(method, path, body);
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  return response.body.data;
}

/** The home's two figures: items in stock, items purchased. */
const stats = (page: Page) => [...page.document.querySelectorAll("dd")].map((figure) => normalize(figure.textContent));

const groups = (page: Page) => page.listItems("Inventory groups");
const items = (page: Page) => page.listItems("Items");

/** Sends a list's search form (a GET) with `text` in the box labelled `label`. */
async function search(page: Page, label: string, text: string): Promise<Page> {
  const found = await page.form({ button: "Search" }).fill(label, text).submit("Search");
  expect(found.url.searchParams.get("q")).toBe(text);
  return found;
}

/** Opens Delete in the row menu named `menu`: its confirm page, titled `title`. */
async function deleteFromMenu(page: Page, menu: string, title: string): Promise<Page> {
  const confirm = await page.followWithin(page.menu(menu), "Delete");
  expect(confirm.heading()).toBe(title);
  return confirm;
}

describe("inventory without JavaScript", () => {
  it("groups: add, rename with a clash refused, delete; a group with items asks twice on its confirm pages", async () => {
    const school = await registerSchool("Groups");
    const browser = await signedIn(school);
    let page = await browser.goto("/admin/inventory");
    expect(page.heading()).toBe("Inventory");
    expect(page.text()).toContain("No inventory groups yet");
    expect(stats(page)).toEqual(["0", "0"]);

    // Add a group: the required name, then a good one.
    page = await page.follow("Add Group", { first: true });
    expect(page.path).toBe("/admin/inventory/add-group");
    page = await page.press("Add Group");
    expect(page.status).toBe(400);
    expect(page.field("Name").description).toBe("Name is required");
    page = await page.form({ button: "Add Group" }).fill("Name", "Uniforms").submit("Add Group");
    expect(page.path).toBe("/admin/inventory");
    expect(page.toast()).toBe("Group added successfully!");
    expect(groups(page)).toHaveLength(1);
    expect(groups(page)[0]).toContain("Uniforms0 items");

    // A second group, renamed: a clash with the first is refused beside the field, the input kept.
    const book = await viaApi<{ id: number }>(school, "POST", "/inventory/groups", { name: "Book" });
    page = await browser.goto("/admin/inventory");
    page = await page.followWithin(page.menu("Actions for Book"), "Edit");
    expect(page.path + page.url.search).toBe(`/admin/inventory/update-group?groupId=${book.id}`);
    expect(page.field("Name").value).toBe("Book");
    page = await page.form({ button: "Update Group" }).fill("Name", "uniforms").submit("Update Group");
    expect(page.status).toBe(422);
    expect(page.field("Name").description).toBe("A group with this name already exists.");
    expect(page.field("Name").value).toBe("uniforms");
    expect((await viaApi<{ name: string }>(school, "GET", `/inventory/groups/${book.id}`)).name).toBe("Book");
    page = await page.form({ button: "Update Group" }).fill("Name", "Books").submit("Update Group");
    expect(page.toast()).toBe("Group updated successfully!");
    expect(groups(page).filter((group) => group.includes("Books"))).toHaveLength(1);

    // A group with items: the first confirm page leads to a second that names them.
    const uniformsId = (await viaApi<{ data: Array<{ id: number }> }>(school, "GET", "/inventory/groups?q=uniforms"))
      .data[0].id;
    const blazer = await viaApi<{ id: number }>(school, "POST", "/inventory/items", {
      name: "Blazer",
      class: "JSS1",
      price: 9500,
      status: "In Stock",
      group_id: uniformsId,
      quantity: 4,
    });
    page = await browser.goto("/admin/inventory");
    expect(groups(page).find((group) => group.includes("Uniforms"))).toContain("1 item");
    page = await deleteFromMenu(page, "Actions for Uniforms", "Delete group");
    page = await page.press("Delete");
    expect(page.path).toBe("/admin/inventory/delete-group");
    expect(page.url.search).toMatch(/^\?groupId=\d+&withItems=1/);
    expect(page.heading()).toBe("Delete group and items");
    expect(page.text()).toContain(
      "Uniforms still has 1 item. It will be deleted with the group. It has never been sold. This cannot be undone.",
    );

    // Sold twice and given a second item, the page counts both, and the sales outlive them.
    await viaApi(school, "POST", "/inventory/items", {
      name: "Tie",
      class: "JSS1",
      price: 1500,
      status: "In Stock",
      group_id: uniformsId,
      quantity: 2,
    });
    const buyer = await viaApi<{ unique_id: string }>(school, "POST", "/students", {
      student_data: { name: "Ada Eze", selectedClass: "JSS1", gender: "Female", phone_number: "0803 123 4567" },
    });
    for (const quantity of [1, 2])
      await viaApi(school, "POST", "/inventory/purchases", {
        item_id: blazer.id,
        student_id: buyer.unique_id,
        quantity,
      });
    page = await browser.goto(page.path + page.url.search);
    expect(page.text()).toContain(
      "Uniforms still has 2 items. They will be deleted with the group. Their 2 recorded sales stay on the students' bills, with the names and prices sold at. This cannot be undone.",
    );
    expect((await viaApi<{ items_count: number }>(school, "GET", `/inventory/groups/${uniformsId}`)).items_count).toBe(
      2,
    );
    page = await page.press("Delete group and items");
    expect(page.path).toBe("/admin/inventory");
    expect(page.toast()).toBe("Deleted successfully");
    expect(groups(page)).toHaveLength(1);
    expect(stats(page)).toEqual(["0", "3"]);
    expect((await viaApi<{ total: number }>(school, "GET", "/inventory/purchases")).total).toBe(2);

    // An empty group goes at the first confirmation.
    page = await deleteFromMenu(page, "Actions for Books", "Delete group");
    page = await page.press("Delete");
    expect(page.toast()).toBe("Deleted successfully");
    expect(page.text()).toContain("No inventory groups yet");
  });

  it("products: add with every rule, search, edit back to the same search (never to another site), delete", async () => {
    const school = await registerSchool("Products");
    const uniformsId = (await viaApi<{ id: number }>(school, "POST", "/inventory/groups", { name: "Uniforms" })).id;
    await viaApi(school, "POST", "/inventory/groups", { name: "Books" });
    const browser = await signedIn(school);

    // Add a product: every required field, a quantity refused with the rest kept, then a price typed with commas.
    let page = await (await browser.goto("/admin/inventory")).follow("Add Product");
    expect(page.path).toBe("/admin/inventory/add-product");
    page = await page.press("Add Product");
    expect(page.field("Name").description).toBe("Name is required");
    expect(page.field("Group").description).toBe("Group is required");
    expect(page.field("Class").description).toBe("Class is required");
    expect(page.field("Price (₦)").description).toMatch(/^Price is required/);
    expect(page.field("Quantity in stock").description).toBe("Enter the quantity in stock, a whole number");
    page = await page
      .form({ button: "Add Product" })
      .fill("Name", "White Shirt")
      .select("Group", "Uniforms")
      .select("Class", "JSS1")
      .fill("Price (₦)", "12,500.50")
      .fill("Quantity in stock", "-1")
      .submit("Add Product");
    expect(page.field("Quantity in stock").description).toBe("Enter a whole number from 0 to 1,000,000");
    expect(page.field("Price (₦)").value).toBe("12,500.50");
    expect(page.field("Name").value).toBe("White Shirt");
    expect((await viaApi<{ total: number }>(school, "GET", "/inventory/items")).total).toBe(0);
    page = await page.form({ button: "Add Product" }).fill("Quantity in stock", "24").submit("Add Product");
    expect(page.path).toBe("/admin/inventory");
    expect(page.toast()).toBe("Product added successfully!");
    expect(stats(page)).toEqual(["24", "0"]);
    const shorts = await viaApi<{ id: number }>(school, "POST", "/inventory/items", {
      name: "Blue Shorts",
      class: "JSS1",
      price: 3500,
      status: "In Stock",
      group_id: uniformsId,
      quantity: 10,
    });

    // The home search finds groups by their items' names.
    page = await search(page, "Search", "shirt");
    expect(groups(page)).toHaveLength(1);
    expect(groups(page)[0]).toContain("Matches: White Shirt");
    page = await search(page, "Search", "no such thing");
    expect(page.text()).toContain("No groups or items match your search");

    // The group's items, searched, then one edited from its menu and back to the same search.
    page = await browser.goto(`/admin/inventory/group/items?groupId=${uniformsId}`);
    expect(page.heading()).toBe("Uniforms");
    expect(page.text('[data-testid="items-count"]')).toBe("2 items");
    const shirt = items(page).find((item) => item.includes("White Shirt"));
    expect(shirt).toContain("JSS1 · ₦12,500.50");
    expect(shirt).toContain("In Stock24 in stock");
    page = await search(page, "Search", "shirt");
    expect(items(page)).toHaveLength(1);
    page = await page.followWithin(page.menu("Actions for White Shirt, JSS1"), "Edit");
    expect(page.path).toBe("/admin/inventory/edit-product");
    expect(page.url.search).toMatch(/^\?itemId=\d+&returnUrl=/);
    expect(page.field("Price (₦)").value).toBe("12500.50");
    expect(page.field("Group").value).toBe(String(uniformsId));
    page = await page
      .form({ button: "Save Changes" })
      .fill("Price (₦)", "13,000")
      .fill("Quantity in stock", "30")
      .submit("Save Changes");
    expect(page.toast()).toBe("Product updated successfully!");
    expect(page.path + page.url.search).toBe(`/admin/inventory/group/items?groupId=${uniformsId}&q=shirt`);
    expect(items(page)[0]).toContain("JSS1 · ₦13,000.00");
    expect(items(page)[0]).toContain("30 in stock");

    // A returnUrl to another site is ignored: back and save both lead to the item's group.
    page = await browser.goto(
      `/admin/inventory/edit-product?itemId=${shorts.id}&returnUrl=${encodeURIComponent("https://evil.example/phish")}`,
    );
    expect(page.href("‹ Back")).toBe(`/admin/inventory/group/items?groupId=${uniformsId}`);
    page = await page.press("Save Changes");
    expect(page.path + page.url.search).toBe(`/admin/inventory/group/items?groupId=${uniformsId}`);

    // Delete a product from its menu.
    page = await deleteFromMenu(page, "Actions for Blue Shorts, JSS1", "Delete product");
    page = await page.press("Delete");
    expect(page.toast()).toBe("Deleted successfully");
    expect(page.path + page.url.search).toBe(`/admin/inventory/group/items?groupId=${uniformsId}`);
    expect(items(page)).toHaveLength(1);
    expect((await school.api("GET", `/inventory/items/${shorts.id}`)).status).toBe(404);
  });

  it("a sale: find the student, too many is refused, then the stock falls and the purchase is listed", async () => {
    const school = await registerSchool("Sales");
    const group = await viaApi<{ id: number }>(school, "POST", "/inventory/groups", { name: "PE Kits" });
    const suit = await viaApi<{ id: number }>(school, "POST", "/inventory/items", {
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
      await viaApi(school, "POST", "/students", {
        student_data: { name, selectedClass: className, gender: "Female", phone_number: "0803 123 4567" },
      });
    }
    const browser = await signedIn(school);

    let page = await browser.goto("/admin/inventory/purchased");
    expect(page.text()).toContain("No purchased items yet");

    page = await browser.goto(`/admin/inventory/group/items?groupId=${group.id}`);
    page = await page.followWithin(page.menu("Actions for Track Suit, SS1"), "Sell to a student");
    expect(page.path + page.url.search).toBe(`/admin/inventory/sell?itemId=${suit.id}`);
    expect(page.heading()).toBe("Sell Track Suit");
    expect(page.text('[data-testid="stock"]')).toBe("3 in stock");

    page = await search(page, "Student", "ngozi");
    const matches = page.listItems("Matching students");
    expect(matches).toHaveLength(1);
    expect(matches[0]).toContain("Ngozi Okafor");
    page = await page.follow("Choose Ngozi Okafor");
    expect(page.text('[data-testid="chosen-student"]')).toBe("Ngozi Okafor · SS1");

    page = await page.form({ button: "Sell" }).fill("Quantity", "5").submit("Sell");
    expect(page.field("Quantity").description).toMatch(/^Only 3 left in stock\./);
    expect(page.field("Quantity").value).toBe("5");
    expect((await viaApi<{ total: number }>(school, "GET", "/inventory/purchases")).total).toBe(0);

    page = await page.form({ button: "Sell" }).fill("Quantity", "2").submit("Sell");
    expect(page.path).toBe("/admin/inventory/purchased");
    expect(page.toast()).toBe("Sale recorded successfully!");
    const purchases = () => page.listItems("Purchased items");
    expect(purchases()).toHaveLength(1);
    expect(purchases()[0]).toContain("Track Suit");
    expect(purchases()[0]).toContain("SS1 · PE Kits");
    expect(purchases()[0]).toContain("₦8,500.00 × 2 = ₦17,000.00");
    expect(purchases()[0]).toContain("Sold to Ngozi Okafor (SS1)");

    page = await search(page, "Search", "ngozi");
    expect(purchases()).toHaveLength(1);
    page = await search(page, "Search", "chidi");
    expect(page.text()).toContain("No items found matching your search");

    expect((await viaApi<{ quantity: number }>(school, "GET", `/inventory/items/${suit.id}`)).quantity).toBe(1);
    expect(stats(await browser.goto("/admin/inventory"))).toEqual(["1", "2"]);
  });

  it("bank details: a number failing the check digit is refused, a good one is verified and saved", async () => {
    const school = await registerSchool("Bank");
    const browser = await signedIn(school);
    const good = nubanFor("058", "012345678");
    const bad = `${good.slice(0, 9)}${(Number(good[9]) + 1) % 10}`;

    let page = await (await browser.goto("/admin/inventory")).follow("Bank Details");
    expect(page.path).toBe("/admin/add-bank-details");
    expect(page.heading()).toBe("Bank Details");
    expect(page.text()).toMatch(/Sandbox verification:/);

    page = await page.press("Save Bank Details");
    for (const label of ["Bank", "Account Number", "Account Name"]) {
      expect(page.field(label).description).toMatch(
        /^Please fill in all required fields and verify your account number/,
      );
    }

    page = await page
      .form({ button: "Verify" })
      .select("Bank", "Guaranty Trust Bank")
      .fill("Account Number", bad)
      .submit("Verify");
    expect(page.field("Account Number").description).toMatch(
      /^This account number is not valid for Guaranty Trust Bank\./,
    );
    expect(page.field("Account Number").value).toBe(bad);
    expect(page.field("Account Name").value).toBe("");

    page = await page.form({ button: "Verify" }).fill("Account Number", good).submit("Verify");
    expect(page.field("Account Name").value).toBe(`SANDBOX ACCOUNT ${good.slice(-4)}`);
    expect(page.field("Account Number").description).toBe("10 digits");
    expect(page.field("Bank").value).toBe("058");
    expect(await viaApi(school, "GET", "/payment-account")).toBeNull();

    page = await page.press("Save Bank Details");
    expect(page.path).toBe("/admin/inventory");
    expect(page.toast()).toBe("Bank details added successfully!");
    expect(page.text('[data-testid="bank-summary"]')).toBe(
      `Payments go to Guaranty Trust Bank · ${good} · SANDBOX ACCOUNT ${good.slice(-4)}`,
    );
    page = await browser.goto("/admin/add-bank-details");
    expect(page.text('[data-testid="current-account"]')).toBe(
      `Guaranty Trust Bank · ${good} · SANDBOX ACCOUNT ${good.slice(-4)}`,
    );
    expect(page.field("Account Name").value).toBe(`SANDBOX ACCOUNT ${good.slice(-4)}`);
  });

  it("a group or item that is not this school's is not found, inside the admin shell", async () => {
    const browser = await signedIn(await registerSchool("Missing"));
    for (const [path, title] of [
      ["/admin/inventory/edit-product?itemId=999999", "Item not found."],
      ["/admin/inventory/sell?itemId=999999", "Item not found."],
      ["/admin/inventory/group/items?groupId=999999", "Group not found."],
    ]) {
      const page = await browser.goto(path);
      expect(page.status, path).toBe(404);
      expect(page.heading(), path).toBe(title);
      expect(page.href("Back to inventory"), path).toBe("/admin/inventory");
      expect(page.document.querySelector('nav[aria-label="Admin menu"]'), path).not.toBeNull();
    }
  });

  it("a product withdrawn from sale: ticked on its form, shown so in its group, never sold, not counted", async () => {
    const school = await registerSchool("Withdrawn");
    const group = await viaApi<{ id: number }>(school, "POST", "/inventory/groups", { name: "Uniforms" });
    await viaApi(school, "POST", "/inventory/items", {
      name: "Blue Shorts",
      class: "JSS1",
      price: 3500,
      group_id: group.id,
      quantity: 10,
    });
    const browser = await signedIn(school);

    // Added withdrawn with 20 units: In Stock is never said of it, nor Out of Stock.
    let page = await browser.goto(`/admin/inventory/add-product?groupId=${group.id}`);
    expect(page.field("Withdrawn from sale").checked).toBe(false);
    expect(page.field("Withdrawn from sale").description).toBe(
      "Kept in the list, but never sold, whatever the quantity in stock",
    );
    page = await page
      .form({ button: "Add Product" })
      .fill("Name", "Old Crest Tie")
      .select("Class", "JSS1")
      .fill("Price (₦)", "1,000")
      .fill("Quantity in stock", "20")
      .check("Withdrawn from sale")
      .submit("Add Product");
    expect(page.toast()).toBe("Product added successfully!");
    expect(stats(page)).toEqual(["10", "0"]);

    page = await browser.goto(`/admin/inventory/group/items?groupId=${group.id}`);
    const tie = items(page).find((item) => item.includes("Old Crest Tie"));
    expect(tie).toContain("Withdrawn from sale20 in stock");
    expect(tie).not.toMatch(/In Stock|Out of Stock/);
    expect(page.menu("Actions for Old Crest Tie, JSS1").querySelector("a[href*='/sell']")).toBeNull();
    const tieId = (await viaApi<{ data: Array<{ id: number }> }>(school, "GET", "/inventory/items?q=crest")).data[0].id;
    page = await browser.goto(`/admin/inventory/sell?itemId=${tieId}`);
    expect(page.text('[role="alert"]')).toBe("This item is withdrawn from sale.");
    expect(page.buttons("Sell")).toHaveLength(0);

    // Edited: the box comes ticked; unticked, the item is on sale and counted.
    page = await browser.goto(`/admin/inventory/edit-product?itemId=${tieId}`);
    expect(page.field("Withdrawn from sale").checked).toBe(true);
    page = await page.form({ button: "Save Changes" }).uncheck("Withdrawn from sale").submit("Save Changes");
    expect(page.toast()).toBe("Product updated successfully!");
    expect(items(page).find((item) => item.includes("Old Crest Tie"))).toContain("In Stock20 in stock");
    expect(stats(await browser.goto("/admin/inventory"))).toEqual(["30", "0"]);
  });

  it("a sale to a student of another class: a confirmation step names both classes, the form kept, then one sale", async () => {
    const school = await registerSchool("Other class");
    const group = await viaApi<{ id: number }>(school, "POST", "/inventory/groups", { name: "PE Kits" });
    const suit = await viaApi<{ id: number }>(school, "POST", "/inventory/items", {
      name: "Track Suit",
      class: "SS1",
      price: 8500,
      group_id: group.id,
      quantity: 3,
    });
    const chidi = await viaApi<{ unique_id: string }>(school, "POST", "/students", {
      student_data: { name: "Chidi Eze", selectedClass: "JSS3", gender: "Male", phone_number: "0803 123 4567" },
    });
    const browser = await signedIn(school);

    let page = await browser.goto(`/admin/inventory/sell?itemId=${suit.id}&studentId=${chidi.unique_id}`);
    expect(page.text('[data-testid="chosen-student"]')).toBe("Chidi Eze · JSS3");
    expect(page.buttons("Confirm sale")).toHaveLength(0);
    page = await page.form({ button: "Sell" }).fill("Quantity", "2").submit("Sell");
    expect(page.status).toBe(422);
    expect(page.text("#sale-error")).toBe(
      "Track Suit is for SS1, but Chidi Eze is in JSS3. Confirm to sell it anyway.",
    );
    expect(page.field("Quantity").value).toBe("2");
    expect(page.buttons("Sell")).toHaveLength(0);
    expect((await viaApi<{ total: number }>(school, "GET", "/inventory/purchases")).total).toBe(0);

    // Confirmed twice at once: one sale.
    const confirm = page.form({ button: "Confirm sale" });
    const [first, second] = await Promise.all([confirm.submit("Confirm sale"), confirm.submit("Confirm sale")]);
    for (const answer of [first, second]) {
      expect(answer.path).toBe("/admin/inventory/purchased");
      expect(answer.toast()).toBe("Sale recorded successfully!");
    }
    expect(first.listItems("Purchased items")).toHaveLength(1);
    expect(first.listItems("Purchased items")[0]).toContain("Sold to Chidi Eze (JSS3)");
    expect((await viaApi<{ quantity: number }>(school, "GET", `/inventory/items/${suit.id}`)).quantity).toBe(1);
  });
});
