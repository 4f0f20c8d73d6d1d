import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withdrawnFromSale } from "../../api/db/migrations/0019_withdrawn_from_sale";
import {
  INVENTORY_MESSAGES as M,
  type InventoryGroupSummary,
  type InventoryItem,
  type Purchase,
} from "../../contract/inventory";
import { DEFAULT_SUCCESS, INVENTORY_SPEC_MESSAGES as SPEC } from "../../contract/messages";
import { DATABASE, registerSchool, startApi, type RegisteredSchool, type TestApi } from "./harness";
import { schoolCalls } from "./school-calls";

/** Inventory groups, items, stats and sales to students (contract/inventory.ts), on the real database. */
describe(`inventory API on ${DATABASE}`, { timeout: 60_000 }, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  let other: RegisteredSchool;
  beforeAll(async () => {
    api = await startApi();
    api.clock.now = new Date("2026-01-15T09:30:00Z");
    [school, other] = await Promise.all([registerSchool(api), registerSchool(api)]);
  });
  afterAll(() => api.close());

  const { call, get } = schoolCalls(() => api);
  let serial = 0;
  const key = () => `key-${Date.now()}-${++serial}-abcdefghijkl`;

  async function group(s: RegisteredSchool, name = `Group ${++serial}`): Promise<{ id: number; name: string }> {
    const res = await call(s, "POST", "/inventory/groups", { name });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  }
  const product = (groupId: number, overrides: Record<string, unknown> = {}) => ({
    name: `Shirt ${++serial}`,
    class: "JSS1",
    price: 4500,
    group_id: groupId,
    quantity: 10,
    ...overrides,
  });
  async function item(
    s: RegisteredSchool,
    groupId: number,
    overrides: Record<string, unknown> = {},
  ): Promise<InventoryItem> {
    const res = await call(s, "POST", "/inventory/items", product(groupId, overrides));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  }
  async function student(s: RegisteredSchool, name = `Pupil ${++serial}`, className = "JSS1"): Promise<string> {
    const res = await call(s, "POST", "/students", {
      student_data: { name, selectedClass: className, gender: "Female", phone_number: "0803 123 4567" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.unique_id;
  }
  const sell = (s: RegisteredSchool, body: Record<string, unknown>, idempotencyKey = key()) =>
    call(s, "POST", "/inventory/purchases", body, { "Idempotency-Key": idempotencyKey });
  const tableCount = async (table: "inventory_groups" | "inventory_items" | "inventory_purchases") =>
    Number(
      (
        await api.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe("groups", () => {
    it("adds a group with the product's message; its name is trimmed and its inner spaces collapsed", async () => {
      const res = await call(school, "POST", "/inventory/groups", { name: "  PE   Kits " });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        message: SPEC.groupAdded,
        data: { id: expect.any(Number), name: "PE Kits", items_count: 0 },
      });
      expect(await get(school, `/inventory/groups/${res.body.data.id}`)).toEqual({ ...res.body.data, sales_count: 0 });
    });

    it.each([
      ["no name", {}, M.nameRequired],
      ["a blank name", { name: "   " }, M.nameRequired],
      ["a name that is not text", { name: 12 }, M.nameRequired],
      ["a name too long", { name: "x".repeat(101) }, M.nameTooLong],
    ])("refuses %s beside the field and writes nothing", async (_, body, message) => {
      const before = await tableCount("inventory_groups");
      const res = await call(school, "POST", "/inventory/groups", body);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ name: [message] });
      expect(await tableCount("inventory_groups")).toBe(before);
    });

    it("refuses a second group of the same name in the school, whatever its case; another school may use it", async () => {
      const first = await group(school, "Textbooks");
      const res = await call(school, "POST", "/inventory/groups", { name: "textbooks " });
      expect(res.status).toBe(409);
      expect(res.body.errors).toEqual({ name: [M.groupExists] });
      expect((await call(other, "POST", "/inventory/groups", { name: "Textbooks" })).status).toBe(201);
      expect((await get<{ total: number }>(school, "/inventory/groups?q=textbooks")).total).toBe(1);
      expect(first.name).toBe("Textbooks");
    });

    it("adds one group for a form sent twice, or three times at once, with the same idempotency key", async () => {
      const once = key();
      const first = await call(school, "POST", "/inventory/groups", { name: "Lab Coats" }, { "Idempotency-Key": once });
      const again = await call(school, "POST", "/inventory/groups", { name: "Lab Coats" }, { "Idempotency-Key": once });
      expect([first.status, again.status]).toEqual([201, 200]);
      expect(again.body.data.id).toBe(first.body.data.id);

      const racing = key();
      const answers = await Promise.all(
        [1, 2, 3].map(() =>
          call(school, "POST", "/inventory/groups", { name: "Sports Bags" }, { "Idempotency-Key": racing }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
      expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
      expect((await get<{ total: number }>(school, "/inventory/groups?q=sports bags")).total).toBe(1);
    });

    it("renames a group through POST with its id, refusing another group's name and unknown ids", async () => {
      const g = await group(school, "Stationery");
      await group(school, "Art Supplies");
      const renamed = await call(school, "POST", "/inventory/groups", { id: g.id, name: "Stationery & Books" });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toEqual({
        message: SPEC.groupUpdated,
        data: { id: g.id, name: "Stationery & Books", items_count: 0 },
      });
      expect((await call(school, "POST", "/inventory/groups", { id: g.id, name: "stationery & books" })).status).toBe(
        200,
      );
      const clash = await call(school, "POST", "/inventory/groups", { id: g.id, name: "ART SUPPLIES" });
      expect(clash.status).toBe(409);
      expect((await get<{ name: string }>(school, `/inventory/groups/${g.id}`)).name).toBe("stationery & books");
      expect((await call(school, "POST", "/inventory/groups", { id: 999_999, name: "Ghost" })).status).toBe(404);
      expect((await call(other, "POST", "/inventory/groups", { id: g.id, name: "Taken over" })).status).toBe(404);
    });

    it("answers 404 for unknown, malformed and other schools' group ids", async () => {
      const g = await group(school);
      for (const id of ["999999", "abc", "0", "-1", "1.5"])
        expect((await call(school, "GET", `/inventory/groups/${id}`)).status, id).toBe(404);
      expect((await call(other, "GET", `/inventory/groups/${g.id}`)).status).toBe(404);
      expect((await call(other, "GET", `/inventory/items?group_id=${g.id}`)).status).toBe(404);
    });

    it("lists groups by name with item counts, a page at a time, and searches group and item names", async () => {
      const s = await registerSchool(api);
      const names = ["Uniforms", "Books", "PE Kits", "100%_Cotton"];
      const groups: Record<string, number> = {};
      for (const name of names) groups[name] = (await group(s, name)).id;
      await item(s, groups.Uniforms, { name: "White Shirt" });
      await item(s, groups.Uniforms, { name: "Blue Shorts" });
      await item(s, groups.Uniforms, { name: "White Socks" });
      await item(s, groups.Books, { name: "New General Mathematics" });

      const all = await get<{ data: InventoryGroupSummary[]; total: number }>(s, "/inventory/groups");
      expect(all.data.map((g) => [g.name, g.items_count])).toEqual([
        ["100%_Cotton", 0],
        ["Books", 1],
        ["PE Kits", 0],
        ["Uniforms", 3],
      ]);
      expect(all.data.every((g) => g.matching_items.length === 0)).toBe(true);

      const page2 = await get<{ data: InventoryGroupSummary[]; current_page: number; last_page: number }>(
        s,
        "/inventory/groups?per_page=3&page=2",
      );
      expect(page2).toMatchObject({ current_page: 2, last_page: 2 });
      expect(page2.data.map((g) => g.name)).toEqual(["Uniforms"]);

      const byItem = await get<{ data: InventoryGroupSummary[] }>(s, "/inventory/groups?q=white");
      expect(byItem.data).toEqual([
        { id: groups.Uniforms, name: "Uniforms", items_count: 3, matching_items: ["White Shirt", "White Socks"] },
      ]);
      const byName = await get<{ data: InventoryGroupSummary[] }>(s, "/inventory/groups?q=KIT");
      expect(byName.data.map((g) => g.name)).toEqual(["PE Kits"]);
      expect(
        (await get<{ data: InventoryGroupSummary[] }>(s, "/inventory/groups?q=%25_")).data.map((g) => g.name),
      ).toEqual(["100%_Cotton"]);
      expect((await get<{ total: number }>(s, "/inventory/groups?q=_")).total).toBe(1);
      expect((await get<{ total: number }>(s, "/inventory/groups?q=nothing-like-this")).total).toBe(0);
      expect((await get<{ total: number }>(other, "/inventory/groups?q=white")).total).toBe(0);
    });

    it("deletes an empty group; refuses one with items unless told to delete them too, and keeps their sales", async () => {
      const s = await registerSchool(api);
      const empty = await group(s, "Empty");
      expect(await call(s, "DELETE", `/inventory/groups/${empty.id}`)).toEqual({
        status: 200,
        body: { message: DEFAULT_SUCCESS.deleted },
      });
      expect((await call(s, "DELETE", `/inventory/groups/${empty.id}`)).status).toBe(404);

      const full = await group(s, "Uniforms");
      const shirt = await item(s, full.id, { name: "Shirt", quantity: 4 });
      await item(s, full.id, { name: "Skirt" });
      const buyer = await student(s, "Ada Eze");
      expect((await sell(s, { item_id: shirt.id, student_id: buyer, quantity: 1 })).status).toBe(201);
      expect((await sell(s, { item_id: shirt.id, student_id: buyer, quantity: 2 })).status).toBe(201);

      const refused = await call(s, "DELETE", `/inventory/groups/${full.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ message: M.groupHasItems(2), errors: { items: [M.groupHasItems(2)] } });
      // The group on its own counts the sales of its items (rows, not units), which outlive them.
      expect(await get(s, `/inventory/groups/${full.id}`)).toEqual({
        id: full.id,
        name: "Uniforms",
        items_count: 2,
        sales_count: 2,
      });
      expect((await call(s, "DELETE", `/inventory/groups/${full.id}?with_items=yes`)).status).toBe(409);

      expect((await call(s, "DELETE", `/inventory/groups/${full.id}?with_items=true`)).status).toBe(200);
      expect((await call(s, "GET", `/inventory/groups/${full.id}`)).status).toBe(404);
      expect((await call(s, "GET", `/inventory/items/${shirt.id}`)).status).toBe(404);
      const [kept] = (await get<{ data: Purchase[] }>(s, "/inventory/purchases")).data;
      expect(kept).toMatchObject({
        item_id: null,
        name: "Shirt",
        group_name: "Uniforms",
        status: "In Stock",
        withdrawn: false,
        student_name: "Ada Eze",
      });
      expect(await get(s, "/inventory/stats")).toEqual({ items_in_stock: 0, items_purchased: 3 });
    });
  });

  describe("items", () => {
    it("adds a product with the product's message: price in naira on the wire, integer kobo in the table", async () => {
      const g = await group(school, "Uniforms");
      const res = await call(school, "POST", "/inventory/items", {
        name: " White  Shirt ",
        class: "JSS1",
        price: 12500.5,
        group_id: g.id,
        quantity: 24,
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        message: SPEC.productAdded,
        data: {
          id: expect.any(Number),
          name: "White Shirt",
          class: "JSS1",
          price: 12500.5,
          status: "In Stock",
          withdrawn: false,
          group_id: g.id,
          group_name: "Uniforms",
          quantity: 24,
        },
      });
      const row = await api.db
        .selectFrom("inventory_items")
        .select(["price_kobo", "quantity"])
        .where("id", "=", res.body.data.id)
        .executeTakeFirstOrThrow();
      expect(Number(row.price_kobo)).toBe(1_250_050);
      expect(await get(school, `/inventory/items/${res.body.data.id}`)).toEqual(res.body.data);
      expect((await get<{ items_count: number }>(school, `/inventory/groups/${g.id}`)).items_count).toBe(1);
    });

    it("takes a price typed with commas, 'All Classes', and an item with none left, which is Out of Stock", async () => {
      const g = await group(school);
      const typed = await item(school, g.id, { price: "₦2,000.05", class: "All Classes", quantity: 0 });
      expect(typed).toMatchObject({
        price: 2000.05,
        class: "All Classes",
        status: "Out of Stock",
        withdrawn: false,
        quantity: 0,
      });
    });

    it("requires name, class, price, group and quantity, each beside its field, and writes nothing", async () => {
      const before = await tableCount("inventory_items");
      const res = await call(school, "POST", "/inventory/items", {});
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({
        name: [M.nameRequired],
        class: [M.classRequired],
        price: [M.priceRequired],
        group_id: [M.groupRequired],
        quantity: [M.quantityRequired],
      });
      expect(await tableCount("inventory_items")).toBe(before);
    });

    it.each([
      ["a price with three decimals", { price: 12.345 }, "price", M.priceInvalid],
      ["a price typed with a decimal comma", { price: "12,50" }, "price", M.priceInvalid],
      ["a price of zero", { price: 0 }, "price", M.priceTooLow],
      ["a negative price", { price: -5 }, "price", M.priceTooLow],
      ["a price above ₦10,000,000", { price: 10_000_000.01 }, "price", M.priceTooHigh],
      ["an unknown status", { status: "Sold Out" }, "status", M.statusRequired],
      ["a fractional quantity", { quantity: 1.5 }, "quantity", M.quantityInvalid],
      ["a negative quantity", { quantity: -1 }, "quantity", M.quantityInvalid],
      ["a quantity as text", { quantity: "five" }, "quantity", M.quantityInvalid],
      ["In Stock sent with nothing in stock", { status: "In Stock", quantity: 0 }, "quantity", M.inStockNeedsQuantity],
      ["a withdrawn flag that is not true or false", { withdrawn: "yes" }, "withdrawn", M.withdrawnInvalid],
      ["a class the school does not have", { class: "Year 12" }, "class", M.classUnknown],
      ["a group that does not exist", { group_id: 999_999 }, "group_id", M.groupUnknown],
    ])("refuses %s beside the field and writes nothing", async (_, overrides, field, message) => {
      const g = await group(school);
      const before = await tableCount("inventory_items");
      const res = await call(school, "POST", "/inventory/items", product(g.id, overrides));
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.errors).toEqual({ [field]: [message] });
      expect(await tableCount("inventory_items")).toBe(before);
    });

    it("names every bad field at once, another school's group included", async () => {
      const theirs = await group(other);
      const res = await call(
        school,
        "POST",
        "/inventory/items",
        product(theirs.id, { name: "", class: "Year 12", price: "abc" }),
      );
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({
        name: [M.nameRequired],
        price: [M.priceInvalid],
        group_id: [M.groupUnknown],
        class: [M.classUnknown],
      });
    });

    it("refuses a second item of the same name and class in a group; another class or group is fine", async () => {
      const g = await group(school);
      await item(school, g.id, { name: "Blazer", class: "JSS1" });
      const clash = await call(school, "POST", "/inventory/items", product(g.id, { name: "blazer", class: "JSS1" }));
      expect(clash.status).toBe(409);
      expect(clash.body.errors).toEqual({ name: [M.itemExists] });
      await item(school, g.id, { name: "Blazer", class: "JSS2" });
      await item(school, (await group(school)).id, { name: "Blazer", class: "JSS1" });
    });

    it("adds one item for a form sent twice, or three times at once, with the same idempotency key", async () => {
      const g = await group(school);
      const body = product(g.id);
      const racing = key();
      const answers = await Promise.all(
        [1, 2, 3].map(() => call(school, "POST", "/inventory/items", body, { "Idempotency-Key": racing })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
      expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
      const again = await call(school, "POST", "/inventory/items", body, { "Idempotency-Key": racing });
      expect(again.status).toBe(200);
      expect((await get<{ items_count: number }>(school, `/inventory/groups/${g.id}`)).items_count).toBe(1);
    });

    it("updates an item through POST with its id: stock, price, status and group; an old class may stay", async () => {
      const [g1, g2] = [await group(school, "Kits A"), await group(school, "Kits B")];
      const kit = await item(school, g1.id, { name: "Track Suit", quantity: 3 });
      const res = await call(school, "POST", "/inventory/items", {
        ...product(g2.id, { name: "Track Suit", price: "9,999.99", quantity: 40 }),
        id: kit.id,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        message: SPEC.productUpdated,
        data: { ...kit, group_id: g2.id, group_name: "Kits B", price: 9999.99, quantity: 40 },
      });
      expect((await get<{ items_count: number }>(school, `/inventory/groups/${g1.id}`)).items_count).toBe(0);

      await api.db.updateTable("inventory_items").set({ class_name: "Primary 6" }).where("id", "=", kit.id).execute();
      const kept = await call(school, "POST", "/inventory/items", {
        ...product(g2.id, { name: "Track Suit", class: "Primary 6" }),
        id: kit.id,
      });
      expect(kept.status).toBe(200);
      const moved = await call(school, "POST", "/inventory/items", {
        ...product(g2.id, { name: "Track Suit", class: "Primary 7" }),
        id: kit.id,
      });
      expect(moved.body.errors).toEqual({ class: [M.classUnknown] });

      expect((await call(school, "POST", "/inventory/items", { ...product(g2.id), id: 999_999 })).status).toBe(404);
      expect((await call(other, "POST", "/inventory/items", { ...product(g2.id), id: kit.id })).status).toBe(404);
      expect((await get<InventoryItem>(school, `/inventory/items/${kit.id}`)).class).toBe("Primary 6");
    });

    it("lists a group's items by name a page at a time, searching names and the exact class", async () => {
      const s = await registerSchool(api);
      const g = await group(s, "Books");
      for (const [name, cls] of [
        ["Basic Science", "JSS1"],
        ["Basic Technology", "JSS2"],
        ["English Studies", "JSS1"],
        ["Civic Education", "SS1"],
      ]) {
        await item(s, g.id, { name, class: cls });
      }
      await item(s, (await group(s, "Other")).id, { name: "Basic Bag" });
      const list = await get<{ data: InventoryItem[]; total: number }>(s, `/inventory/items?group_id=${g.id}`);
      expect(list.data.map((i) => i.name)).toEqual([
        "Basic Science",
        "Basic Technology",
        "Civic Education",
        "English Studies",
      ]);
      expect(
        (await get<{ data: InventoryItem[] }>(s, `/inventory/items?group_id=${g.id}&q=basic`)).data.map((i) => i.name),
      ).toEqual(["Basic Science", "Basic Technology"]);
      expect(
        (await get<{ data: InventoryItem[] }>(s, `/inventory/items?group_id=${g.id}&q=jss1`)).data.map((i) => i.name),
      ).toEqual(["Basic Science", "English Studies"]);
      expect((await get<{ total: number }>(s, "/inventory/items?q=basic")).total).toBe(3);
      const second = await get<{ data: InventoryItem[]; current_page: number }>(
        s,
        `/inventory/items?group_id=${g.id}&per_page=3&page=2`,
      );
      expect(second.data.map((i) => i.name)).toEqual(["English Studies"]);
      for (const bad of ["abc", "0", "999999"])
        expect((await call(s, "GET", `/inventory/items?group_id=${bad}`)).status, bad).toBe(404);
    });

    it("deletes an item once; a second delete and another school's delete are 404s", async () => {
      const g = await group(school);
      const doomed = await item(school, g.id);
      expect((await call(other, "DELETE", `/inventory/items/${doomed.id}`)).status).toBe(404);
      expect(await call(school, "DELETE", `/inventory/items/${doomed.id}`)).toEqual({
        status: 200,
        body: { message: DEFAULT_SUCCESS.deleted },
      });
      expect((await call(school, "DELETE", `/inventory/items/${doomed.id}`)).status).toBe(404);
      expect((await call(school, "GET", `/inventory/items/${doomed.id}`)).status).toBe(404);
    });
  });

  describe("sales and stats", () => {
    it("sells an item: the purchase records the names and prices of the moment, the stock falls and the stats follow", async () => {
      const s = await registerSchool(api);
      const g = await group(s, "Uniforms");
      const shirt = await item(s, g.id, { name: "White Shirt", class: "JSS2", price: 4500.5, quantity: 5 });
      await item(s, g.id, { name: "Old Tie", withdrawn: true, quantity: 7 });
      const buyer = await student(s, "Chiamaka Obi", "JSS2");
      expect(await get(s, "/inventory/stats")).toEqual({ items_in_stock: 5, items_purchased: 0 });

      const res = await sell(s, { item_id: shirt.id, student_id: buyer, quantity: 2 });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        message: M.sold,
        data: {
          id: expect.any(Number),
          item_id: shirt.id,
          name: "White Shirt",
          class: "JSS2",
          group_name: "Uniforms",
          status: "In Stock",
          withdrawn: false,
          price: 4500.5,
          quantity: 2,
          total: 9001,
          student_id: buyer,
          student_name: "Chiamaka Obi",
          student_class: "JSS2",
          term: "2nd Term",
          session: "2025/2026",
          sold_at: "2026-01-15T09:30:00.000Z",
        },
      });
      const row = await api.db
        .selectFrom("inventory_purchases")
        .selectAll()
        .where("id", "=", res.body.data.id)
        .executeTakeFirstOrThrow();
      expect([Number(row.unit_price_kobo), Number(row.total_kobo)]).toEqual([450_050, 900_100]);
      expect((await get<InventoryItem>(s, `/inventory/items/${shirt.id}`)).quantity).toBe(3);
      expect(await get(s, "/inventory/stats")).toEqual({ items_in_stock: 3, items_purchased: 2 });

      // A later price change leaves the sale as it was.
      await call(s, "POST", "/inventory/items", {
        ...product(g.id, { name: "White Shirt", class: "JSS2", price: 5000, quantity: 3 }),
        id: shirt.id,
      });
      expect((await get<{ data: Purchase[] }>(s, "/inventory/purchases")).data[0]).toMatchObject({
        price: 4500.5,
        total: 9001,
      });
    });

    it("refuses to sell more than the stock, and sells the last ones, after which the item is Out of Stock", async () => {
      const g = await group(school);
      const book = await item(school, g.id, { quantity: 3 });
      const buyer = await student(school);
      const purchasesBefore = await tableCount("inventory_purchases");

      const tooMany = await sell(school, { item_id: book.id, student_id: buyer, quantity: 4 });
      expect(tooMany.status).toBe(409);
      expect(tooMany.body).toEqual({ message: M.notEnoughStock(3), errors: { quantity: [M.notEnoughStock(3)] } });
      expect(await tableCount("inventory_purchases")).toBe(purchasesBefore);
      expect((await get<InventoryItem>(school, `/inventory/items/${book.id}`)).quantity).toBe(3);

      const last = await sell(school, { item_id: book.id, student_id: buyer, quantity: 3 });
      expect(last.status).toBe(201);
      expect(last.body.data.status).toBe("Out of Stock");
      expect(await get<InventoryItem>(school, `/inventory/items/${book.id}`)).toMatchObject({
        quantity: 0,
        status: "Out of Stock",
      });
      const none = await sell(school, { item_id: book.id, student_id: buyer, quantity: 1 });
      expect(none.status).toBe(409);
      expect(none.body.errors).toEqual({ quantity: [M.outOfStock] });
    });

    it("never sells an item withdrawn from sale, whatever its stock; put back on sale, it sells", async () => {
      const g = await group(school);
      const withdrawn = await item(school, g.id, { withdrawn: true, quantity: 9 });
      expect(withdrawn).toMatchObject({ status: "In Stock", withdrawn: true, quantity: 9 });
      const buyer = await student(school);
      const before = await tableCount("inventory_purchases");
      const res = await sell(school, { item_id: withdrawn.id, student_id: buyer, quantity: 1 });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: M.withdrawn, errors: { quantity: [M.withdrawn] } });
      expect(await tableCount("inventory_purchases")).toBe(before);
      expect((await get<InventoryItem>(school, `/inventory/items/${withdrawn.id}`)).quantity).toBe(9);

      const { id: _id, ...fields } = withdrawn;
      expect(
        (await call(school, "POST", "/inventory/items", { ...fields, id: withdrawn.id, withdrawn: false })).status,
      ).toBe(200);
      expect((await sell(school, { item_id: withdrawn.id, student_id: buyer, quantity: 1 })).status).toBe(201);
    });

    it.each([
      [
        "nothing",
        {},
        { item_id: [M.itemNotFound], student_id: [M.studentRequired], quantity: [M.saleQuantityInvalid] },
      ],
      ["a quantity of 0", { quantity: 0 }, { quantity: [M.saleQuantityInvalid] }],
      ["a fractional quantity", { quantity: 1.5 }, { quantity: [M.saleQuantityInvalid] }],
      ["a quantity over 1,000", { quantity: 1001 }, { quantity: [M.saleQuantityInvalid] }],
    ])("refuses a sale with %s and writes nothing", async (_, overrides, errors) => {
      const g = await group(school);
      const it = await item(school, g.id);
      const buyer = await student(school);
      const body = Object.keys(overrides).length
        ? { item_id: it.id, student_id: buyer, quantity: 1, ...overrides }
        : {};
      const before = await tableCount("inventory_purchases");
      const res = await sell(school, body);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual(errors);
      expect(await tableCount("inventory_purchases")).toBe(before);
      expect((await get<InventoryItem>(school, `/inventory/items/${it.id}`)).quantity).toBe(10);
    });

    it("sells only to a current student of the school, and only the school's own items", async () => {
      const g = await group(school);
      const it = await item(school, g.id);
      const former = await student(school, "Former Pupil");
      expect((await call(school, "POST", `/students/${former}/backlog`, { reason: "Graduated" })).status).toBe(200);
      const theirs = await student(other, "Their Pupil");
      for (const studentId of [former, theirs, "STU-NOBODY"]) {
        const res = await sell(school, { item_id: it.id, student_id: studentId, quantity: 1 });
        expect(res.status, studentId).toBe(422);
        expect(res.body.errors).toEqual({ student_id: [M.studentNotFound] });
      }
      const foreign = await sell(other, { item_id: it.id, student_id: theirs, quantity: 1 });
      expect(foreign.status).toBe(422);
      expect(foreign.body.errors).toEqual({ item_id: [M.itemNotFound] });
      expect((await get<InventoryItem>(school, `/inventory/items/${it.id}`)).quantity).toBe(10);
    });

    it("records one sale for a form sent twice, or three times at once, and lowers the stock once", async () => {
      const g = await group(school);
      const it = await item(school, g.id, { quantity: 4 });
      const buyer = await student(school);
      const once = key();
      const first = await sell(school, { item_id: it.id, student_id: buyer, quantity: 1 }, once);
      const again = await sell(school, { item_id: it.id, student_id: buyer, quantity: 1 }, once);
      expect([first.status, again.status]).toEqual([201, 200]);
      expect(again.body.data.id).toBe(first.body.data.id);

      const racing = key();
      const answers = await Promise.all(
        [1, 2, 3].map(() => sell(school, { item_id: it.id, student_id: buyer, quantity: 3 }, racing)),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
      expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
      expect((await get<InventoryItem>(school, `/inventory/items/${it.id}`)).quantity).toBe(0);
      expect((await get<{ total: number }>(school, `/inventory/purchases?student_id=${buyer}`)).total).toBe(2);
    });

    it("never oversells under parallel sales: of 12 single sales against 5 in stock, exactly 5 go through", async () => {
      const g = await group(school);
      const it = await item(school, g.id, { quantity: 5 });
      const buyers = await Promise.all(Array.from({ length: 4 }, () => student(school)));
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, n) => sell(school, { item_id: it.id, student_id: buyers[n % 4], quantity: 1 })),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
      const refused = answers.filter((a) => a.status !== 201);
      expect(refused).toHaveLength(7);
      for (const r of refused) expect(r.status).toBe(409);
      expect(await get<InventoryItem>(school, `/inventory/items/${it.id}`)).toMatchObject({
        quantity: 0,
        status: "Out of Stock",
      });
      const sold = await api.db
        .selectFrom("inventory_purchases")
        .select((eb) => eb.fn.sum<number>("quantity").as("n"))
        .where("item_id", "=", it.id)
        .executeTakeFirstOrThrow();
      expect(Number(sold.n)).toBe(5);
    });

    it("never oversells parallel sales of several units: 4 sales of 2 against 5 in stock, 2 go through", async () => {
      const g = await group(school);
      const it = await item(school, g.id, { quantity: 5 });
      const buyer = await student(school);
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => sell(school, { item_id: it.id, student_id: buyer, quantity: 2 })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409, 409]);
      for (const r of answers.filter((a) => a.status === 409))
        expect(r.body.errors).toEqual({ quantity: [M.notEnoughStock(1)] });
      expect((await get<InventoryItem>(school, `/inventory/items/${it.id}`)).quantity).toBe(1);
    });

    it("lists purchases newest first, searches item, group, class and student, and filters by student", async () => {
      const s = await registerSchool(api);
      const [uniforms, books] = [await group(s, "Uniforms"), await group(s, "Books")];
      const shirt = await item(s, uniforms.id, { name: "White Shirt", class: "JSS1", quantity: 50 });
      const atlas = await item(s, books.id, { name: "School Atlas", class: "SS2", quantity: 50 });
      const [ada, bayo] = [await student(s, "Ada Nwosu"), await student(s, "Bayo Adeyemi")];
      const times = ["2026-01-10T08:00:00Z", "2026-01-11T08:00:00Z", "2026-01-12T08:00:00Z"];
      for (const [n, [what, who]] of (
        [
          [shirt, ada],
          [atlas, ada],
          [shirt, bayo],
        ] as const
      ).entries()) {
        api.clock.now = new Date(times[n]);
        const sale = { item_id: what.id, student_id: who, quantity: n + 1, confirm_other_class: true };
        expect((await sell(s, sale)).status).toBe(201);
      }
      api.clock.now = new Date("2026-01-15T09:30:00Z");

      const all = await get<{ data: Purchase[]; total: number }>(s, "/inventory/purchases");
      expect(all.data.map((p) => [p.name, p.student_name, p.quantity])).toEqual([
        ["White Shirt", "Bayo Adeyemi", 3],
        ["School Atlas", "Ada Nwosu", 2],
        ["White Shirt", "Ada Nwosu", 1],
      ]);
      const names = async (query: string) =>
        (await get<{ data: Purchase[] }>(s, `/inventory/purchases${query}`)).data.map(
          (p) => `${p.name}/${p.student_name}`,
        );
      expect(await names("?q=atlas")).toEqual(["School Atlas/Ada Nwosu"]);
      expect(await names("?q=UNIFORMS")).toEqual(["White Shirt/Bayo Adeyemi", "White Shirt/Ada Nwosu"]);
      expect(await names("?q=ss2")).toEqual(["School Atlas/Ada Nwosu"]);
      expect(await names("?q=bayo")).toEqual(["White Shirt/Bayo Adeyemi"]);
      expect(await names(`?student_id=${ada}`)).toEqual(["School Atlas/Ada Nwosu", "White Shirt/Ada Nwosu"]);
      expect(await names("?q=nothing")).toEqual([]);
      const page = await get<{ data: Purchase[]; last_page: number }>(s, "/inventory/purchases?per_page=2&page=2");
      expect([page.last_page, page.data.length]).toEqual([2, 1]);
      expect((await get<{ total: number }>(other, "/inventory/purchases?q=atlas")).total).toBe(0);

      // The item's stock status now; the student's name stays when the record is deleted.
      await call(s, "POST", "/inventory/items", {
        ...product(books.id, { name: "School Atlas", class: "SS2", withdrawn: true, quantity: 48 }),
        id: atlas.id,
      });
      expect((await call(s, "DELETE", `/students/${ada}`)).status).toBe(200);
      const after = (await get<{ data: Purchase[] }>(s, "/inventory/purchases?q=atlas")).data[0];
      expect(after).toMatchObject({ status: "In Stock", withdrawn: true, student_id: null, student_name: "Ada Nwosu" });
      expect(await get(s, "/inventory/stats")).toEqual({ items_in_stock: 46, items_purchased: 6 });
    });
  });

  describe("stock status, withdrawn from sale and the class of a sale", () => {
    const update = (s: RegisteredSchool, it: InventoryItem, changes: Record<string, unknown>) =>
      call(s, "POST", "/inventory/items", {
        ...product(it.group_id, { name: it.name, class: it.class, quantity: it.quantity }),
        id: it.id,
        ...changes,
      });

    it("works the status out from the quantity on every write, the sale that takes the last unit included", async () => {
      const g = await group(school);
      const it = await item(school, g.id, { quantity: 20 });
      expect(it).toMatchObject({ status: "In Stock", withdrawn: false });
      expect((await update(school, it, { quantity: 0 })).body.data).toMatchObject({ status: "Out of Stock" });
      expect((await update(school, it, { quantity: 2 })).body.data).toMatchObject({ status: "In Stock" });
      const last = await sell(school, { item_id: it.id, student_id: await student(school), quantity: 2 });
      expect(last.body.data).toMatchObject({ status: "Out of Stock", withdrawn: false });
      expect(await get<InventoryItem>(school, `/inventory/items/${it.id}`)).toMatchObject({
        status: "Out of Stock",
        quantity: 0,
      });
    });

    it("reads an older client's status: Out of Stock with units left is withdrawn, never Out of Stock with 20", async () => {
      const g = await group(school);
      const old = await item(school, g.id, { status: "Out of Stock", quantity: 20 });
      expect(old).toMatchObject({ status: "In Stock", withdrawn: true, quantity: 20 });
      expect((await update(school, old, { status: "In Stock" })).body.data).toMatchObject({ withdrawn: false });
      const none = await item(school, g.id, { status: "Out of Stock", quantity: 0 });
      expect(none).toMatchObject({ status: "Out of Stock", withdrawn: false });
      // Sent beside `withdrawn`, the status is ignored: the flag decides, the quantity gives the status.
      expect(
        (await update(school, old, { status: "Out of Stock", withdrawn: false, quantity: 20 })).body.data,
      ).toMatchObject({ status: "In Stock", withdrawn: false });
      expect((await update(school, old, { status: "In Stock", withdrawn: true, quantity: 0 })).body.data).toMatchObject(
        { status: "Out of Stock", withdrawn: true },
      );
      // Neither sent: an edit keeps the flag.
      expect((await update(school, old, { quantity: 7 })).body.data).toMatchObject({
        status: "In Stock",
        withdrawn: true,
      });
    });

    it("counts in Items in Stock the units of items with units left and not withdrawn", async () => {
      const s = await registerSchool(api);
      const g = await group(s);
      await item(s, g.id, { quantity: 20 });
      await item(s, g.id, { quantity: 5 });
      const off = await item(s, g.id, { quantity: 30, withdrawn: true });
      await item(s, g.id, { quantity: 0 });
      expect(await get(s, "/inventory/stats")).toEqual({ items_in_stock: 25, items_purchased: 0 });
      await update(s, off, { withdrawn: false });
      expect(await get(s, "/inventory/stats")).toEqual({ items_in_stock: 55, items_purchased: 0 });
    });

    it("asks to confirm a sale of an item for one class to a student of another, and sells it once confirmed", async () => {
      const s = await registerSchool(api);
      const g = await group(s, "Books");
      const atlas = await item(s, g.id, { name: "School Atlas", class: "SS2", quantity: 5 });
      const buyer = await student(s, "Ada Nwosu", "JSS1");
      const message = M.otherClass({ name: "School Atlas", class: "SS2" }, { name: "Ada Nwosu", class: "JSS1" });
      expect(message).toBe("School Atlas is for SS2, but Ada Nwosu is in JSS1. Confirm to sell it anyway.");

      const once = key();
      for (const confirm of [{}, { confirm_other_class: false }]) {
        const refused = await sell(s, { item_id: atlas.id, student_id: buyer, quantity: 2, ...confirm }, once);
        expect(refused.status).toBe(409);
        expect(refused.body).toEqual({ message, errors: { confirm_other_class: [message] } });
      }
      expect((await get<{ total: number }>(s, "/inventory/purchases")).total).toBe(0);
      expect((await get<InventoryItem>(s, `/inventory/items/${atlas.id}`)).quantity).toBe(5);
      const notBoolean = await sell(s, { item_id: atlas.id, student_id: buyer, quantity: 2, confirm_other_class: "x" });
      expect(notBoolean.status).toBe(422);
      expect(notBoolean.body.errors).toEqual({ confirm_other_class: [M.confirmInvalid] });

      // Confirmed with the same key: one sale, and a re-sent confirmation answers it again.
      const sold = await sell(
        s,
        { item_id: atlas.id, student_id: buyer, quantity: 2, confirm_other_class: true },
        once,
      );
      expect(sold.status).toBe(201);
      expect(sold.body.data).toMatchObject({ class: "SS2", student_class: "JSS1", quantity: 2 });
      const again = await sell(
        s,
        { item_id: atlas.id, student_id: buyer, quantity: 2, confirm_other_class: true },
        once,
      );
      expect([again.status, again.body.data.id]).toEqual([200, sold.body.data.id]);
      expect((await get<InventoryItem>(s, `/inventory/items/${atlas.id}`)).quantity).toBe(3);

      // Stock comes first: nothing to confirm for an item that cannot be sold.
      const tooMany = await sell(s, { item_id: atlas.id, student_id: buyer, quantity: 4 });
      expect(tooMany.body.errors).toEqual({ quantity: [M.notEnoughStock(3)] });
      // An item for All Classes, or for the student's own class, needs no confirmation.
      const kit = await item(s, g.id, { name: "PE Kit", class: "All Classes" });
      const shirt = await item(s, g.id, { name: "Shirt", class: "JSS1" });
      for (const it of [kit, shirt])
        expect((await sell(s, { item_id: it.id, student_id: buyer, quantity: 1 })).status, it.name).toBe(201);
    });

    it("migration 0019: a product stored Out of Stock with units left becomes withdrawn, and its status follows the quantity", async () => {
      const s = await registerSchool(api);
      const g = await group(s);
      const [sold, left, empty] = [
        await item(s, g.id, { name: "Old Tie", quantity: 20 }),
        await item(s, g.id, { name: "Shirt", quantity: 4 }),
        await item(s, g.id, { name: "Sneakers", quantity: 0 }),
      ];
      const migration = withdrawnFromSale(DATABASE);
      await migration.down!(api.db as never);
      await sql`update inventory_items set status = 'Out of Stock' where id = ${sold.id}`.execute(api.db);
      await sql`update inventory_items set status = 'In Stock' where id = ${empty.id}`.execute(api.db);
      await migration.up(api.db as never);

      const now = async (id: number) => {
        const it = await get<InventoryItem>(s, `/inventory/items/${id}`);
        return [it.status, it.withdrawn, it.quantity];
      };
      expect(await now(sold.id)).toEqual(["In Stock", true, 20]);
      expect(await now(left.id)).toEqual(["In Stock", false, 4]);
      expect(await now(empty.id)).toEqual(["Out of Stock", false, 0]);
      expect(await get(s, "/inventory/stats")).toEqual({ items_in_stock: 4, items_purchased: 0 });
    });
  });
});
