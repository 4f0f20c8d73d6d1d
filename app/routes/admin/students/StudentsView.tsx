import { Link, useLocation } from "@remix-run/react";
import { ATTENDANCE_MESSAGES } from "../../../../contract/attendance";
import type { StudentPage, StudentRecord } from "../../../../contract/students";
import { DeleteAction } from "~/components/list/DeleteRecord";
import { SearchAndClass } from "~/components/list/SearchAndClass";
import { ListHeader } from "~/components/list/ListHeader";
import { PagedList } from "~/components/list/PagedList";
import { PersonRow } from "~/components/list/PersonRow";
import { menuItemClass } from "~/components/list/RowMenu";
import { ReasonSelect } from "./ReasonSelect";
import { buttonClass } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { EmptyState } from "~/components/ui/EmptyState";

function StudentRow({ student, back }: { student: StudentRecord; back: string }) {
  const { name, class: className, gender, profile_img } = student.student_data;
  const path = `/admin/students/${encodeURIComponent(student.unique_id)}`;
  return (
    <PersonRow
      to={`/admin/update-student/${encodeURIComponent(student.unique_id)}`}
      name={name}
      photo={profile_img}
      details={`${className ?? "No class"} · ${gender}`}
    >
      <DeleteAction path={path} what="student" name={name} back={back} />
      <ConfirmDialog
        href={`${path}/backlog?returnTo=${encodeURIComponent(back)}`}
        action={`${path}/backlog`}
        title="Add to Backlog"
        description={`Why is ${name} leaving the students list?`}
        triggerLabel="Add to Backlog"
        confirmLabel="Add to Backlog"
        variant="primary"
        triggerClassName={menuItemClass}
        hiddenFields={{ returnTo: back }}
      >
        <ReasonSelect />
      </ConfirmDialog>
    </PersonRow>
  );
}

export interface StudentsViewProps {
  filters: { q: string; class: string };
  classes: string[];
  list: StudentPage | null;
  error: string | null;
  /** The main admin also sees the way to the end of a session. */
  mainAdmin?: boolean;
}

/** The students screen's body; the route feeds it from the API, the bench's reference page from memory. */
export function StudentsView({ filters, classes, list, error, mainAdmin }: StudentsViewProps) {
  const location = useLocation();
  const back = location.pathname + location.search;

  return (
    <div className="space-y-4 pb-40">
      <ListHeader
        title="Students"
        addLabel="Add students"
        links={[
          { to: "/admin/add-student", label: "Add Student" },
          { to: "/admin/add-bulk-students", label: "Add Bulk Students" },
        ]}
      />
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        <Link
          to={`/admin/students/attendance${filters.class ? `?${new URLSearchParams({ class: filters.class })}` : ""}`}
          className="font-semibold text-brand-700 underline"
        >
          {ATTENDANCE_MESSAGES.registerLink}
        </Link>
        {mainAdmin ? (
          <Link to="/admin/students/promotion" className="font-semibold text-brand-700 underline">
            Promote Students
          </Link>
        ) : null}
      </div>

      <SearchAndClass
        label="Search and filter students"
        id="student"
        placeholder="Search students..."
        filters={filters}
        classes={classes}
      />

      <PagedList
        label="Students"
        list={list}
        error={error}
        empty={
          <EmptyState title={filters.q || filters.class ? "No students match your search" : "No students yet"}>
            <Link to="/admin/add-student" className="font-semibold text-brand-700 underline">
              Add Student
            </Link>
          </EmptyState>
        }
      >
        {(student) => <StudentRow key={student.unique_id} student={student} back={back} />}
      </PagedList>

      {/* Below a row's open menu (z-20), so that the menu's entries are never under it. */}
      <Link
        to="/admin/students-backlog"
        className={buttonClass("primary", "fixed bottom-36 right-4 z-10 rounded-full shadow-lg md:bottom-6")}
      >
        Students Backlog
      </Link>
    </div>
  );
}
