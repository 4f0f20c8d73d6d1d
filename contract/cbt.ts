/**
 * Assessments: computer-based tests (docs/product.md, Assessments). Students are not users: a test has a short
 * code, each student of the class a PIN, and the test is taken at /cbt.
 *
 * Calls under /api/admin/{uniqueId} (the admins with the assessments key; a teacher for their own classes and
 * subjects):
 * - POST /cbt/questions {class, subject, kind, text, options?, answer?, marks?} → 201 {message, data: CbtQuestion};
 *        or multipart: that JSON as the text field `question_data` and a picture as the file `image` (the images'
 *        checks: an image by its content, under 2 MB, within the pixel cap; stored re-encoded)
 * - GET  /cbt/questions?class=&subject= → {data: CbtQuestionAdmin[]} (the bank, with its answers)
 * - GET  /cbt/tests → {data: CbtTest[]}; GET /cbt/tests/{id} → {data: CbtTest}
 * - POST /cbt/tests {title, class, subject, term, session, duration_minutes, question_count, opens_at, closes_at,
 *        results_column, shuffle?, grace_minutes?, lab_network?} → 201 {message, data: {id, code}}
 * - POST /cbt/tests/{id}/pins → 201 {message, data: [{student_id, name, pin}]}: opens the test for the class,
 *        drawing each student's questions now; students who have a paper keep it and their PIN
 * - GET  /cbt/tests/{id}/pins → {data: [{student_id, name, pin}]}: the PINs issued so far
 * - GET  /cbt/tests/{id}/slips → the class's access slips (PDF)
 * - GET  /cbt/tests/{id}/scores → {data: CbtScores}
 * - GET  /cbt/tests/{id}/theory → {data: TheoryAnswer[]}; PUT /cbt/tests/{id}/theory {marks: [{paper_id, n,
 *        marks}]} → {message, data: TheoryAnswer[]}
 * - POST /cbt/tests/{id}/send-to-results → {message, data: {sent}}: 409 while the class's result is published
 *
 * Public, without a sign-in (the code and PIN are the key; the attempt's key then names the attempt):
 * - POST /api/public/cbt/attempts {code, pin} → 201 {data: CbtAttempt} (200 with the same attempt once started)
 * - GET  /api/public/cbt/attempts/{attempt}/questions/{n} → {data: CbtQuestionPage}: never the correct answer
 * - GET  /api/public/cbt/attempts/{attempt}/questions/{n}/image → the question's picture, while the attempt is open
 * - PUT  /api/public/cbt/attempts/{attempt}/answers/{n} {choice} → {message, data: CbtQuestionPage}
 * - POST /api/public/cbt/attempts/{attempt}/submit → {message}
 * After the deadline (the attempt's end plus the school's grace) answers are refused (409) and the attempt is closed.
 *
 * Admissions (docs/decisions.md, CBT for admissions): a form with `cbt_enabled` is given one of the school's tests
 * (`PUT /api/admin/{uniqueId}/admission-forms/{id}/cbt-test {test_id}`, contract/admissions.ts). Each application
 * to it gets a paper of that test and a PIN once it is sent (once paid, when its fee is to be paid online); the
 * applicant takes the test at /cbt with the test's code and that PIN, like a student. Their score is the
 * submission's `cbt` (`ApplicantCbtScore`).
 */

export const QUESTION_KINDS = ["objective", "true_false", "theory"] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  objective: "Objective",
  true_false: "True or false",
  theory: "Theory",
};

export const CBT_LIMITS = {
  textMax: 2000,
  optionMax: 300,
  optionsMin: 2,
  optionsMax: 5,
  marksMax: 100,
  titleMax: 120,
  durationMax: 300,
  questionCountMax: 200,
  graceMax: 30,
  theoryAnswerMax: 2000,
  /** Wrong PINs for one test code, from every address together, within the sign-in window. */
  codeFailures: 100,
  /** Wrong tries of one PIN value (against any code) within the sign-in window. */
  pinFailures: 5,
  /** Codes that name no test, from one address, within the sign-in window (a lab shares one address). */
  unknownCodes: 60,
} as const;

/** Option letters as printed beside the choices. */
export const OPTION_LETTERS = ["A", "B", "C", "D", "E"] as const;

export interface CbtQuestion {
  id: number;
  class: string;
  subject: string;
  kind: QuestionKind;
  text: string;
  options: string[] | null;
  marks: number;
  /** The question's picture (`/api/media/{key}`: its school's signed-in users only); null without one. */
  image_url: string | null;
  created_at: string;
}

/** A bank question as its school sees it, with the answer: never sent to a student. */
export interface CbtQuestionAdmin extends CbtQuestion {
  /** The correct option's index, "true" or "false"; null for theory. */
  answer: string | null;
}

export interface CbtTest {
  id: number;
  code: string;
  title: string;
  class: string;
  subject: string;
  term: string;
  session: string;
  duration_minutes: number;
  question_count: number;
  opens_at: string;
  closes_at: string;
  results_column: string | null;
  shuffle: boolean;
  grace_minutes: number;
  lab_network: string | null;
  opened_at: string | null;
  sent_at: string | null;
  /** Papers drawn (students the test is open to). */
  papers: number;
}

export interface CbtPin {
  student_id: number;
  name: string;
  pin: string;
}

export type AttemptStatus = "not_started" | "in_progress" | "submitted";

export interface CbtScoreRow {
  student_id: number;
  name: string;
  status: AttemptStatus;
  /** Marks earned so far (theory answers count once marked). */
  score: number;
  /** The marks of the student's questions. */
  max: number;
  /** Theory answers not marked yet. */
  unmarked: number;
  /** The score scaled to the results column's maximum; null without a column. */
  scaled: number | null;
}

export interface CbtScores {
  test: CbtTest;
  column_max: number | null;
  rows: CbtScoreRow[];
}

export interface TheoryAnswer {
  paper_id: number;
  n: number;
  name: string;
  question: string;
  answer: string;
  marks: number | null;
  max: number;
}

export interface CbtAttempt {
  attempt: string;
  ends_at: string;
  count: number;
}

/** One question as a student sees it: the choices in their order, never which is correct. */
export interface CbtQuestionPage {
  n: number;
  count: number;
  kind: QuestionKind;
  text: string;
  /** An objective question's choices; ["True", "False"] for true/false; null for theory. */
  options: string[] | null;
  /** Whether the question has a picture: GET .../questions/{n}/image. */
  image: boolean;
  /** The student's saved answer: the option's index as text, or the theory text; null when not answered. */
  choice: string | null;
  answered: number;
  title: string;
  subject: string;
  ends_at: string;
  /** Seconds until the end, as the server counts them (0 in the grace). */
  seconds_left: number;
}

/** An applicant's test as their submission's review shows it: marked objective answers, theory still to mark. */
export interface ApplicantCbtScore {
  test_id: number;
  code: string;
  title: string;
  status: AttemptStatus;
  score: number;
  max: number;
  unmarked: number;
}

/** What the applicant's confirmation page shows of their test: the PIN the first time only, else null. */
export interface ApplicantCbtAccess {
  code: string;
  title: string;
  opens_at: string;
  closes_at: string;
  /** Where the test is taken, in the web app. */
  path: string;
  pin: string | null;
}

/** Where a test is taken in the web app. */
export const CBT_PATH = "/cbt";

export const CBT_ADMISSION_MESSAGES = {
  linked: "Test linked to the form",
  unlinked: "Test removed from the form",
  testUnknown: "Choose one of the school's tests",
  formNotCbt: "Turn CBT on for this form first",
  testLabel: "Entrance test",
  noTest: "No test linked yet",
  heading: "Your entrance test",
  takeIt: (address: string) => `Take the test at ${address} with this code and PIN.`,
  pinOnce: "Write the PIN down now: this page shows it only once. It has also been sent to you by message.",
  pinShown: "Your PIN was shown once and sent to you by message. Ask the school if you have lost it.",
  reviewHeading: "Entrance test (CBT)",
  notTaken: "Not taken yet",
  inProgress: "In progress",
  taken: "Taken",
  theoryPending: (n: number) => `${n} theory answer${n === 1 ? "" : "s"} still to be marked`,
  /** The message to the applicant ({name}, {school}, {title}, {code}, {pin}, {address}, {opens}, {closes}). */
  pinText:
    '{school}: {name}\'s entrance test "{title}" is open from {opens} to {closes}. Go to {address} and enter the code {code} and the PIN {pin}.',
} as const;

export const CBT_MESSAGES = {
  questionAdded: "Question added",
  testCreated: "Test created",
  pinsIssued: "The test is open: PINs issued",
  marksSaved: "Marks saved",
  sentToResults: (column: string) => `Scores sent to the ${column} column`,
  answerSaved: "Answer saved",
  /** The time left once the deadline has passed, on the server's page and in the browser's countdown. */
  timeUp: "Time is up: submit now",
  submitted: "Your answers have been submitted. You may close this page.",
  classRequired: "Choose a class",
  classUnknown: "Choose one of the school's classes",
  subjectRequired: "Choose a subject",
  subjectUnknown: "Choose a subject of the class",
  kindUnknown: "Choose the kind of question",
  textRequired: "Type the question",
  textTooLong: `Keep the question under ${CBT_LIMITS.textMax} characters`,
  optionsCount: `Give ${CBT_LIMITS.optionsMin} to ${CBT_LIMITS.optionsMax} options`,
  optionTooLong: `Keep each option under ${CBT_LIMITS.optionMax} characters`,
  answerRequired: "Choose the correct answer",
  marksInvalid: `Marks must be a whole number from 1 to ${CBT_LIMITS.marksMax}`,
  titleRequired: "Give the test a title",
  titleTooLong: `Keep the title under ${CBT_LIMITS.titleMax} characters`,
  termUnknown: "Choose one of the school's terms",
  sessionInvalid: "Give the session as 2025/2026",
  durationInvalid: `The duration must be 1 to ${CBT_LIMITS.durationMax} minutes`,
  questionCountInvalid: `The number of questions must be 1 to ${CBT_LIMITS.questionCountMax}`,
  opensInvalid: "Give the date and time the test opens",
  closesInvalid: "Give the date and time the test closes",
  closesBeforeOpens: "The test must close after it opens",
  columnUnknown: "Choose one of the report sheet's columns",
  graceInvalid: `The grace must be 0 to ${CBT_LIMITS.graceMax} minutes`,
  labInvalid: "Give the network as an address range, like 192.168.1.0/24",
  bankTooSmall: (have: number) =>
    `The question bank of this class and subject has ${have} questions: add more or draw fewer`,
  testNotFound: "Test not found",
  noStudents: "The class has no students",
  codeRequired: "Type the test code",
  pinRequired: "Type your PIN",
  wrongCodeOrPin: "Check the test code and PIN and try again",
  tooManyPins: "Too many wrong PINs. Wait 15 minutes and try again, or ask your teacher.",
  notOpenYet: "This test is not open yet",
  closed: "This test is closed: the time is up",
  alreadySubmitted: "You have already submitted this test",
  labOnly: "This test can only be taken on the school's network",
  attemptNotFound: "This test session has ended. Enter your code and PIN again.",
  questionNotFound: "Question not found",
  choiceInvalid: "Choose one of the options",
  theoryTooLong: `Keep your answer under ${CBT_LIMITS.theoryAnswerMax} characters`,
  marksOverMax: "The marks cannot be more than the question's",
  unmarkedTheory: "Mark every theory answer before sending the scores",
  noColumn: "The test feeds no results column",
  nothingToSend: "No student has finished this test yet",
} as const;
