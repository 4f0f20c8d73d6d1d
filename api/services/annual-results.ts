import { annualResults, isCumulative, subjectTotal } from "../../contract/grading";
import type { AnnualFigures, ResultKind, ScoreColumn, Scores } from "../../contract/results";
import type { PositionTies } from "../../contract/settings";
import type { ApiDeps } from "../context";
import { parseScores } from "./results";

/**
 * The 3rd term's cumulative columns (docs/product.md, Results) for the broadsheet and the report cards alike: the
 * 1st and 2nd terms' totals of the session are read in one query, and contract/grading.ts works the annual
 * averages and positions out over the class.
 */

/** The earlier terms of the session whose totals the 3rd term's cumulative columns show. */
const EARLIER_TERMS = { first: "1st Term", second: "2nd Term" } as const;

/**
 * Each student's cumulative figures, or null when the result has none (any term but the 3rd, a mid-term result).
 * `thisTerm` is each student's 3rd-term total per subject, as the caller worked it out. A student's earlier totals
 * are theirs whichever class they were in then; the columns are the section's current ones.
 */
export async function annualFiguresOf(
  deps: ApiDeps,
  schoolId: number,
  key: { term: string; session: string; result: ResultKind },
  input: {
    subjects: readonly string[];
    columns: readonly ScoreColumn[];
    thisTerm: Map<number, Record<string, number | null>>;
    rule: PositionTies;
    addPosition: boolean;
  },
): Promise<Map<number, AnnualFigures> | null> {
  if (!isCumulative(key.term, key.result)) return null;
  const ids = [...input.thisTerm.keys()];
  const earlier = ids.length
    ? await deps.db
        .selectFrom("result_scores")
        .select(["student_id", "subject", "term", "scores"])
        .where("school_id", "=", schoolId)
        .where("student_id", "in", ids)
        .where("session", "=", key.session)
        .where("result", "=", "terminal")
        .where("term", "in", [EARLIER_TERMS.first, EARLIER_TERMS.second])
        .execute()
    : [];
  const totalOf = new Map<string, number | null>();
  for (const row of earlier) {
    const stored = parseScores(row.scores);
    const scores: Scores = Object.fromEntries(
      input.columns.map((c) => [c.name, typeof stored[c.name] === "number" ? (stored[c.name] as number) : null]),
    );
    totalOf.set(`${row.student_id}\n${row.subject}\n${row.term}`, subjectTotal(scores, input.columns));
  }
  const earlierTotal = (id: number, subject: string, term: string) => totalOf.get(`${id}\n${subject}\n${term}`) ?? null;
  return annualResults({
    subjects: input.subjects,
    students: ids.map((id) => ({
      id,
      terms: Object.fromEntries(
        input.subjects.map((subject) => [
          subject,
          {
            first: earlierTotal(id, subject, EARLIER_TERMS.first),
            second: earlierTotal(id, subject, EARLIER_TERMS.second),
            third: input.thisTerm.get(id)?.[subject] ?? null,
          },
        ]),
      ),
    })),
    rule: input.rule,
    addPosition: input.addPosition,
  });
}
