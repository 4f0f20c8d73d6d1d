import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { addStudentForm, loginForm, registerForm } from "../../app/.server/form-schemas";
import { formState, validateButton } from "../../app/lib/form-state";

/** A form as the browser sends it. */
const formData = (entries: [string, string | File][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("formState", () => {
  it("starts from the defaults, with no messages, and ids unique to the form", () => {
    const details = formState("details", undefined, { school_name: "Hill School" });
    const name = details.field("school_name");
    expect(name).toMatchObject({
      id: "details-school_name",
      name: "school_name",
      errorId: "details-school_name-error",
      defaultValue: "Hill School",
    });
    expect(name.errors).toBeUndefined();
    expect(name["aria-invalid"]).toBeUndefined();
    expect(details.errors).toBeUndefined();
    expect(details.props).toEqual({
      id: "details",
      noValidate: true,
      "aria-invalid": undefined,
      "aria-describedby": undefined,
    });
    expect(formState("password", undefined).field("school_name").id).not.toBe(name.id);
  });

  it("after a refused submit shows each field's message and what was sent, not the defaults", () => {
    const sent = formData([
      ["name", "Amaka Obi"],
      ["selectedClass", "JSS2"],
      ["phone_number", "12"],
      ["subjects", "Mathematics"],
      ["subjects", "English Language"],
    ]);
    const reply = parseWithZod(sent, { schema: addStudentForm }).reply();
    const form = formState<string>("student", reply, { name: "Default", takes_lesson: true, gender: "Male" });

    expect(form.field("name")).toMatchObject({ defaultValue: "Amaka Obi", errors: undefined });
    expect(form.field("phone_number")).toMatchObject({
      defaultValue: "12",
      errors: ["Enter a valid phone number."],
      "aria-invalid": true,
      "aria-describedby": "student-phone_number-error",
    });
    expect(form.field("gender").errors).toEqual(["Gender is required"]);
    expect(form.field("gender").defaultValue).toBeUndefined();
    // Unticked when sent: the default's tick does not come back.
    expect(form.field("takes_lesson").defaultValue).toBeUndefined();
    expect(form.field("subjects").defaultValues).toEqual(["Mathematics", "English Language"]);
  });

  it("never refills hidden fields or files, and shows messages about the whole form", () => {
    const login = parseWithZod(
      formData([
        ["unique_id", "SCH-1"],
        ["password", "secret"],
      ]),
      { schema: loginForm },
    );
    const refused = formState(
      "login",
      login.reply({ formErrors: ["Unique ID or password is incorrect."], hideFields: ["password"] }),
    );
    expect(refused.field("unique_id").defaultValue).toBe("SCH-1");
    expect(refused.field("password").defaultValue).toBeUndefined();
    expect(refused.errors).toEqual(["Unique ID or password is incorrect."]);
    expect(refused.props).toMatchObject({ "aria-invalid": true, "aria-describedby": "login-error" });

    const logo = new File(["not an image"], "notes.txt", { type: "text/plain" });
    const register = parseWithZod(
      formData([
        ["school_name", "Hill School"],
        ["logo", logo],
      ]),
      { schema: registerForm },
    ).reply();
    const form = formState("register", register);
    expect(form.field("logo").errors).toEqual(["Only image files are allowed."]);
    expect(form.field("logo").defaultValue).toBeUndefined();
    expect(form.field("school_name").defaultValue).toBe("Hill School");
  });

  it("a validate button shows only its field's message, with everything sent kept", () => {
    const button = validateButton("selectedClass");
    const sent = formData([
      ["name", ""],
      ["takes_lesson", "on"],
      [button.name, button.value],
    ]);
    const reply = parseWithZod(sent, { schema: addStudentForm }).reply();
    const form = formState("student", reply);
    expect(form.field("selectedClass").errors).toEqual(["Class is required"]);
    expect(form.field("name").errors).toBeUndefined();
    expect(form.field("takes_lesson").defaultValue).toBe("on");
  });
});
