import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { StudentBill } from "../../../../contract/fees";
import { splitSubjects, STUDENT_MESSAGES } from "../../../../contract/students";
import type { StudentFields } from "../../../../contract/students.schema";
import { withAdmin } from "~/.server/auth.server";
import { readFormData } from "~/.server/form.server";
import { updateStudentForm } from "~/.server/form-schemas";
import { getSchoolOptions } from "~/.server/school-options.server";
import { loadStudent, saveStudent } from "~/.server/students.server";
import { API_REFUSED, refuse } from "~/.server/reply.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { StudentFeesSummary } from "../fees/StudentFeesSummary";
import { buttonClass } from "~/components/ui/Button";
import { StudentFormScreen } from "./StudentForm";
import { studentDataPaths } from "./StudentData";

export const meta: MetaFunction = () => [{ title: "Update Student" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api, uniqueId, subAdminId }) => {
    const [student, options, bill] = await Promise.all([
      loadStudent(api, uniqueId, params.id!),
      getSchoolOptions(api),
      api.get<StudentBill>(`/fees/students/${encodeURIComponent(params.id!)}/bill`),
    ]);
    const s = student.student_data;
    return {
      // Downloading a student's data is the main admin's alone.
      dataDownload: subAdminId === undefined ? studentDataPaths.download(student.unique_id) : null,
      fees: bill.ok ? bill.data : null,
      classes: options.classes,
      student: {
        name: s.name,
        selectedClass: s.class ?? undefined,
        gender: s.gender as StudentFields["gender"],
        phone_number: s.phone_number ?? undefined,
        email: s.email ?? undefined,
        address: s.address ?? undefined,
        admission: s.admission ?? undefined,
        takes_lesson: s.takes_lesson,
        subjects: splitSubjects(s.subjects),
      },
    };
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const submission = parseWithZod(await readFormData(request), { schema: updateStudentForm });
    const saved = await saveStudent(api, submission, { mode: "update", id: params.id! });
    if (saved.toast) return redirectWithToast(request, context, "/admin/students", success(saved.toast));
    return refuse({ result: saved.result }, saved.status ?? API_REFUSED);
  });
}

export default function UpdateStudent() {
  const { classes, student, fees, dataDownload } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <StudentFormScreen
      title="Update Student"
      classes={classes}
      lastResult={actionData?.result}
      defaultValue={student}
      submitLabel="Update Student"
    >
      <StudentFeesSummary bill={fees} />
      {dataDownload ? (
        <p>
          <a href={dataDownload} className={buttonClass("secondary")}>
            {STUDENT_MESSAGES.downloadData}
          </a>
        </p>
      ) : null}
    </StudentFormScreen>
  );
}
