import type { Submission } from "@conform-to/react";
import { DEFAULT_SUCCESS, MESSAGES } from "../../contract/messages";
import type { SchoolApiClient } from "./api.server";
import { backFromQuery } from "./confirm.server";
import { notFound } from "./not-found.server";
import { API_REFUSED, apiReply } from "./reply.server";

/**
 * What the parents and staff screens share: loading one record, the JS-off confirm page's target,
 * and sending an add or edit form with its photo.
 */

/** One record of a people API by its key; unknown or another school's: the 404 page. */
export async function loadRecord<T>(
  api: SchoolApiClient,
  path: string,
  fallback: string,
): Promise<{ record: T; error: null } | { record: null; error: string }> {
  const result = await api.get<T>(path, { fallback });
  if (result.ok) return { record: result.data, error: null };
  if (result.status === 404) notFound();
  return { record: null, error: result.message };
}

/** What a JS-off delete page shows: the record's name, and the page of `list` to go back to. */
export async function deleteTarget<T>(
  request: Request,
  api: SchoolApiClient,
  path: string,
  list: string,
  nameOf: (record: T) => string,
) {
  const { record, error } = await loadRecord<T>(api, path, MESSAGES.failedLoadData);
  if (!record) throw new Response(error, { status: 502 });
  return { name: nameOf(record), back: backFromQuery(request, list) };
}

/**
 * Sends an add (POST `path`) or edit (PUT `path`) form: the record's fields as `{[field]: data}`, in a
 * multipart body with `profile_img` when a photo was chosen. Field errors come back beside their fields
 * with the input kept; a message without field errors shows above the form; success is the toast.
 */
export async function sendPerson(
  api: SchoolApiClient,
  submission: Submission<unknown>,
  request: {
    method: "POST" | "PUT";
    path: string;
    field: string;
    data: Record<string, unknown>;
    photo?: File;
    idempotencyKey?: FormDataEntryValue | null;
    fallback: string;
  },
) {
  const data = Object.fromEntries(
    Object.entries(request.data).filter(([, v]) => v !== undefined && v !== "" && v !== false),
  );
  let body: unknown = { [request.field]: data };
  if (request.photo) {
    const form = new FormData();
    form.set(request.field, JSON.stringify(data));
    form.set("profile_img", request.photo);
    body = form;
  }
  const response = await api.call<unknown>(request.method === "POST" ? "create" : "update", request.path, body, {
    method: request.method,
    fallback: request.fallback,
    idempotencyKey: request.idempotencyKey,
  });
  if (!response.ok)
    return {
      result: apiReply(submission, response, { fieldNames: { profile_img: "photo" } }),
      status: API_REFUSED,
      toast: null,
    };
  return {
    result: null,
    status: null,
    toast: response.message ?? (request.method === "POST" ? DEFAULT_SUCCESS.created : DEFAULT_SUCCESS.updated),
  };
}
