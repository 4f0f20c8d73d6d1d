import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ADMISSION_MESSAGES, type PublicAdmissionForm } from "../../../contract/admissions";
import { publicApi } from "~/.server/auth.server";
import { notFound } from "~/.server/not-found.server";

/** The applicant's confirmation (/apply/{publicId}/done/{reference}): the reference number to keep. */
export const meta: MetaFunction = () => [{ title: ADMISSION_MESSAGES.submitted }];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const api = publicApi(context);
  const base = `/api/public/admission-forms/${encodeURIComponent(params.publicId ?? "")}`;
  const [submission, form] = await Promise.all([
    api.get<{ reference: string; title: string }>(`${base}/submissions/${encodeURIComponent(params.reference ?? "")}`),
    api.get<PublicAdmissionForm>(base),
  ]);
  if (submission.status === 404) notFound();
  if (!submission.ok) throw new Response(submission.message, { status: 503 });
  return {
    reference: submission.data.reference,
    title: submission.data.title,
    school: form.ok ? form.data.school : null,
    apiBase: context.apiPublicBase,
  };
}

export default function ApplicationDone() {
  const { reference, title, school, apiBase } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto max-w-2xl space-y-5 p-4">
      {school ? (
        <header className="flex items-center gap-3">
          {school.logo_url ? (
            <img
              src={`${apiBase}${school.logo_url}`}
              alt=""
              width={56}
              height={56}
              className="h-14 w-14 rounded-lg object-contain"
            />
          ) : null}
          <p className="text-lg font-bold text-slate-900">{school.school_name}</p>
        </header>
      ) : null}
      <section className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-emerald-300">
        <h1 className="text-2xl font-bold">{ADMISSION_MESSAGES.submitted}</h1>
        <p className="text-slate-700">“{title}”. Keep this reference number; the school will ask for it.</p>
        <p className="font-mono text-3xl font-bold tracking-wider" data-testid="application-reference">
          {reference}
        </p>
      </section>
    </main>
  );
}
