import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { formatDate, schoolDay } from "../../../contract/calendar";
import {
  ATTENDANCE_LABELS,
  ATTENDANCE_LIMITS,
  ATTENDANCE_MESSAGES as M,
  ATTENDANCE_STATUSES,
  type AttendanceRegister,
} from "../../../contract/attendance";
import {
  loadRegister,
  marksReply,
  readMarks,
  registerAddress,
  registerPath,
  type RegisterAddress,
} from "~/.server/attendance.server";
import { isTeacher, withAdmin } from "~/.server/auth.server";
import { readFormData } from "~/.server/form.server";
import { API_REFUSED, refuse, refusalOf } from "~/.server/reply.server";
import { getSchoolOptions } from "~/.server/school-options.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { FilterForm } from "~/components/list/FilterForm";
import { PageHeader, Panel } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { Button } from "~/components/ui/Button";
import { Choice } from "~/components/ui/Choice";
import { EmptyState } from "~/components/ui/EmptyState";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field } from "~/components/ui/Field";
import { SelectField } from "~/components/ui/SelectField";
import { useFormState, usePending, type FormResult } from "~/lib/form-state";

/**
 * The attendance register of a class for a school day (`?class=&date=`): the form teacher's at /staff/attendance
 * (their form class and today unless asked), an admin's at /admin/students/attendance. One plain form, a group
 * per student (Present, Absent or Late, and a note), saved in one request; a day that has no register, or a class
 * the caller may not mark, is said on the page in the API's words, the picker kept to choose another.
 */
export const meta: MetaFunction = () => [{ title: M.title }];

const STATUS_OPTIONS = ATTENDANCE_STATUSES.map((value) => ({ value, label: ATTENDANCE_LABELS[value] }));

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async (admin) => {
    const asked = registerAddress(request);
    const teacher = isTeacher(admin);
    // A teacher marks their form class alone; an admin picks any of the school's classes.
    const classes = teacher ? [] : (await getSchoolOptions(admin.api)).classes.map((c) => c.class_name);
    const page = { teacher, classes, path: new URL(request.url).pathname };
    if (!teacher && !asked.class) return { ...page, at: asked, register: null, error: null };
    const loaded = await loadRegister(admin.api, asked);
    if (loaded.ok) {
      const at = { class: loaded.data.class, date: loaded.data.date };
      return { ...page, at, register: loaded.data, error: null };
    }
    // Not a school day, not the caller's class: the page with the API's reason, its status, the picker kept.
    const at = { ...asked, date: asked.date || schoolDay(new Date()) };
    return data(
      { ...page, at, register: null, error: refusalOf(loaded, ["date", "class"]) },
      { status: loaded.status || 503 },
    );
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const at = registerAddress(request);
    const { typed, marks } = readMarks(await readFormData(request));
    const saved = await api.update<AttendanceRegister>("/attendance", { marks }, { method: "PUT", query: { ...at } });
    if (!saved.ok) return refuse({ reply: marksReply(typed, marks, saved) }, API_REFUSED);
    const to = registerPath(request, { class: saved.data.class, date: saved.data.date });
    return redirectWithToast(request, context, to, success(saved.message ?? M.saved));
  });
}

/** The register to show: a GET form whose address is the register's, so that a day is a link to come back to. */
function RegisterPicker({ at, classes, teacher }: { at: RegisterAddress; classes: string[]; teacher: boolean }) {
  return (
    <FilterForm label={M.pickLabel} submitLabel={M.show}>
      {teacher ? (
        at.class ? (
          <input type="hidden" name="class" value={at.class} />
        ) : null
      ) : (
        <div className="w-full sm:w-auto sm:min-w-40 sm:flex-1">
          <SelectField
            id="register-class"
            label={M.classLabel}
            placeholder={M.classRequired}
            options={classes}
            selectProps={{ name: "class", defaultValue: at.class }}
          />
        </div>
      )}
      <div className="w-full sm:w-auto sm:min-w-40 sm:flex-1">
        <Field
          id="register-date"
          label={M.dateLabel}
          inputProps={{ type: "date", name: "date", defaultValue: at.date }}
        />
      </div>
    </FilterForm>
  );
}

function RegisterForm({
  register,
  action,
  lastResult,
}: {
  register: AttendanceRegister;
  action: string;
  lastResult?: FormResult;
}) {
  const defaults: Record<string, string> = {};
  for (const mark of register.marks) {
    defaults[`m${mark.student_id}_status`] = mark.status;
    defaults[`m${mark.student_id}_note`] = mark.note ?? "";
  }
  const form = useFormState<string>("register", lastResult, defaults);
  const pending = usePending();
  return (
    <Form method="post" action={action} className="space-y-3" key={form.key} {...form.props}>
      <ErrorList id={form.errorId} errors={form.errors} />
      {/* A day that may not be saved (to come, a past term) is shown, not changed. */}
      <fieldset disabled={!register.editable} className="divide-y divide-slate-100">
        <legend className="sr-only">{M.marksLegend(register.class)}</legend>
        {register.marks.map((mark) => {
          const status = form.field(`m${mark.student_id}_status`);
          return (
            <div key={mark.student_id} className="py-3">
              <Choice
                name={status.name}
                label={mark.name}
                options={STATUS_OPTIONS}
                value={status.defaultValue ?? mark.status}
                errors={status.errors}
              >
                <Field
                  label={M.noteLabel}
                  field={form.field(`m${mark.student_id}_note`)}
                  inputProps={{ type: "text", maxLength: ATTENDANCE_LIMITS.noteMax }}
                />
              </Choice>
            </div>
          );
        })}
      </fieldset>
      {register.editable ? (
        <Button pending={pending} pendingLabel="Saving…">
          {M.save}
        </Button>
      ) : null}
    </Form>
  );
}

export default function AttendanceRegisterPage() {
  const { teacher, classes, path, at, register, error } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const title = <h1 className="text-2xl font-bold">{M.title}</h1>;
  const query = new URLSearchParams(Object.entries(at).filter(([, v]) => v)).toString();
  return (
    <div className="space-y-5">
      {teacher ? (
        title
      ) : (
        <PageHeader
          backTo={at.class ? `/admin/students?${new URLSearchParams({ class: at.class })}` : "/admin/students"}
          title={M.title}
        />
      )}
      <RegisterPicker at={at} classes={classes} teacher={teacher} />
      {error ? <Banner>{error}</Banner> : null}
      {!teacher && !at.class ? <EmptyState title={M.chooseClassFirst} /> : null}
      {register ? (
        <Panel id="register-title" title={`${register.class} · ${formatDate(register.date)}`}>
          <p className="text-slate-700" data-testid="register-status">
            {register.term}, {register.session} · {register.taken ? M.takenBy(register.taken_by) : M.notTaken}
          </p>
          {register.closed_reason ? <Banner kind="info">{register.closed_reason}</Banner> : null}
          {register.marks.length ? (
            <RegisterForm register={register} action={`${path}?${query}`} lastResult={answer?.reply} />
          ) : (
            <EmptyState title={M.noStudents} />
          )}
        </Panel>
      ) : null}
    </div>
  );
}
