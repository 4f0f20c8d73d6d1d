import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DEFAULT_ERRORS } from "../../contract/messages";
import { SchoolApiClient, type CallKind } from "../../app/.server/api.server";
import {
  API_REFUSED,
  apiReply,
  checkedStatus,
  INVALID,
  refuse,
  refusalOf,
  type ApiFailure,
} from "../../app/.server/reply.server";
import { validateButton } from "../../app/lib/form-state";

/**
 * The form kit's reply: an API answer, read by the client exactly as a screen reads it, turned into the
 * Conform reply the page shows. The API is a function answering one fixed body.
 */
const schema = z.object({ name: z.string({ required_error: "Name is required" }), email: z.string().optional() });

const submissionOf = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return parseWithZod(data, { schema });
};

async function failureOf(kind: CallKind, status: number, body: unknown, fallback?: string): Promise<ApiFailure> {
  const send = async () =>
    body === undefined
      ? new Response(null, { status })
      : new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  const client = new SchoolApiClient(send, { token: "t", uniqueId: "SCH-ABC2345" });
  const result = await client.call(
    kind,
    "/thing",
    kind === "create" || kind === "update" ? {} : undefined,
    fallback ? { fallback } : {},
  );
  if (result.ok) throw new Error("expected a failure");
  return result;
}

const sent = { name: "Amaka Obi", email: "amaka@example.test" };

describe("apiReply: the API's failure as the form's reply", () => {
  it("puts the API's field errors beside their fields, keeps what was sent, and says nothing above the form", async () => {
    const response = await failureOf("create", 422, {
      message: "The given data was invalid.",
      errors: { email: ["The email has already been taken."] },
    });
    const reply = apiReply(submissionOf(sent), response);
    expect(reply.status).toBe("error");
    expect(reply.error).toEqual({ email: ["The email has already been taken."] });
    expect(reply.initialValue).toEqual(sent);
  });

  it("with no field named, says the `message` above the form first", async () => {
    const response = await failureOf("create", 409, { message: "Already registered", error: "Conflict" });
    expect(apiReply(submissionOf(sent), response).error).toEqual({ "": ["Already registered"] });
  });

  it("a create or update without a message says the first error of the first field", async () => {
    const response = await failureOf("update", 422, {
      errors: { phone: ["Enter a valid phone number.", "Too short"], email: ["Bad email"] },
    });
    expect(response.message).toBe("Enter a valid phone number.");
    // The fields are named, so the message is beside them, not above the form.
    expect(apiReply(submissionOf(sent), response).error).toEqual({
      phone: ["Enter a valid phone number.", "Too short"],
      email: ["Bad email"],
    });
    expect(apiReply(submissionOf(sent), response, { messageOn: "" }).error).toEqual({
      "": ["Enter a valid phone number."],
    });
  });

  it("a create or update without a message or field errors says the `error`", async () => {
    const response = await failureOf("create", 400, { error: "Term is closed" });
    expect(apiReply(submissionOf(sent), response).error).toEqual({ "": ["Term is closed"] });
  });

  it("a fetch or delete says the `error`, never the `message`", async () => {
    for (const kind of ["fetch", "delete"] as const) {
      const response = await failureOf(kind, 400, { message: "Not this", error: "Still in use" });
      expect(apiReply(submissionOf(sent), response).error, kind).toEqual({ "": ["Still in use"] });
    }
  });

  it("falls back to the screen's own text, then to the default message of the call's kind", async () => {
    expect(apiReply(submissionOf(sent), await failureOf("create", 500, {}, "Failed to save the fee.")).error).toEqual({
      "": ["Failed to save the fee."],
    });
    const defaults: [CallKind, string][] = [
      ["create", DEFAULT_ERRORS.request],
      ["update", DEFAULT_ERRORS.update],
      ["delete", DEFAULT_ERRORS.delete],
      ["fetch", DEFAULT_ERRORS.fetch],
    ];
    for (const [kind, message] of defaults) {
      expect(apiReply(submissionOf(sent), await failureOf(kind, 500, undefined)).error, kind).toEqual({
        "": [message],
      });
    }
  });

  it("an API that cannot be reached says the screen's text, else the default of a create", async () => {
    const down = new SchoolApiClient(() => Promise.reject(new Error("ECONNREFUSED")), {
      token: "t",
      uniqueId: "SCH-ABC2345",
    });
    const result = await down.create("/thing", {});
    if (result.ok) throw new Error("expected a failure");
    expect(apiReply(submissionOf(sent), result).error).toEqual({ "": [DEFAULT_ERRORS.request] });
  });

  it("renames the API's fields, hides passwords, and can put the message on one field", async () => {
    const response = await failureOf("update", 422, { errors: { profile_img: ["The photo is too large."] } });
    expect(apiReply(submissionOf(sent), response, { fieldNames: { profile_img: "photo" } }).error).toEqual({
      photo: ["The photo is too large."],
    });
    expect(apiReply(submissionOf(sent), response, { hideFields: ["email"] }).initialValue).toEqual({
      name: "Amaka Obi",
    });
    expect(apiReply(submissionOf(sent), response, { messageOn: "name" }).error).toEqual({
      name: ["The photo is too large."],
    });
  });

  it("builds the same reply from plain values for a form read without Conform", async () => {
    const response = await failureOf("create", 422, { message: "Applications are closed" });
    expect(apiReply({ values: { name: "Amaka Obi" } }, response)).toEqual({
      status: "error",
      initialValue: { name: "Amaka Obi" },
      error: { "": ["Applications are closed"] },
    });
  });
});

describe("refusal statuses", () => {
  it("answers 400 for the app's own check and 422 for the API's, with the reply as the body", async () => {
    expect(INVALID).toBe(400);
    expect(API_REFUSED).toBe(422);
    const reply = submissionOf({}).reply();
    expect(checkedStatus(reply)).toBe(400);
    const answer = refuse({ result: reply });
    expect(answer.init?.status).toBe(400);
    expect(answer.data.result.error).toEqual({ name: ["Name is required"] });
    expect(refuse({ result: reply }, API_REFUSED).init?.status).toBe(422);
  });

  it("a validate round trip ('Show subjects') refuses nothing: 200", () => {
    const data = new FormData();
    const button = validateButton("name");
    data.append(button.name, button.value);
    expect(checkedStatus(parseWithZod(data, { schema }).reply())).toBe(200);
  });
});

describe("refusalOf: why a page's data could not be loaded", () => {
  it("says the named field's message, else a refusal's own message, never the fetch's generic fallback", async () => {
    const weekend = "28 Nov 2026 is a Saturday: registers are taken on school days, Monday to Friday.";
    const byField = await failureOf("fetch", 422, { message: weekend, errors: { date: [weekend] } }, "Failed");
    expect(byField.message).toBe("Failed");
    expect(refusalOf(byField, ["date", "class"])).toBe(weekend);
    const conflict = await failureOf("fetch", 409, { message: "Taken meanwhile" }, "Failed");
    expect(refusalOf(conflict, ["date"])).toBe("Taken meanwhile");
    const broken = await failureOf("fetch", 500, { message: "Something went wrong", request_id: "r1" }, "Failed");
    expect(refusalOf(broken, ["date"])).toBe("Failed");
    const down = await failureOf("fetch", 503, undefined, "Failed");
    expect(refusalOf(down, ["date"])).toBe("Failed");
  });
});
