import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { STUDENT_MESSAGES } from "../../../../contract/students";
import { withAdmin } from "~/.server/auth.server";
import { backFromQuery, confirmAndReturn } from "~/.server/confirm.server";
import { loadStudent } from "~/.server/students.server";
import { Banner } from "~/components/ui/Banner";
import { buttonClass } from "~/components/ui/Button";
import { ConfirmPage } from "~/components/ui/ConfirmPage";
import { EraseDescription } from "./StudentData";

const BACKLOG = "/admin/students-backlog";

export const meta: MetaFunction = () => [{ title: STUDENT_MESSAGES.eraseData }];

/**
 * The JS-off confirmation of erasing a former student: it says what is removed and what is kept. A current
 * student is not offered the button: only a former student (in the backlog) can be erased.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api, uniqueId }) => {
    const student = await loadStudent(api, uniqueId, params.id!);
    return {
      name: student.student_data.name,
      former: "backlog_reason" in student,
      back: backFromQuery(request, BACKLOG),
    };
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, ({ api }) =>
    confirmAndReturn(
      request,
      context,
      BACKLOG,
      () => api.create(`/students/${encodeURIComponent(params.id!)}/erase`),
      STUDENT_MESSAGES.erased,
      // A second tap finds the student already erased: done.
      { goneIsDone: true },
    ),
  );
}

export default function EraseStudent() {
  const { name, former, back } = useLoaderData<typeof loader>();
  if (!former)
    return (
      <section className="mx-auto max-w-sm space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-xl font-bold">{STUDENT_MESSAGES.eraseData}</h1>
        <Banner>{STUDENT_MESSAGES.eraseCurrentRefused}</Banner>
        <Link to={back} className={buttonClass("secondary")}>
          Back
        </Link>
      </section>
    );
  return (
    <ConfirmPage
      title={STUDENT_MESSAGES.eraseData}
      description={<EraseDescription name={name} />}
      cancelTo={back}
      confirmLabel={STUDENT_MESSAGES.eraseConfirm}
      hiddenFields={{ returnTo: back }}
    />
  );
}
