import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { applicationPath } from "../../contract/admissions";
import { koboToNaira } from "../../contract/money";
import { PAYMENT_MESSAGES as M, type PayLink } from "../../contract/payments";
import type { SchoolApiClient } from "./api.server";
import { publicApi } from "./auth.server";
import { payLinkForm } from "./form-schemas";
import { API_REFUSED, apiReply, refuse } from "./reply.server";

const donePath = (publicId: string, reference: string) =>
  `${applicationPath(publicId)}/done/${encodeURIComponent(reference)}`;

/**
 * After an application is sent (or from its done page): starts paying its fee and sends the browser to the checkout
 * (a plain redirect, so it works without JavaScript). When there is nothing to pay online the done page follows; when
 * Paystack cannot be reached the done page says so and offers to try again.
 */
export async function payApplicationOrDone(context: AppLoadContext, publicId: string, reference: string) {
  const started = await publicApi(context).create<{ authorization_url: string }>(
    `/api/public/admission-forms/${encodeURIComponent(publicId)}/submissions/${encodeURIComponent(reference)}/pay`,
    {},
    { fallback: M.unavailable },
  );
  if (started.ok) return redirect(started.data.authorization_url);
  if (started.status === 409 || started.status === 404) return redirect(donePath(publicId, reference));
  return redirect(`${donePath(publicId, reference)}?payment=unavailable`);
}

export { donePath as applicationDonePath };

/**
 * The fee page's "Make Payment Link": the link is answered on the page itself (200), not through a redirect, since
 * it is shown once and its token never goes in an address of ours; a refusal comes back beside the amount.
 */
export async function makePayLink(
  api: SchoolApiClient,
  form: FormData,
  studentId: string,
  chosen: { term: string; year: string },
) {
  const intent = "pay-link" as const;
  const submission = parseWithZod(form, { schema: payLinkForm });
  if (submission.status !== "success") return refuse({ intent, result: submission.reply() });
  const response = await api.create<PayLink>(`/fees/students/${encodeURIComponent(studentId)}/pay-links`, {
    amount: koboToNaira(submission.value.amount),
    term: chosen.term,
    session: chosen.year,
  });
  if (!response.ok) return refuse({ intent, result: apiReply(submission, response) }, API_REFUSED);
  return data({ intent, link: response.data, result: submission.reply({ resetForm: true }) });
}
