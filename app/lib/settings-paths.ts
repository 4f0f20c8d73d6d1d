/** The settings screens' addresses: the main view, one section's classes and subjects, the report sheet, grading, the jobs. */
export const SETTINGS_PATH = "/admin/settings";
export const sectionPath = (section: string) => `${SETTINGS_PATH}/section?name=${encodeURIComponent(section)}`;
export const REPORT_SHEET_PATH = `${SETTINGS_PATH}/report-sheet`;
export const CALENDAR_PATH = `${SETTINGS_PATH}/calendar`;
export const calendarPath = (session: string) => `${CALENDAR_PATH}?year=${encodeURIComponent(session)}`;
export const JOBS_PATH = `${SETTINGS_PATH}/jobs`;
export const GRADING_PATH = `${SETTINGS_PATH}/grading`;
