import { CBT_PATH, type ApplicantCbtAccess, type ApplicantCbtScore } from "../../contract/cbt";
import { errorFields, logger } from "../../observability/log";
import type { ApiDeps, Tenant } from "../context";
import { bankOf, draw, paperScore, pinHash, pinOf, statusOf } from "./cbt";
import { sendApplicantPin } from "./messages";

/** An applicant's PIN is keyed by their submission, never a student's id. */
const holderOf = (submissionId: number) => `a${submissionId}`;

/** The paper of a submission, with its test. */
async function paperOf(deps: ApiDeps, schoolId: number, submissionId: number) {
  return deps.db
    .selectFrom("cbt_papers")
    .innerJoin("cbt_tests", "cbt_tests.id", "cbt_papers.test_id")
    .selectAll("cbt_papers")
    .select([
      "cbt_tests.code",
      "cbt_tests.title",
      "cbt_tests.opens_at",
      "cbt_tests.closes_at",
      "cbt_tests.grace_minutes",
      "cbt_tests.pin_key",
      "cbt_tests.class_name",
      "cbt_tests.subject",
    ])
    .where("cbt_papers.school_id", "=", schoolId)
    .where("cbt_papers.submission_id", "=", submissionId)
    .orderBy("cbt_papers.id", "desc")
    .executeTakeFirst();
}

/**
 * Draws an applicant's paper of their form's test and sends them its code and PIN, once: when the form has
 * `cbt_enabled` and a test, and the fee is not waiting to be paid online. Called when the application is sent, when
 * its fee is paid, and when the confirmation page is read (in case either was missed); a second call finds the paper.
 * A failure is logged and never undoes the application or the payment.
 */
export async function issueApplicantPaper(deps: ApiDeps, schoolId: number, submissionId: number): Promise<void> {
  try {
    const found = await deps.db
      .selectFrom("admission_submissions")
      .innerJoin("admission_forms", "admission_forms.id", "admission_submissions.form_id")
      .innerJoin("schools", "schools.id", "admission_submissions.school_id")
      .select([
        "admission_submissions.id",
        "admission_submissions.student_name",
        "admission_submissions.form_data",
        "admission_submissions.payment_status",
        "admission_forms.cbt_enabled",
        "admission_forms.cbt_test_id",
        "schools.unique_id",
      ])
      .where("admission_submissions.school_id", "=", schoolId)
      .where("admission_submissions.id", "=", submissionId)
      .executeTakeFirst();
    if (!found || found.cbt_enabled !== 1 || found.cbt_test_id === null || found.payment_status === "unpaid") return;
    const test = await deps.db
      .selectFrom("cbt_tests")
      .selectAll()
      .where("school_id", "=", schoolId)
      .where("id", "=", found.cbt_test_id)
      .executeTakeFirst();
    if (!test) return;
    const had = await deps.db
      .selectFrom("cbt_papers")
      .select("id")
      .where("test_id", "=", test.id)
      .where("submission_id", "=", submissionId)
      .executeTakeFirst();
    if (had) return;
    const bank = await bankOf(deps.db, test);
    if (bank.length < test.question_count) {
      logger.warn("applicant's test paper not drawn: the question bank is too small", {
        submission_id: submissionId,
        test_id: test.id,
      });
      return;
    }
    const holder = holderOf(submissionId);
    let round = 0;
    for (; ; round++) {
      const clash = await deps.db
        .selectFrom("cbt_papers")
        .select("id")
        .where("test_id", "=", test.id)
        .where("pin_hash", "=", pinHash(test.id, pinOf(test, holder, round)))
        .executeTakeFirst();
      if (!clash) break;
    }
    const inserted = await deps.db
      .insertInto("cbt_papers")
      .values({
        school_id: schoolId,
        test_id: test.id,
        student_id: null,
        submission_id: submissionId,
        pin_hash: pinHash(test.id, pinOf(test, holder, round)),
        pin_round: round,
        questions: JSON.stringify(draw(test, bank)),
      })
      .onConflict((oc) => oc.columns(["test_id", "submission_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    // Two calls at once: the one that drew the paper sends the message.
    if (!inserted) return;
    await sendApplicantPin(deps, { schoolId, uniqueId: found.unique_id }, found, {
      code: test.code,
      title: test.title,
      opens_at: test.opens_at,
      closes_at: test.closes_at,
      path: CBT_PATH,
      pin: pinOf(test, holder, round),
    });
  } catch (error) {
    logger.warn("applicant's test paper not drawn", { submission_id: submissionId, ...errorFields(error) });
  }
}

/** The confirmation page's view of the applicant's test: its PIN on the first read only. */
export async function applicantAccess(
  deps: ApiDeps,
  schoolId: number,
  submissionId: number,
): Promise<ApplicantCbtAccess | null> {
  await issueApplicantPaper(deps, schoolId, submissionId);
  const paper = await paperOf(deps, schoolId, submissionId);
  if (!paper) return null;
  const shown = await deps.db
    .updateTable("cbt_papers")
    .set({ pin_shown_at: deps.now().toISOString() })
    .where("id", "=", paper.id)
    .where("pin_shown_at", "is", null)
    .executeTakeFirst();
  return {
    code: paper.code,
    title: paper.title,
    opens_at: paper.opens_at,
    closes_at: paper.closes_at,
    path: CBT_PATH,
    pin: Number(shown.numUpdatedRows) === 1 ? pinOf(paper, holderOf(submissionId), paper.pin_round) : null,
  };
}

/** The submission's review: the applicant's test and score so far; null without a paper. */
export async function applicantScore(
  deps: ApiDeps,
  tenant: Tenant,
  submissionId: number,
): Promise<ApplicantCbtScore | null> {
  const paper = await paperOf(deps, tenant.schoolId, submissionId);
  if (!paper) return null;
  const [bank, answers] = await Promise.all([
    bankOf(deps.db, { school_id: tenant.schoolId, class_name: paper.class_name, subject: paper.subject }),
    deps.db.selectFrom("cbt_answers").select("marks").where("paper_id", "=", paper.id).execute(),
  ]);
  const given = answers.map((a) => ({ marks: a.marks === null ? null : Number(a.marks) }));
  return {
    test_id: paper.test_id,
    code: paper.code,
    title: paper.title,
    status: statusOf(paper, paper, deps.now().getTime()),
    ...paperScore(paper, new Map(bank.map((q) => [q.id, q.marks])), given),
  };
}
