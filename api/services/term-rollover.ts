import { followingTerm, TERMS, type TermLabel } from "../../contract/calendar";
import type { FieldErrors } from "../../contract/http";
import { PROMOTION_MESSAGES as M, type TermRollover } from "../../contract/promotion";
import { isSession } from "../../contract/settings";
import type { ApiDeps, Tenant } from "../context";
import { requireMainAdmin } from "../lib/access";
import { isUniqueViolation } from "../lib/db-errors";
import { ApiError, validationError } from "../lib/errors";
import { idempotencyKey } from "../lib/idempotency";
import { recordAudit } from "./audit";
import { schoolTermIn } from "./calendar";
import { savedSettings, writeSettings } from "./promotion";

/**
 * `POST /term-rollover`: ends the school's 1st or 2nd Term in one transaction. The school's settings move to the
 * next term of the session and a row of `term_rollovers` keeps the school there until its calendar says later
 * (`schoolTermIn`). Nothing of the bills is written: each student's unpaid balance of the ended term shows on the
 * new term's bill as arrears, worked out from the ledger (api/services/fees.ts). Refused (409) once the term named
 * is no longer the current one, so a second submit does nothing twice; the 3rd Term ends with the promotion.
 */
export async function rollTerm(
  deps: ApiDeps,
  tenant: Tenant,
  body: unknown,
  idempotencyHeader: string | undefined,
): Promise<TermRollover> {
  requireMainAdmin(tenant, M.termMainOnly);
  const schoolId = tenant.schoolId;
  const sent = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const errors: FieldErrors = {};
  const ending = typeof sent.ending_term === "string" ? sent.ending_term.trim() : "";
  const session = typeof sent.ending_session === "string" ? sent.ending_session.trim() : "";
  if (!TERMS.includes(ending as TermLabel)) errors.ending_term = [M.termRequired];
  if (!isSession(session)) errors.ending_session = [M.sessionRequired];
  if (Object.keys(errors).length) throw validationError(errors);
  if (ending === TERMS[2]) throw new ApiError(409, M.lastTerm, { ending_term: [M.lastTerm] });
  const conflict = () =>
    new ApiError(409, M.termNotCurrent(ending, session), { ending_term: [M.termNotCurrent(ending, session)] });
  const key = idempotencyKey(idempotencyHeader);
  const today = deps.now();
  const now = today.toISOString();
  const next = followingTerm(ending as TermLabel, session).term;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const current = await schoolTermIn(trx, schoolId, today);
      if (current.term !== ending || current.session !== session) throw conflict();
      const saved = await savedSettings(trx, schoolId);
      const before = {
        term: typeof saved.report_sheet?.current_term === "string" ? saved.report_sheet.current_term : null,
        session:
          typeof saved.other_settings?.current_session === "string" ? saved.other_settings.current_session : null,
      };
      // First, so that a second rollover of the same term waits on this row and is refused.
      await trx
        .insertInto("term_rollovers")
        .values({
          school_id: schoolId,
          ending_term: ending,
          ending_session: session,
          new_term: next,
          settings_before: JSON.stringify(before),
          idempotency_key: key,
          created_at: now,
        })
        .execute();
      await writeSettings(
        trx,
        schoolId,
        {
          ...saved,
          report_sheet: { ...saved.report_sheet, current_term: next },
          other_settings: { ...saved.other_settings, current_session: session },
        },
        now,
      );
      await recordAudit(
        deps,
        tenant,
        { kind: "settings", summary: `Ended ${ending} of ${session}: the school is in ${next}` },
        trx,
      );
      return { ending_term: ending, ending_session: session, new_term: next };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
}
