import { beforeAll, describe, expect, it } from "vitest";
import { PROMOTION_MESSAGES as M, type PromotionPreview } from "../../contract/promotion";
import { signedIn, registerSchool, type Admin } from "./support/school";

/**
 * The end of a session with JavaScript off: the preview page, the next classes form with its messages, the
 * confirm page carrying the choices, the promotion and its undo. One school for the file; its session is the
 * month's.
 */

let school: Admin;
let serial = 0;

async function addStudent(name: string, className: string) {
  const added = await school.api<{ data: { id: number } }>("POST", "/students", {
    student_data: { name, selectedClass: className, gender: "Female", phone_number: `0803 333 ${1000 + serial++}` },
  });
  expect(added.status).toBe(201);
  return added.body.data.id;
}

const classOf = async (name: string) => {
  const list = await school.api<{ data: { data: { student_data: { name: string; class: string } }[] } }>(
    "GET",
    `/students?q=${encodeURIComponent(name)}`,
  );
  return list.body.data.data[0]?.student_data.class ?? null;
};

beforeAll(async () => {
  school = await registerSchool("Promotion");
  await addStudent("Ada Promote", "JSS1");
  await addStudent("Bayo Graduate", "SS3");
});

describe("promotion without JavaScript", () => {
  it("shows each class with its count and next class, and refuses bad marks beside their fields", async () => {
    const browser = await signedIn(school);
    const page = await browser.goto("/admin/students/promotion");
    expect(page.status).toBe(200);
    expect(page.heading()).toBe("Promote Students");
    const rows = page.tableRows();
    expect(rows).toContainEqual(["JSS1", "1", "JSS2"]);
    expect(rows).toContainEqual(["SS3", "1", "Graduates"]);

    const refused = await page
      .form({ button: "Save next classes" })
      .fill("Lower mark", "60")
      .fill("Upper mark", "50")
      .submit("Save next classes");
    expect(refused.status).toBe(422);
    expect(refused.field("Lower mark").description).toContain(M.marksOrder);
    expect(refused.field("Upper mark").value).toBe("50");
    const preview = await school.api<{ data: PromotionPreview }>("GET", "/promotion/preview");
    expect(preview.body.data.lower_mark).toBe(40);

    const saved = await refused
      .form({ button: "Save next classes" })
      .fill("Lower mark", "35")
      .fill("Upper mark", "50")
      .submit("Save next classes");
    expect(saved.path).toBe("/admin/students/promotion");
    expect(saved.toast()).toBe(M.rulesSaved);
    expect(saved.field("Lower mark").value).toBe("35");
  });

  it("promotes after the confirm page, once for a double submit, then undoes after its own confirm page", async () => {
    const browser = await signedIn(school);
    const page = await browser.goto("/admin/students/promotion");
    const before = (await school.api<{ data: PromotionPreview }>("GET", "/promotion/preview")).body.data;
    const confirm = await page.form({ button: "Promote students" }).submit("Promote students");
    expect(confirm.path).toBe("/admin/students/promotion/confirm");
    expect(confirm.heading()).toBe(`Promote the students of ${before.ending_session}?`);
    expect(confirm.text()).toContain(`The school moves to ${before.new_session}, 1st Term.`);

    const twice = await Promise.all([confirm.press("Promote students"), confirm.press("Promote students")]);
    const toasts = twice.map((done) => done.toast()).sort();
    expect(toasts).toEqual(
      [
        M.promoted({
          ending_session: before.ending_session,
          new_session: before.new_session,
          promoted: 1,
          repeated: 0,
          graduated: 1,
        }),
        M.notCurrent(before.ending_session),
      ].sort(),
    );
    for (const done of twice) expect(done.path).toBe("/admin/students/promotion");
    expect(await classOf("Ada Promote")).toBe("JSS2");

    const done = await browser.goto("/admin/students/promotion");
    expect(done.text()).toContain("Last promotion");
    const undo = await done.follow("Undo promotion");
    expect(undo.path).toBe("/admin/students/promotion/undo");
    const undone = await undo.press("Undo promotion");
    expect(undone.toast()).toBe(M.undone(before.ending_session));
    expect(await classOf("Ada Promote")).toBe("JSS1");
    const none = await browser.goto("/admin/students/promotion/undo");
    expect(none.text()).toContain(M.nothingToUndo);
    expect(none.buttons("Undo promotion")).toHaveLength(0);
  });

  it("the students list links to the promotion for the main admin", async () => {
    const browser = await signedIn(school);
    const list = await browser.goto("/admin/students");
    expect(list.href("Promote Students")).toBe("/admin/students/promotion");
  });
});
