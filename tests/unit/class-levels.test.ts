import { describe, expect, it } from "vitest";
import { classForSaving, completeSettings, defaultSchoolSettings, levelOf } from "../../contract/settings";

describe("class levels", () => {
  it("a class is its own level unless the school gave it one", () => {
    expect(levelOf({ class_name: "JSS1A" })).toBe("JSS1A");
    expect(levelOf({ class_name: "JSS1A", level: "" })).toBe("JSS1A");
    expect(levelOf({ class_name: "JSS1A", level: " JSS1 " })).toBe("JSS1");
  });

  it("the full settings fill every class's level; saving sends a level only when it is not the class itself", () => {
    const today = new Date("2026-01-15T09:00:00Z");
    const input = defaultSchoolSettings(today);
    input.classes = input.classes.map((c) => (c.class_name === "JSS2" ? { ...c, level: "Middle" } : c));
    const settings = completeSettings(input, today);
    expect(settings.classes.find((c) => c.class_name === "JSS1")?.level).toBe("JSS1");
    const jss2 = settings.classes.find((c) => c.class_name === "JSS2")!;
    expect(jss2.level).toBe("Middle");
    expect(classForSaving(jss2, settings.subjects_by_section)).toEqual({
      class_name: "JSS2",
      section: "Junior Secondary",
      level: "Middle",
    });
    const jss1 = settings.classes.find((c) => c.class_name === "JSS1")!;
    expect(classForSaving(jss1, settings.subjects_by_section)).toEqual({
      class_name: "JSS1",
      section: "Junior Secondary",
    });
    expect(classForSaving({ ...jss1, subjects: ["Mathematics"] }, settings.subjects_by_section)).toEqual({
      class_name: "JSS1",
      section: "Junior Secondary",
      subjects: ["Mathematics"],
    });
  });
});
