import { describe, expect, it } from "vitest";
import { PAGE_SIZE } from "../../contract/limits";
import { logoPng, textFile } from "../e2e/support/files";
import { normalize, type Page } from "./support/browser";
import { registerSchool, signedIn, type Admin } from "./support/school";

/**
 * Parents with JavaScript off: the list's GET search form and pages, the Delete confirm page, the add
 * form (children offered by the phone on the first save and found by "Find", photo checked by its bytes,
 * the same form sent twice) and the parent's page with its edit form. Each test registers its own school:
 * they count the parents they add.
 */

async function viaApi(school: Admin, path: string, data: unknown) {
  const response = await school.api<{ data: { unique_id: string; id: number } }>("POST", path, data);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data;
}
const addStudent = (school: Admin, data: Record<string, unknown>) =>
  viaApi(school, "/students", {
    student_data: { selectedClass: "JSS1", gender: "Female", phone_number: "0803 111 0000", ...data },
  });
let serial = 0;
const addParent = (school: Admin, data: Record<string, unknown>) => {
  serial += 1;
  return viaApi(school, "/stu-parents", {
    parent_data: { email: `parent${serial}@forms.ng`, phone: `0805 200 ${String(1000 + serial)}`, ...data },
  });
};

type ParentList = {
  total: number;
  data: Array<{
    unique_id: string;
    parent_data: Record<string, unknown>;
    children: Array<{ student_data: { name: string } }>;
  }>;
};
const listParents = async (school: Admin, query = "") =>
  (await school.api<{ data: ParentList }>("GET", `/stu-parents${query}`)).body.data;

const rows = (page: Page) => page.listItems("Parents");
/** The photo a row of the list shows, if any. */
const rowPhoto = (page: Page, index: number) =>
  page.document.querySelectorAll('ul[aria-label="Parents"] > li')[index]?.querySelector("img")?.getAttribute("src") ??
  null;

describe("parents list without JavaScript", () => {
  it("searches, filters by a child's class, pages, leads to the add screens, deletes after its confirm page", async () => {
    const school = await registerSchool("ParentsList");
    const ada = await addStudent(school, { name: "Ada Okafor", selectedClass: "JSS1" });
    const obi = await addStudent(school, { name: "Obi Okafor", selectedClass: "SS3" });
    for (let i = 1; i <= PAGE_SIZE; i++) await addParent(school, { name: `Parent ${String(i).padStart(2, "0")}` });
    await addParent(school, {
      name: "Mrs. Ngozi Okafor",
      email: "ngozi.okafor@forms.ng",
      phone: "0809 555 1234",
      children: [ada.unique_id, obi.unique_id],
    });
    const browser = await signedIn(school);

    let page = await browser.goto("/admin/parents");
    expect(page.heading()).toBe("Parents");
    expect(rows(page)).toHaveLength(PAGE_SIZE);
    expect(rows(page)[0]).toContain("Mrs. Ngozi Okafor");
    expect(rows(page)[0]).toContain("2 children");
    expect(rows(page)[0]).toContain("NO");
    expect(page.href(/^Mrs\. Ngozi Okafor/)).toMatch(/^\/admin\/parents\/PAR-[^/]+\/update$/);
    expect(rows(page)[1]).toContain("No children");
    expect(page.text()).toContain(`Page 1 of 2 · ${PAGE_SIZE + 1} in all`);
    page = await page.follow("Next ›");
    expect(rows(page)).toHaveLength(1);

    expect(page.control("Search").getAttribute("placeholder")).toBe("Search parents...");
    for (const text of ["ngozi", "okafor@forms", "0809 555 1234"]) {
      page = await page.form({ button: "Search" }).fill("Search", text).submit("Search");
      expect(page.url.searchParams.get("q")).toBe(text);
      expect(rows(page)).toHaveLength(1);
      expect(rows(page)[0]).toContain("Mrs. Ngozi Okafor");
    }
    page = await page.form({ button: "Search" }).fill("Search", "nobody").submit("Search");
    expect(page.text()).toContain("No parents match your search");
    page = await page.form({ button: "Search" }).fill("Search", "").select("Class", "SS3").submit("Search");
    expect(page.url.searchParams.get("class")).toBe("SS3");
    expect(rows(page)).toHaveLength(1);

    expect(page.href("Add Bulk Parents")).toBe("/admin/add-bulk-parents");
    expect(page.href("Add Parent")).toBe("/admin/parents/add");

    page = await page.follow("Delete");
    expect(page.path).toMatch(/^\/admin\/parents\/PAR-[^/]+\/delete$/);
    expect(page.url.searchParams.get("returnTo")).toBe("/admin/parents?q=&class=SS3");
    expect(page.text()).toContain("Are you sure you want to delete Mrs. Ngozi Okafor? This cannot be undone.");
    page = await page.press("Delete");
    expect(page.path + page.url.search).toBe("/admin/parents?q=&class=SS3");
    expect(page.toast()).toBe("Deleted successfully");
    expect(page.text()).toContain("No parents match your search");
    expect((await listParents(school)).total).toBe(PAGE_SIZE);
    // The children stay students.
    expect((await school.api<{ data: { total: number } }>("GET", "/students")).body.data.total).toBe(2);
  });
});

describe("add parent without JavaScript", () => {
  it("messages beside fields; children offered by the phone on the first save and found by search; photo checked; saved once", async () => {
    const school = await registerSchool("ParentsAdd");
    await addStudent(school, { name: "Kemi Bello", selectedClass: "JSS2", phone_number: "0803 444 5555" });
    await addStudent(school, { name: "Tayo Bello", selectedClass: "SS1", phone_number: "0803 999 0000" });
    await addStudent(school, { name: "Someone Else", phone_number: "0803 777 0000" });
    const browser = await signedIn(school);

    let page = await browser.goto("/admin/parents/add");
    expect(page.heading()).toBe("Add Parent");
    page = await page.press("Add Parent");
    expect(page.status).toBe(400);
    expect(page.field("Name").description).toBe("Name is required");
    expect(page.field("Email").description).toBe("Email is required");
    expect(page.field("Phone").description).toMatch(/^Phone number is required/);

    page = await page
      .form({ button: "Add Parent" })
      .fill("Name", "Alhaja Funke Bello")
      .fill("Email", "funke@forms.ng")
      .fill("Phone", "0803 444 5555")
      .fill("Address", "3 Awolowo Road, Ikoyi")
      .attach("Photo", textFile())
      .submit("Add Parent");
    expect(page.field("Photo").description).toMatch(/Only image files are allowed\./);
    expect(page.field("Name").value).toBe("Alhaja Funke Bello");
    expect(page.field("Address").value).toBe("3 Awolowo Road, Ikoyi");
    // The refused save offers the students who share the phone, none ticked.
    const kemi = "Kemi Bello · JSS2 · same phone number";
    expect(page.field(kemi, page.group("Children")).checked).toBe(false);
    expect((await listParents(school)).total).toBe(0);

    page = await page
      .form({ button: "Add Parent" })
      .check(kemi, { within: "Children" })
      .fill("Find a student", "tayo")
      .submit("Find");
    expect(page.controls("Tayo Bello · SS1", page.group("Children"))).toHaveLength(1);
    expect(page.field(kemi, page.group("Children")).checked).toBe(true);
    expect(normalize(page.group("Children").textContent)).not.toContain("Someone Else");
    page = await page
      .form({ button: "Add Parent" })
      .check("Tayo Bello · SS1", { within: "Children" })
      .attach("Photo", logoPng("funke.png"))
      .submit("Add Parent");

    expect(page.path).toBe("/admin/parents");
    expect(page.toast()).toBe("Created successfully");
    expect(rows(page)[0]).toContain("2 children");
    // The photo comes through this server with the session: the API shows it to no one else.
    expect(rowPhoto(page, 0)).toMatch(/^\/media\/[a-f0-9]{32}$/);
    const photo = await page.browser.goto(rowPhoto(page, 0)!);
    expect([photo.status, photo.headers.get("content-type"), photo.headers.get("cache-control")]).toEqual([
      200,
      "image/png",
      "private, no-store",
    ]);
    const [saved] = (await listParents(school)).data;
    expect(saved.parent_data).toMatchObject({
      name: "Alhaja Funke Bello",
      email: "funke@forms.ng",
      phone: "+2348034445555",
      address: "3 Awolowo Road, Ikoyi",
    });
    expect(saved.children.map((c) => c.student_data.name)).toEqual(["Kemi Bello", "Tayo Bello"]);

    // A valid new parent whose phone students share, none ticked: the first save offers them and says so,
    // the second saves the parent as it is.
    page = await browser.goto("/admin/parents/add");
    page = await page
      .form({ button: "Add Parent" })
      .fill("Name", "Mr. Yusuf Else")
      .fill("Email", "yusuf@forms.ng")
      .fill("Phone", "0803 777 0000")
      .fill("Address", "Kano")
      .submit("Add Parent");
    expect(page.path).toBe("/admin/parents/add");
    const statuses = [...page.document.querySelectorAll('[role="status"]')].map((status) =>
      normalize(status.textContent),
    );
    expect(
      statuses.some((status) => status.includes("Students with this phone number are listed under Children")),
    ).toBe(true);
    expect(page.field("Someone Else · JSS1 · same phone number", page.group("Children")).checked).toBe(false);
    page = await page.press("Add Parent");
    expect(page.path).toBe("/admin/parents");
    expect((await listParents(school, "?q=yusuf")).data[0].children).toEqual([]);

    // The same form sent twice at once, then once more (a retried request): its hidden key makes the
    // later ones add nothing.
    page = await browser.goto("/admin/parents/add");
    const form = page
      .form({ button: "Add Parent" })
      .fill("Name", "Sent Twice")
      .fill("Email", "twice@forms.ng")
      .fill("Phone", "0803 111 1111");
    const [first, second] = await Promise.all([form.submit("Add Parent"), form.submit("Add Parent")]);
    expect(first.path).toBe("/admin/parents");
    expect(second.path).toBe("/admin/parents");
    expect((await form.submit("Add Parent")).path).toBe("/admin/parents");
    expect((await listParents(school)).total).toBe(3);
  });
});

describe("parent's page without JavaScript", () => {
  it("contact, children opening their student, the fees block, and the edit form; unknown and foreign ids are 404", async () => {
    const school = await registerSchool("ParentsDetail");
    const child = await addStudent(school, { name: "Chidi Eze", selectedClass: "SS2" });
    const parent = await addParent(school, {
      name: "Mr. Emeka Eze",
      email: "emeka@forms.ng",
      phone: "0806 123 4567",
      address: "7 Ogui Road, Enugu",
      children: [child.unique_id],
    });
    const browser = await signedIn(school);

    let page = await (await browser.goto("/admin/parents")).follow(/^Mr\. Emeka Eze/);
    expect(page.path).toBe(`/admin/parents/${parent.unique_id}/update`);
    expect(page.heading()).toBe("Mr. Emeka Eze");
    const contact = page.region("Contact information");
    expect(page.linksWithin(contact, "emeka@forms.ng")[0].getAttribute("href")).toBe("mailto:emeka@forms.ng");
    expect(page.linksWithin(contact, "+2348061234567")[0].getAttribute("href")).toBe("tel:+2348061234567");
    expect(normalize(contact.textContent)).toContain("7 Ogui Road, Enugu");
    const children = page.document.querySelector('ul[aria-label="Children"]')!;
    expect(page.linksWithin(children, /Chidi Eze/)[0].getAttribute("href")).toBe(
      `/admin/update-student/${child.unique_id}`,
    );
    expect(page.listItems("Children")[0]).toContain("SS2");
    expect(normalize(page.region("Fees").textContent)).toContain("No fee data available.");

    // The product's {id}: the parent's numeric id opens the same page.
    page = await browser.goto(`/admin/parents/${parent.id}/update`);
    expect(page.heading()).toBe("Mr. Emeka Eze");

    // The edit form sits in a closed <details> "Edit Parent"; a refused save comes back with it open.
    const editSection = (at: Page) => at.control("Name").closest("details")!;
    expect(normalize(editSection(page).querySelector("summary")?.textContent)).toBe("Edit Parent");
    expect(editSection(page).hasAttribute("open")).toBe(false);

    // "Edit Parent" is found first: a link in the page's header, before its contact information, that
    // opens the edit form and leads to it.
    const editLink = page.links("Edit Parent");
    expect(editLink).toHaveLength(1);
    expect(editLink[0].closest("header")?.querySelector("h1")?.textContent).toBe("Mr. Emeka Eze");
    const inOrder = [...page.document.querySelectorAll("a[href], section")];
    expect(inOrder.indexOf(editLink[0])).toBeLessThan(inOrder.indexOf(page.region("Contact information")));
    expect(editLink[0].getAttribute("href")).toBe(`/admin/parents/${parent.id}/update?edit#edit-parent`);
    const opened = await page.follow("Edit Parent");
    expect(opened.heading()).toBe("Mr. Emeka Eze");
    expect(editSection(opened).id).toBe("edit-parent");
    expect(editSection(opened).hasAttribute("open")).toBe(true);
    expect(page.field("Name").value).toBe("Mr. Emeka Eze");
    expect(page.field("Chidi Eze · SS2", page.group("Children")).checked).toBe(true);
    page = await page.form({ button: "Save Changes" }).fill("Email", "not an email").submit("Save Changes");
    expect(page.field("Email").description).toBe("Enter a valid email address.");
    expect(editSection(page).hasAttribute("open")).toBe(true);
    page = await page
      .form({ button: "Save Changes" })
      .fill("Email", "emeka.eze@forms.ng")
      .fill("Name", "Chief Emeka Eze")
      .uncheck("Chidi Eze · SS2", { within: "Children" })
      .submit("Save Changes");
    expect(page.path).toBe("/admin/parents");
    expect(page.toast()).toBe("Updated successfully");
    expect(rows(page)[0]).toContain("Chief Emeka Eze");
    expect(rows(page)[0]).toContain("No children");
    expect((await listParents(school)).data[0].parent_data.email).toBe("emeka.eze@forms.ng");

    expect((await browser.goto("/admin/parents/PAR-doesnotexist/update")).status).toBe(404);
    const other = await registerSchool("OtherParents");
    const foreign = await addParent(other, { name: "Not Yours" });
    expect((await browser.goto(`/admin/parents/${foreign.unique_id}/update`)).status).toBe(404);
    expect((await browser.goto(`/admin/parents/${foreign.unique_id}/delete`)).status).toBe(404);
  });
});
