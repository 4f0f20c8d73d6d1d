import { type RouteConfig, index, layout, prefix, route } from "@remix-run/route-config";

/**
 * Every URL of the product, grouped by area (docs/product.md, Screens). The URLs whose screens are not built
 * yet (NOT_YET_BUILT in app/lib/navigation.ts) share one "not available yet" screen through one route per
 * area: Remix matches the whole table several times a request, so every route costs every page.
 */
const notYet = (path: string, id: string) => route(path, "routes/not-available.tsx", { id: `not-available-${id}` });

export default [
  index("routes/index.tsx"),
  route("register", "routes/auth/register.tsx"),
  route("choose-account", "routes/auth/choose-account.tsx"),
  route("data-saver", "routes/data-saver.tsx"),
  route("bench/reference", "routes/bench-reference.tsx"),
  route("apply/:publicId", "routes/apply/form.tsx"),
  route("apply/:publicId/done/:reference", "routes/apply/done.tsx"),
  route("media/:key", "routes/media.tsx"),
  route("verify/report/:token", "routes/verify/report.tsx"),

  layout("routes/admin/layout.tsx", [
    ...prefix("admin", [
      route("dashboard", "routes/admin/dashboard/dashboard.tsx"),

      route("profile", "routes/admin/profile/profile.tsx"),
      route("profile/how-to", "routes/admin/profile/how-to.tsx"),
      route("profile/about-us", "routes/admin/profile/about-us.tsx"),
      route("logout", "routes/admin/profile/logout.tsx"),

      route("students", "routes/admin/students/list.tsx"),
      route("students/:id/delete", "routes/admin/students/delete.tsx"),
      route("students/:id/backlog", "routes/admin/students/to-backlog.tsx"),
      route("students-backlog", "routes/admin/students/backlog.tsx"),
      route("students-backlog/:id/restore", "routes/admin/students/restore.tsx"),
      route("student-data/:id/download", "routes/admin/students/data-export.tsx"),
      route("student-data/:id/not-found", "routes/admin/students/data-missing.tsx"),
      route("student-data/:id/erase", "routes/admin/students/erase.tsx"),
      route("add-student", "routes/admin/students/add.tsx"),
      route("update-student/:id", "routes/admin/students/update.tsx"),

      route("parents", "routes/admin/parents/list.tsx"),
      route("parents/add", "routes/admin/parents/add.tsx"),
      route("parents/:id/update", "routes/admin/parents/update.tsx"),
      route("parents/:id/delete", "routes/admin/parents/delete.tsx"),

      route("staff", "routes/admin/staff/list.tsx"),
      route("staff/add", "routes/admin/staff/add.tsx"),
      route("staff/:id/update", "routes/admin/staff/update.tsx"),
      route("staff/:id/delete", "routes/admin/staff/delete.tsx"),

      route("time-table", "routes/admin/timetables/list.tsx"),
      route("timetable/add", "routes/admin/timetables/form.tsx", { id: "timetable-add" }),
      route("timetable/:id/edit", "routes/admin/timetables/form.tsx", { id: "timetable-edit" }),
      route("timetable/:id/view", "routes/admin/timetables/view.tsx"),
      route("timetable/:id/delete", "routes/admin/timetables/delete.tsx"),
      route("timetable/:id/download", "routes/admin/timetables/download.tsx"),
      route("timetable/:id/add-schedule", "routes/admin/timetables/schedule-form.tsx", {
        id: "timetable-add-schedule",
      }),
      route("timetable/:id/edit-schedule/:scheduleId", "routes/admin/timetables/schedule-form.tsx", {
        id: "timetable-edit-schedule",
      }),
      route("timetable/:id/delete-schedule/:scheduleId", "routes/admin/timetables/schedule-delete.tsx"),

      route("inventory", "routes/admin/inventory/home.tsx"),
      route("inventory/add-group", "routes/admin/inventory/group-form.tsx", { id: "inventory-add-group" }),
      route("inventory/update-group", "routes/admin/inventory/group-form.tsx", { id: "inventory-update-group" }),
      route("inventory/delete-group", "routes/admin/inventory/group-delete.tsx"),
      route("inventory/group/items", "routes/admin/inventory/group-items.tsx"),
      route("inventory/add-product", "routes/admin/inventory/product-form.tsx", { id: "inventory-add-product" }),
      route("inventory/edit-product", "routes/admin/inventory/product-form.tsx", { id: "inventory-edit-product" }),
      route("inventory/delete-product", "routes/admin/inventory/product-delete.tsx"),
      route("inventory/sell", "routes/admin/inventory/sell.tsx"),
      route("inventory/purchased", "routes/admin/inventory/purchased.tsx"),
      route("add-bank-details", "routes/admin/inventory/bank-details.tsx"),
      route("files", "routes/admin/files/list.tsx"),
      route("files/upload/:folder?", "routes/admin/files/upload.tsx"),
      route("files/folder/:folder/delete", "routes/admin/files/delete-folder.tsx"),
      route("files/:id/view", "routes/admin/files/view.tsx"),
      route("files/:id/download", "routes/admin/files/download.tsx"),
      route("files/:id/delete", "routes/admin/files/delete-file.tsx"),
      route("files/:folder", "routes/admin/files/folder.tsx"),
      route("file-upload", "routes/admin/files/upload-send.tsx"),

      route("settings", "routes/admin/settings/main.tsx"),
      route("settings/section", "routes/admin/settings/section.tsx"),
      route("settings/report-sheet", "routes/admin/settings/report.tsx"),
      route("settings/grading", "routes/admin/settings/grading.tsx"),
      route("settings/calendar", "routes/admin/settings/calendar.tsx"),
      route("settings/jobs", "routes/admin/settings/jobs.tsx"),

      route("results", "routes/admin/results/entry.tsx"),

      route("admission-forms", "routes/admin/admissions/list.tsx"),
      route("admission-forms/create", "routes/admin/admissions/create.tsx"),
      route("admission-forms/:id/delete", "routes/admin/admissions/delete.tsx"),
      route("school-fees", "routes/admin/fees/school-fees.tsx"),
      route("school-fees/:id/edit", "routes/admin/fees/fee-edit.tsx"),
      route("school-fees/:id/delete", "routes/admin/fees/fee-delete.tsx"),
      route("school-fees/:id/retire", "routes/admin/fees/fee-retire.tsx"),
      route("school-fees/students/:id", "routes/admin/fees/student-fees.tsx"),
      route("school-fees/payments/:id/reverse", "routes/admin/fees/reverse.tsx"),
      route("school-fees/payments/:id/receipt", "routes/admin/fees/receipt.tsx"),
      route("school-fees/payments/:id/receipt-not-found", "routes/admin/fees/receipt-missing.tsx"),
      route("add-bulk-students", "routes/admin/imports/upload.tsx", { id: "bulk-import-students" }),
      route("add-bulk-parents", "routes/admin/imports/upload.tsx", { id: "bulk-import-parents" }),
      route("add-bulk-staff", "routes/admin/imports/upload.tsx", { id: "bulk-import-staff" }),
      route("bulk-import/:kind/template", "routes/admin/imports/template.tsx"),
      route("bulk-import/:kind/send", "routes/admin/imports/send.tsx"),
      route("bulk-import/:kind/:token", "routes/admin/imports/check.tsx"),
      route("bulk-import/:kind/:token/problems", "routes/admin/imports/problems.tsx"),
      route("results/report-cards", "routes/admin/results/report-cards.tsx"),
      route("results/report-cards/download", "routes/admin/results/report-card-download.tsx"),

      route("results/extras", "routes/admin/results/extras.tsx"),

      route("results/broadsheet", "routes/admin/results/broadsheet.tsx"),
      route("results/broadsheet.xlsx", "routes/admin/results/broadsheet-download.tsx"),

      notYet(":area", "admin"),
    ]),
    route("new-whatsapp", "routes/admin/profile/new-whatsapp.tsx"),
    route("submission-review/:uniqueId/:submissionId", "routes/admin/admissions/review.tsx"),
    route("submission-review/:uniqueId/:submissionId/documents/:field", "routes/admin/admissions/document.tsx"),
    route("submission-review/:uniqueId/:submissionId/approve", "routes/admin/admissions/review-decision.tsx", {
      id: "submission-approve",
    }),
    route("submission-review/:uniqueId/:submissionId/reject", "routes/admin/admissions/review-decision.tsx", {
      id: "submission-reject",
    }),
    notYet("notifications", "notifications"),
    ...prefix("super-admin", [
      route("manage-admins", "routes/admin/admins/list.tsx"),
      route("manage-admins/add", "routes/admin/admins/add.tsx"),
      route("manage-admins/:id/edit", "routes/admin/admins/edit.tsx"),
      route("manage-admins/:id/status", "routes/admin/admins/status.tsx"),
      route("manage-admins/:id/reset-password", "routes/admin/admins/reset-password.tsx"),
      route("manage-admins/:id/delete", "routes/admin/admins/delete.tsx"),
      route("audit-log", "routes/admin/admins/audit-log.tsx"),
      route("results", "routes/admin/publishing/classes.tsx"),
      route("results/publish", "routes/admin/publishing/publish.tsx", { id: "results-publish" }),
      route("results/unpublish", "routes/admin/publishing/publish.tsx", { id: "results-unpublish" }),
      notYet(":area", "super-admin"),
    ]),
    ...prefix("staff", [notYet(":area", "staff")]),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
