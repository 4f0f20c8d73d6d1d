import { schedulePayload } from "../../../../contract/timetables.schema";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { DEFAULT_SUCCESS, MESSAGES } from "../../../../contract/messages";
import type { StaffPage } from "../../../../contract/staff";
import {
  DAYS,
  dayOfDate,
  DEFAULT_SCHEDULE_SUBJECT,
  isDated,
  schoolToday,
  TIMETABLE_MESSAGES,
  type Schedule,
  type Timetable,
} from "../../../../contract/timetables";
import type { SchoolApiClient } from "~/.server/api.server";
import { withAdmin } from "~/.server/auth.server";
import { newFormKey, readFormData } from "~/.server/form.server";
import { getSchoolOptions } from "~/.server/school-options.server";
import { failure, redirectWithToast, success } from "~/.server/toast.server";
import { API_REFUSED, apiReply, refuse } from "~/.server/reply.server";
import { PageHeader } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { Button } from "~/components/ui/Button";
import { SelectField, type SelectOption } from "~/components/ui/SelectField";
import { Field } from "~/components/ui/Field";
import { FormCard } from "~/components/ui/FormCard";
import { useFormState, type FieldMeta } from "~/lib/form-state";
import { TIMETABLES_BACK } from "~/.server/timetables.server";
import { BackLink, describeTimetable, timetablePath, VenueField, withCurrent } from "./shared";
import { notFound } from "~/.server/not-found.server";

/**
 * Add (/admin/timetable/{id}/add-schedule) and edit (/admin/timetable/{id}/edit-schedule/{scheduleId}) a
 * schedule. A Regular School Period asks for a day; a Test or Exam for a date, whose weekday is the day.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && "schedule" in data && data.schedule ? "Edit Schedule" : "Add Schedule" },
];

type Found = { timetable: Timetable; schedule: Schedule | null };

/** The timetable (and schedule, when editing) the URL names, or what to answer instead. */
async function load(
  api: SchoolApiClient,
  params: LoaderFunctionArgs["params"],
): Promise<Found | { notFound: string } | { error: string }> {
  const result = await api.get<Timetable>(`/timetables/${encodeURIComponent(params.id ?? "")}`, {
    fallback: MESSAGES.failedTimetable,
  });
  if (result.status === 404) return { notFound: TIMETABLE_MESSAGES.timetableNotFound };
  if (!result.ok) return { error: result.message };
  if (params.scheduleId === undefined) return { timetable: result.data, schedule: null };
  const schedule = result.data.schedules.find((s) => String(s.id) === params.scheduleId);
  return schedule ? { timetable: result.data, schedule } : { notFound: TIMETABLE_MESSAGES.scheduleNotFound };
}

/**
 * The school's teaching staff to choose a schedule's teacher from (by name, a page at a time), and the
 * schedule's own teacher even when no longer among them. None when the list cannot be read: the teacher
 * is optional.
 */
async function teacherOptions(api: SchoolApiClient, schedule: Schedule | null): Promise<SelectOption[]> {
  const options: SelectOption[] = [];
  for (let page = 1; page <= MAX_TEACHER_PAGES; page++) {
    const result = await api.get<StaffPage>(`/staffs?type=teaching&per_page=100&page=${page}`);
    if (!result.ok) break;
    for (const member of result.data.data) options.push({ value: member.unique_id, label: member.staff_data.name });
    if (page >= result.data.last_page) break;
  }
  const current = schedule?.teacher;
  if (current && !options.some((o) => typeof o !== "string" && o.value === current.unique_id))
    options.push({ value: current.unique_id, label: current.name });
  return options;
}
const MAX_TEACHER_PAGES = 10;

/** A past date may stay on a schedule being edited; any new date starts today (Lagos). */
function dateRule(schedule: Schedule | null, now: Date) {
  const today = schoolToday(now);
  const keepDate = schedule?.schedule_date && schedule.schedule_date < today ? schedule.schedule_date : undefined;
  return { today, keepDate };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const found = await load(api, params);
    if ("notFound" in found) notFound(found.notFound, TIMETABLES_BACK);
    if ("error" in found)
      return {
        error: found.error,
        timetable: null,
        schedule: null,
        subjects: [],
        teachers: [],
        formKey: "",
        today: "",
        keepDate: undefined,
      };
    const { timetable, schedule } = found;
    const [options, teachers] = await Promise.all([getSchoolOptions(api), teacherOptions(api, schedule)]);
    const classSubjects = options.classes.find((c) => c.class_name === timetable.class)?.subjects ?? [];
    const subjects = withCurrent(classSubjects.length ? classSubjects : [DEFAULT_SCHEDULE_SUBJECT], schedule?.subject);
    return {
      error: null,
      timetable,
      schedule,
      subjects,
      teachers,
      formKey: newFormKey(),
      ...dateRule(schedule, new Date()),
    };
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const formData = await readFormData(request);
    const found = await load(api, params);
    if (!("timetable" in found)) {
      return redirectWithToast(
        request,
        context,
        "/admin/time-table",
        failure("notFound" in found ? found.notFound : found.error),
      );
    }
    const { timetable, schedule } = found;
    const { today, keepDate } = dateRule(schedule, new Date());
    const submission = parseWithZod(formData, { schema: schedulePayload(timetable.type, today, keepDate) });
    if (submission.status !== "success") return refuse(submission.reply());
    const key = formData.get("idempotency_key");
    const base = `/timetables/${timetable.id}/schedules`;
    const response = schedule
      ? await api.update(`${base}/${schedule.id}`, submission.value, { method: "PUT" })
      : await api.create(base, submission.value, { idempotencyKey: key });
    if (!response.ok) return refuse(apiReply(submission, response), API_REFUSED);
    return redirectWithToast(
      request,
      context,
      timetablePath(timetable.id),
      success(schedule ? DEFAULT_SUCCESS.updated : DEFAULT_SUCCESS.created),
    );
  });
}

export default function ScheduleForm() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded.timetable) {
    return (
      <div className="space-y-5">
        <BackLink to="/admin/time-table" />
        <Banner>{loaded.error ?? MESSAGES.failedTimetable}</Banner>
      </div>
    );
  }
  return <ScheduleFormBody {...loaded} timetable={loaded.timetable} />;
}

function ScheduleFormBody({
  timetable,
  schedule,
  subjects,
  teachers,
  formKey,
  today,
  keepDate,
}: {
  timetable: Timetable;
  schedule: Schedule | null;
  subjects: string[];
  teachers: SelectOption[];
  formKey: string;
  today: string;
  keepDate?: string;
}) {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const dated = isDated(timetable.type);
  const form = useFormState("schedule", lastResult, {
    schedule_day: schedule?.schedule_day ?? "",
    schedule_date: schedule?.schedule_date ?? "",
    schedule_start_time: schedule?.schedule_start_time ?? "",
    schedule_end_time: schedule?.schedule_end_time ?? "",
    subject: schedule?.subject ?? (subjects.length === 1 ? subjects[0] : ""),
    venue: schedule?.venue ?? "",
    teacher: schedule?.teacher?.unique_id ?? "",
  });
  const field = form.field;
  const title = schedule ? "Edit Schedule" : "Add Schedule";
  const back = timetablePath(timetable.id);

  return (
    <div className="space-y-5">
      <div className="space-y-1">
        <PageHeader backTo={back} title={title} />
        <p className="text-slate-700">
          {timetable.type} · {describeTimetable(timetable)}
        </p>
      </div>
      <FormCard form={form} idempotencyKey={schedule ? null : formKey}>
        {dated ? (
          <DateField field={field("schedule_date")} min={keepDate ?? today} />
        ) : (
          <SelectField label="Day" required options={DAYS} placeholder="Select day" field={field("schedule_day")} />
        )}
        <div className="grid grid-cols-2 gap-3">
          <Field label="Start time" required field={field("schedule_start_time")} inputProps={{ type: "time" }} />
          <Field label="End time" required field={field("schedule_end_time")} inputProps={{ type: "time" }} />
        </div>
        <SelectField
          label="Subject"
          required
          options={subjects}
          placeholder={subjects.length > 1 ? "Select subject" : undefined}
          field={field("subject")}
        />
        <SelectField
          label="Teacher"
          options={teachers}
          placeholder="No teacher"
          hint="Optional. A teacher cannot take two periods at once in this term's timetables."
          field={field("teacher")}
        />
        <VenueField field={field("venue")} />
        <Button className="w-full" pending={navigation.state === "submitting"} pendingLabel="Saving…">
          {schedule ? "Save Schedule" : "Add Schedule"}
        </Button>
      </FormCard>
    </div>
  );
}

/** A schedule's date, with the weekday it falls on shown as it is picked. */
function DateField({ field, min }: { field: FieldMeta; min: string }) {
  const [day, setDay] = useState(dayOfDate(field.defaultValue ?? ""));
  return (
    <Field
      label="Date"
      required
      hint={day ? `Day: ${day}` : "The day of the week follows from the date."}
      field={field}
      inputProps={{ type: "date", min, onChange: (event) => setDay(dayOfDate(event.currentTarget.value)) }}
    />
  );
}
