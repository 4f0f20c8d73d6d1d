/** The product's words (docs/product.md, Messages). Screens and the API use these, never their own. */
export const DEFAULT_ERRORS = {
  unexpected: "An unexpected error occurred.",
  fetch: "Failed to fetch data.",
  request: "Request failed. Please try again.",
  update: "Update failed. Please try again.",
  delete: "Deletion failed. Please try again.",
} as const;

export const DEFAULT_SUCCESS = {
  created: "Created successfully",
  updated: "Updated successfully",
  deleted: "Deleted successfully",
} as const;

export const MESSAGES = {
  profileUpdated: "Profile updated successfully!",
  settingsUpdated: "Settings updated successfully!",
  studentBacklogged: "Student added to backlog successfully!",
  timetableDeleted: "Timetable deleted successfully",
  scheduleDeleted: "Schedule deleted successfully",
  timetableDownloaded: "Timetable downloaded successfully",
  failedProfile: "Failed to load profile data.",
  failedSettings: "Failed to load settings data.",
  failedLoadData: "Failed to load data",
  failedTimetable: "Failed to load timetable",
  failedTimetables: "Failed to fetch timetables.",
  failedDownloadTimetable: "Failed to download timetable.",
  failedDeleteTimetable: "Failed to delete timetable.",
  failedDeleteSchedule: "Failed to delete schedule.",
  failedParentDetails: "Failed to fetch parent details.",
  noFeeData: "No fee data available.",
  failedFees: "Failed to load fees data.",
  personSaveFailed: "An error occurred. Please try again.",
  onlyImages: "Only image files are allowed.",
  imageTooLarge: "File size must be less than 2MB.",
  allFieldsRequired: "All fields are required",
  scheduleRequired: "Start time, end time, and subject are required",
  dayRequired: "Day is required for Regular School Periods",
  dateRequired: "Date is required for Test and Exam schedules",
  endAfterStart: "End time must be after start time",
  selectClassFirst: "Select a class first",
  noSubjectsForClass: "No subjects available for this class",
  excelOnly: "Please upload a valid Excel file (.xlsx or .xls)",
  noFileSelected: "No file selected",
  // File manager
  uploadNoFiles: "Please select at least one file to upload.",
  uploadNoFolder: "Please specify a folder.",
  uploadTooManyFiles: "Maximum 5 files allowed. Please select fewer files.",
  uploadTooLarge: "Files exceeding 5MB: {names}",
  uploadSuccessful: "Upload successful!",
  fileNotFound: "File not found or you don't have permission to view it.",
  failedFileDetails: "Failed to fetch file details.",
  failedDownloadFile: "Failed to download file.",
  failedDeleteFolder: "Failed to delete folder",
} as const;

/** Messages docs/product.md does not give; each is recorded in docs/decisions.md. */
export const APP_MESSAGES = {
  registered: "Your school account has been created.",
  schoolEmailRegistered: "This school email is already registered. Sign in with your Unique ID instead.",
  loginFailed: "Unique ID or password is incorrect.",
  tooManyAttempts: "Too many failed attempts. Please wait and try again.",
  loggedIn: "Welcome back!",
  loggedOut: "You have been logged out.",
  unauthenticated: "Your session has ended. Please log in again.",
  notFound: "Not found.",
  passwordChanged: "Password changed successfully!",
  wrongCurrentPassword: "Current password is incorrect.",
  phoneUpdated: "Phone number updated successfully!",
  invalidPhone: "Enter a valid phone number.",
  invalidEmail: "Enter a valid email address.",
  crossOrigin: "This request came from another site and was refused.",
  payloadTooLarge: "The upload is too large.",
  unavailable: "The school's records cannot be reached right now. Please try again in a moment.",
  conflict: "This conflicts with a record already saved. Please reload the page and try again.",
  invalidData: "The given data was invalid.",
  tokenInAddress: "Send the login token in the Authorization header, never in the address.",
  unsupportedForm: "This form was sent in a way the page does not accept.",
} as const;

/** The product's words for inventory and bank details. */
export const INVENTORY_SPEC_MESSAGES = {
  groupAdded: "Group added successfully!",
  groupUpdated: "Group updated successfully!",
  productAdded: "Product added successfully!",
  productUpdated: "Product updated successfully!",
  bankDetailsAdded: "Bank details added successfully!",
  bankDetailsRequired: "Please fill in all required fields and verify your account number",
  failedPurchases: "Failed to fetch purchased items.",
  noPurchases: "No purchased items yet",
  noPurchaseMatches: "No items found matching your search",
} as const;
