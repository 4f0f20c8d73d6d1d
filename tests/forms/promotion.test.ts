import { beforeAll, describe, expect, it } from "vitest";
import { PROMOTION_MESSAGES as M, SUGGESTIONS, type PromotionPreview } from "../../contract/promotion";
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

  it("keeps back and moves up the suggested students as ticked; once a fee of the new session is set, says why undo is refused", async () => {
    const choosing = await registerSchool("PromotionChoice");
    const JUNIOR = "Junior Secondary";
    const SENIOR = "Senior Secondary";
    const settings = await choosing.api("POST", "/school-settings", {
      school_settings: {
        sections: [JUNIOR, SENIOR],
        classes: [
          ...["JSS1", "JSS2", "JSS3"].map((class_name) => ({ class_name, section: JUNIOR, subjects: ["Mathematics"] })),
          ...["SS1", "SS2", "SS3"].map((class_name) => ({ class_name, section: SENIOR, subjects: ["Mathematics"] })),
        ],
      },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const ids: Record<string, number> = {};
    for (const name of ["Chike Low", "Dayo Trial", "Efe Good"]) {
      const added = await choosing.api<{ data: { id: number } }>("POST", "/students", {
        student_data: { name, selectedClass: "JSS2", gender: "Male", phone_number: `0803 444 ${1000 + serial++}` },
      });
      expect(added.status).toBe(201);
      ids[name] = added.body.data.id;
    }
    const {
      ending_session: ending,
      new_session: next,
      current_term: term,
    } = (await choosing.api<{ data: PromotionPreview }>("GET", "/promotion/preview")).body.data;
    const sheet = `/results/sheet?${new URLSearchParams({ class: "JSS2", subject: "Mathematics", term, year: ending })}`;
    // Annual averages 30 (under the lower mark, 40), 45 (between the marks) and 80.
    const scores = { "Chike Low": [10, 20], "Dayo Trial": [15, 30], "Efe Good": [20, 60] };
    const saved = await choosing.api("PUT", sheet, {
      rows: Object.entries(scores).map(([name, [ca, exam]]) => ({
        student_id: ids[name],
        scores: { "1st CA": ca, Exam: exam },
      })),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const published = await choosing.api("POST", "/results/publication", {
      class: "JSS2",
      term,
      session: ending,
      result: "terminal",
      published: true,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);

    const browser = await signedIn(choosing);
    const page = await browser.goto("/admin/students/promotion");
    const rows = page.tableRows();
    expect(rows).toContainEqual(["Chike Low", "JSS2", "30", SUGGESTIONS.repeat, "Move Chike Low up"]);
    expect(rows).toContainEqual(["Dayo Trial", "JSS2", "45", SUGGESTIONS.trial, "Keep Dayo Trial back"]);
    expect(rows.some((row) => row[0] === "Efe Good")).toBe(false);

    const confirm = await page
      .form({ button: "Promote students" })
      .check("Move Chike Low up")
      .check("Keep Dayo Trial back")
      .submit("Promote students");
    expect(confirm.path).toBe("/admin/students/promotion/confirm");
    const done = await confirm.press("Promote students");
    expect(done.toast()).toBe(
      M.promoted({ ending_session: ending, new_session: next, promoted: 2, repeated: 1, graduated: 0 }),
    );
    const classes = await choosing.api<{ data: { data: { student_data: { name: string; class: string } }[] } }>(
      "GET",
      "/students",
    );
    const classOfName = Object.fromEntries(
      classes.body.data.data.map((s) => [s.student_data.name, s.student_data.class]),
    );
    expect(classOfName).toEqual({ "Chike Low": "JSS3", "Dayo Trial": "JSS2", "Efe Good": "JSS3" });

    const fee = await choosing.api("POST", "/fees/fee-settings", {
      name: "Tuition",
      amount: 45000,
      applies_to: "all",
      term: "1st Term",
      session: next,
      compulsory: true,
    });
    expect(fee.status).toBe(201);
    const refused = await browser.goto("/admin/students/promotion");
    expect(refused.text()).toContain(M.undoRecorded("fee", next));
    expect(refused.links("Undo promotion")).toHaveLength(0);
    const undo = await browser.goto("/admin/students/promotion/undo");
    expect(undo.text()).toContain(M.undoRecorded("fee", next));
    expect(undo.buttons("Undo promotion")).toHaveLength(0);
  });

  it("the students list links to the promotion for the main admin", async () => {
    const browser = await signedIn(school);
    const list = await browser.goto("/admin/students");
    expect(list.href("Promote Students")).toBe("/admin/students/promotion");
  });
});
