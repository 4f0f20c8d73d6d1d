import { describe, expect, it } from "vitest";
import { initials, nameSortKey, withoutTitles } from "../../contract/names";

describe("names with titles", () => {
  it("drops leading titles in any case, with or without a dot, several in a row", () => {
    expect(withoutTitles("Mrs. Grace Eze")).toBe("Grace Eze");
    expect(withoutTitles("mrs grace eze")).toBe("grace eze");
    expect(withoutTitles("DR. Musa Bello")).toBe("Musa Bello");
    expect(withoutTitles("Chief Dr. Ada Obi")).toBe("Ada Obi");
    expect(withoutTitles("Alhaji Engr. Sani Umar")).toBe("Sani Umar");
    expect(withoutTitles("Rev. Prof Ayo Ade")).toBe("Ayo Ade");
    expect(withoutTitles("Hajiya Bello")).toBe("Bello");
  });

  it("keeps names that merely start with a title's letters, and titles after the first name", () => {
    expect(withoutTitles("Drake Obi")).toBe("Drake Obi");
    expect(withoutTitles("Revelation Okon")).toBe("Revelation Okon");
    expect(withoutTitles("Mister Ade")).toBe("Mister Ade");
    expect(withoutTitles("Mrsgrace Eze")).toBe("Mrsgrace Eze");
    expect(withoutTitles("Grace Chief Eze")).toBe("Grace Chief Eze");
  });

  it("keeps a name that is only titles", () => {
    expect(withoutTitles("Pastor")).toBe("Pastor");
    expect(withoutTitles(" Chief  Dr. ")).toBe("Chief Dr.");
    expect(nameSortKey("Chief")).toBe("chief");
    expect(initials("Mr.")).toBe("M");
  });

  it("collapses extra spaces", () => {
    expect(withoutTitles("  Mrs.   Grace    Eze  ")).toBe("Grace Eze");
    expect(nameSortKey("  Mrs.   Grace    Eze  ")).toBe("grace eze");
  });

  it("sorts and shows initials by the name without its titles", () => {
    expect(nameSortKey("Mrs. Grace Eze")).toBe("grace eze");
    const names = ["Hauwa Musa", "Mrs. Grace Eze", "Fatima Bello"];
    expect(names.sort((a, b) => (nameSortKey(a) < nameSortKey(b) ? -1 : 1))).toEqual([
      "Fatima Bello",
      "Mrs. Grace Eze",
      "Hauwa Musa",
    ]);
    expect(initials("Mrs. Grace Eze")).toBe("GE");
    expect(initials("Chief Dr. Ada Ngozi Obi")).toBe("AO");
    expect(initials("Drake")).toBe("D");
    expect(initials("   ")).toBe("?");
  });
});
