import { sql, type RawBuilder } from "kysely";
import { followingTerm, schoolDay, type TermLabel } from "../../contract/calendar";
import {
  collectionRate,
  FEE_LIMITS,
  FEE_MESSAGES as M,
  receiptNumber,
  type BillLine,
  type BillTotals,
  type ChildBalance,
  type FeeItem,
  type FeeOverview,
  type FeePayment,
  type PaymentMethod,
  type StudentBill,
} from "../../contract/fees";
import type { StudentCredit } from "../../contract/payments";
import {
  assignmentPayload,
  discountPayload,
  feeItemFields,
  paymentPayload,
  retirePayload,
  reversalFields,
} from "../../contract/fees.schema";
import type { FieldErrors } from "../../contract/http";
import { formatNaira, formatWireNaira, koboToNaira } from "../../contract/money";
import type { SchoolClass } from "../../contract/settings";
import type { ApiDeps, Tenant } from "../context";
import { recordAudit } from "./audit";
import { notify } from "./notifications";
import type { Db } from "../db";
import { isUniqueViolation } from "../lib/db-errors";
import { ApiError, fromZod, validationError } from "../lib/errors";
import { idempotencyKey as acceptedIdempotencyKey } from "../lib/idempotency";
import { isRecordKey } from "../lib/record-key";
import { schoolTerm } from "./calendar";
import { classOfStudentIn, studentsWithClassIn } from "./class-history";
import { getSchoolSettings } from "./settings";

/**
 * School fees (calls in contract/fees.ts; the design is in docs/decisions.md). A student's bill for a term is
 * never stored: it is the compulsory fees of their class in the bill's session (by class, by section or for all
 * classes; `studentsWithClassIn`, so promotion leaves past bills as they were), the
 * optional fees put on their bill, and their inventory purchases of the term, less their discounts. Every
 * sum is an integer sum of kobo in SQL; naira appear only on the wire.
 */

const n = (value: unknown) => Number(value ?? 0);
const tidy = (text: string) => text.trim().replace(/\s+/g, " ");
const feeNotFound = () => new ApiError(404, M.feeNotFound);
const studentNotFound = () => new ApiError(404, M.studentNotFound);

export interface TermQuery {
  term?: string;
  session?: string;
}

/** The term asked for, else the school's current one (`schoolTerm`, as inventory sales record it). */
export async function resolveTerm(
  deps: ApiDeps,
  tenant: Tenant,
  query: TermQuery,
): Promise<{ term: string; session: string }> {
  const term = query.term?.trim();
  const session = query.session?.trim();
  if (term && session) return { term, session };
  const current = await schoolTerm(deps, tenant);
  return { term: term || current.term, session: session || current.session };
}

// Which fees bill which class

interface ClassMap {
  /** Each class of the settings and its section. */
  sectionOf: Map<string, string>;
  classes: SchoolClass[];
}

async function classMap(deps: ApiDeps, tenant: Tenant): Promise<ClassMap & { sections: string[] }> {
  const settings = await getSchoolSettings(deps, tenant);
  return {
    classes: settings.classes,
    sections: settings.sections,
    sectionOf: new Map(settings.classes.map((c) => [c.class_name, c.section])),
  };
}

interface FeeRow {
  id: number;
  name: string;
  amount_kobo: number | string;
  applies_to: "all" | "section" | "class";
  target: string | null;
  term: string;
  session: string;
  compulsory: number;
  retired: number;
}

/** Whether a fee's scope takes in a class (null: a student without a class, billed only by all-class fees). */
function billsClass(fee: Pick<FeeRow, "applies_to" | "target">, className: string | null, map: ClassMap): boolean {
  if (fee.applies_to === "all") return true;
  if (className === null) return false;
  if (fee.applies_to === "class") return fee.target === className;
  return map.sectionOf.get(className) === fee.target;
}

function termFees(db: Db, schoolId: number, term: string, session: string) {
  return db
    .selectFrom("fee_items")
    .select(["id", "name", "amount_kobo", "applies_to", "target", "term", "session", "compulsory", "retired"])
    .where("school_id", "=", schoolId)
    .where("session", "=", session)
    .where("term", "=", term);
}

/**
 * The compulsory fees of a class as one SQL expression over `s.class_name`: a CASE naming every class some
 * fee bills, and the all-class fees for the rest. The term's fees are few, so the expression stays short.
 */
async function compulsoryByClass(
  deps: ApiDeps,
  tenant: Tenant,
  term: string,
  session: string,
  map: ClassMap,
): Promise<CompulsoryFees> {
  const [fees, before] = await Promise.all([
    termFees(deps.db, tenant.schoolId, term, session).where("compulsory", "=", 1).where("retired", "=", 0).execute(),
    earlierCompulsory(deps.db, tenant.schoolId, term, session),
  ]);
  const sessions = [...new Set(before.map((f) => f.session))];
  return Object.assign(classCase(fees, map), {
    earlier: sessions.map((s) => ({
      session: s,
      byClass: classCase(
        before.filter((f) => f.session === s),
        map,
      ),
    })),
  });
}

/**
 * The term's compulsory fees by class (a RawBuilder, as it always was), with those of every earlier term by the
 * session they belong to: a student's class can differ from one session to the next, not within one.
 */
type CompulsoryFees = RawBuilder<number> & { earlier: { session: string; byClass: RawBuilder<number> }[] };

/** Terms before `term` of `session`, on a table's alias: labels and sessions order as text (1st < 2nd < 3rd Term). */
const earlierThan = (alias: string, term: string, session: string) =>
  sql`(${sql.ref(`${alias}.session`)} < ${session} or (${sql.ref(`${alias}.session`)} = ${session} and ${sql.ref(`${alias}.term`)} < ${term}))`;

/** The school's compulsory fees, not retired, of the terms before this one (any session), for arrears. */
const earlierCompulsory = (db: Db, schoolId: number, term: string, session: string) =>
  db
    .selectFrom("fee_items as f")
    .select(["f.session", "f.amount_kobo", "f.applies_to", "f.target"])
    .where("f.school_id", "=", schoolId)
    .where("f.compulsory", "=", 1)
    .where("f.retired", "=", 0)
    .where(earlierThan("f", term, session) as RawBuilder<boolean>)
    .execute();

/** The total of some compulsory fees as a CASE over `s.class_name`. */
function classCase(fees: Pick<FeeRow, "amount_kobo" | "applies_to" | "target">[], map: ClassMap): RawBuilder<number> {
  const classes = new Set(map.classes.map((c) => c.class_name));
  for (const fee of fees) if (fee.applies_to === "class" && fee.target) classes.add(fee.target);
  const total = (className: string | null) =>
    fees.filter((f) => billsClass(f, className, map)).reduce((sum, f) => sum + n(f.amount_kobo), 0);
  const otherwise = total(null);
  const cases = [...classes].map((c) => [c, total(c)] as const).filter(([, kobo]) => kobo !== otherwise);
  if (!cases.length) return sql<number>`${sql.lit(otherwise)}`;
  return sql<number>`case ${sql.join(
    cases.map(([c, kobo]) => sql`when s.class_name = ${c} then ${sql.lit(kobo)}`),
    sql` `,
  )} else ${sql.lit(otherwise)} end`;
}

/**
 * Each student's bill parts for a term, a select of (student_id, unique_id, name, class_name, fees, sales,
 * discounts, paid) over the school's current students, or over `studentIds` (former students too); the
 * class is the one the student was in during the session.
 */
function billParts(schoolId: number, term: string, session: string, compulsory: CompulsoryFees, studentIds?: number[]) {
  const who = studentIds
    ? studentIds.length
      ? sql`s.id in (${sql.join(studentIds)})`
      : sql`1 = 0`
    : sql`s.status = 'active'`;
  const priorOwed = sql`coalesce(pc.total, 0) + coalesce(po.total, 0) + coalesce(ps.total, 0) - coalesce(pd.total, 0) - coalesce(pp.prior, 0)`;
  return sql`
    select s.id as student_id, s.unique_id, s.name, s.class_name,
      ${compulsory} + coalesce(o.total, 0) as fees,
      coalesce(p.total, 0) as sales,
      coalesce(d.total, 0) as discounts,
      coalesce(pay.total, 0) + coalesce(cr.total, 0) as paid,
      case when ${priorOwed} > 0 then ${priorOwed} else 0 end as arrears,
      coalesce(pp.later, 0) as later_paid
    from ${studentsWithClassIn(schoolId, session)} s
    ${earlierParts(schoolId, term, session, compulsory, who, studentIds)}
    left join (
      select a.student_id, sum(f.amount_kobo) as total from fee_assignments a
      join fee_items f on f.id = a.fee_item_id
      where a.school_id = ${schoolId} and f.school_id = ${schoolId} and f.session = ${session} and f.term = ${term} and f.retired = 0 and f.compulsory = 0
      group by a.student_id
    ) o on o.student_id = s.id
    left join (
      select student_id, sum(total_kobo) as total from inventory_purchases
      where school_id = ${schoolId} and session = ${session} and term = ${term} and student_id is not null
      group by student_id
    ) p on p.student_id = s.id
    left join (
      select student_id, sum(amount_kobo) as total from fee_discounts
      where school_id = ${schoolId} and session = ${session} and term = ${term}
      group by student_id
    ) d on d.student_id = s.id
    left join (
      select student_id, sum(amount_kobo) as total from fee_payments
      where school_id = ${schoolId} and session = ${session} and term = ${term} and reversed_at is null and student_id is not null
      group by student_id
    ) pay on pay.student_id = s.id
    left join (
      select student_id, sum(amount_kobo) as total from fee_credits
      where school_id = ${schoolId} and session = ${session} and term = ${term}
      group by student_id
    ) cr on cr.student_id = s.id
    where s.school_id = ${schoolId} and ${who}`;
}

/**
 * The left joins of what the terms before this one billed and were paid, each student's arrears (`billParts`):
 * their compulsory fees session by session (the class of each session), optional fees, sales and discounts, and
 * their payments, split into those of earlier terms and those of later ones. One scan of each table.
 */
function earlierParts(
  schoolId: number,
  term: string,
  session: string,
  compulsory: CompulsoryFees,
  who: RawBuilder<unknown>,
  studentIds: number[] | undefined,
) {
  // A bill of a few students reads their history alone.
  const theirs = (column: string) =>
    studentIds
      ? studentIds.length
        ? sql`and ${sql.ref(column)} in (${sql.join(studentIds)})`
        : sql`and 1 = 0`
      : sql``;
  const byClass = compulsory.earlier.map(
    (e) => sql`select s.id as student_id, ${e.byClass} as total from ${studentsWithClassIn(schoolId, e.session)} s
      where s.school_id = ${schoolId} and ${who}`,
  );
  const now = sql`fp.session = ${session} and fp.term = ${term}`;
  return sql`
    left join (
      select x.student_id, sum(x.total) as total from (${byClass.length ? sql.join(byClass, sql` union all `) : sql`select cast(null as integer) as student_id, 0 as total`}) x
      group by x.student_id
    ) pc on pc.student_id = s.id
    left join (
      select a.student_id, sum(f.amount_kobo) as total from fee_assignments a
      join fee_items f on f.id = a.fee_item_id
      where a.school_id = ${schoolId} and f.school_id = ${schoolId} and ${earlierThan("f", term, session)} and f.retired = 0 and f.compulsory = 0
        ${theirs("a.student_id")}
      group by a.student_id
    ) po on po.student_id = s.id
    left join (
      select i.student_id, sum(i.total_kobo) as total from inventory_purchases i
      where i.school_id = ${schoolId} and ${earlierThan("i", term, session)} and i.student_id is not null ${theirs("i.student_id")}
      group by i.student_id
    ) ps on ps.student_id = s.id
    left join (
      select fd.student_id, sum(fd.amount_kobo) as total from fee_discounts fd
      where fd.school_id = ${schoolId} and ${earlierThan("fd", term, session)} ${theirs("fd.student_id")}
      group by fd.student_id
    ) pd on pd.student_id = s.id
    left join (
      select fp.student_id,
        sum(case when ${earlierThan("fp", term, session)} then fp.amount_kobo else 0 end) as prior,
        sum(case when ${earlierThan("fp", term, session)} or (${now}) then 0 else fp.amount_kobo end) as later
      from fee_payments fp
      where fp.school_id = ${schoolId} and fp.reversed_at is null and fp.student_id is not null ${theirs("fp.student_id")}
      group by fp.student_id
    ) pp on pp.student_id = s.id`;
}

interface TotalsRow {
  student_id: number;
  unique_id: string;
  name: string;
  class_name: string | null;
  billed: unknown;
  paid: unknown;
  arrears: unknown;
  later_paid: unknown;
}

/** Kobo a student owes now after a term: its arrears and bill less its payments, then less later payments. */
const owedKobo = (row: { billed: unknown; paid: unknown; arrears?: unknown; later_paid?: unknown }) => {
  const owed = n(row.arrears) + n(row.billed) - n(row.paid);
  // Payments of later terms pay the oldest balance first: what this term left unpaid.
  return owed > 0 ? owed - Math.min(owed, n(row.later_paid)) : owed;
};

const toTotals = (row: { billed: unknown; paid: unknown; arrears?: unknown; later_paid?: unknown }): BillTotals => ({
  billed: koboToNaira(n(row.billed)),
  paid: koboToNaira(n(row.paid)),
  arrears: koboToNaira(n(row.arrears)),
  balance: koboToNaira(owedKobo(row)),
});

/** Billed and paid kobo of the given students for a term, by student id. */
async function totalsOf(deps: ApiDeps, tenant: Tenant, term: string, session: string, studentIds: number[]) {
  const compulsory = await compulsoryByClass(deps, tenant, term, session, await classMap(deps, tenant));
  return totalsWith(deps.db, tenant.schoolId, term, session, compulsory, studentIds);
}

/**
 * `totalsOf` with the compulsory fees already worked out, so that it can run inside a transaction: on
 * SQLite a query outside the transaction would wait for its one connection.
 */
async function totalsWith(
  db: Db,
  schoolId: number,
  term: string,
  session: string,
  compulsory: CompulsoryFees,
  studentIds: number[],
) {
  const rows = await sql<TotalsRow>`
    select b.student_id, b.unique_id, b.name, b.class_name, b.fees + b.sales - b.discounts as billed, b.paid,
      b.arrears, b.later_paid
    from (${billParts(schoolId, term, session, compulsory, studentIds)}) b`.execute(db);
  return new Map(rows.rows.map((r) => [r.student_id, r]));
}

/** What a student owes after a term, arrears included: what a payment recorded for the term may pay at most. */
const balanceOf = (row: TotalsRow | undefined) => (row ? owedKobo(row) : 0);

/**
 * What each of these students owes now after the school's current term, arrears included, in kobo by student id
 * (the fee overview's "owing" figure): the balance a message to parents carries.
 */
export async function owedBalances(deps: ApiDeps, tenant: Tenant, studentIds: number[]): Promise<Map<number, number>> {
  if (!studentIds.length) return new Map();
  const { term, session } = await resolveTerm(deps, tenant, {});
  const totals = await totalsOf(deps, tenant, term, session, studentIds);
  return new Map([...totals].map(([id, row]) => [Number(id), owedKobo(row)]));
}

/** What is left of the term's own bill: the term's payments pay its arrears first. */
const termBalanceOf = (row: TotalsRow | undefined) =>
  row ? n(row.billed) - Math.max(0, n(row.paid) - n(row.arrears)) : 0;

// Fee items

const toFee = (row: FeeRow & { has_payments?: unknown }): FeeItem => ({
  id: row.id,
  name: row.name,
  amount: koboToNaira(n(row.amount_kobo)),
  applies_to: row.applies_to,
  target: row.target,
  term: row.term,
  session: row.session,
  compulsory: row.compulsory === 1,
  retired: row.retired === 1,
  has_payments: Boolean(n(row.has_payments)),
});

/**
 * Payments stand against a fee when a student it bills (by their class for a compulsory fee, by being
 * put on their bill for an optional one) has a payment for its term, reversed or not.
 */
function paymentsAgainst(schoolId: number, classes: (fee: FeeRow) => string[] | null) {
  return (fee: FeeRow) => {
    const billed =
      fee.compulsory === 1
        ? (() => {
            const list = classes(fee);
            if (list === null) return sql`1 = 1`;
            return list.length ? sql`s.class_name in (${sql.join(list)})` : sql`1 = 0`;
          })()
        : sql`exists (select 1 from fee_assignments a where a.fee_item_id = ${fee.id} and a.student_id = s.id)`;
    return sql<number>`(select count(*) from fee_payments p join ${studentsWithClassIn(schoolId, fee.session)} s on s.id = p.student_id
      where p.school_id = ${schoolId} and p.session = ${fee.session} and p.term = ${fee.term} and ${billed})`;
  };
}

/** The classes a compulsory fee bills, or null for all classes. */
const classesOf = (map: ClassMap) => (fee: Pick<FeeRow, "applies_to" | "target">) =>
  fee.applies_to === "all"
    ? null
    : fee.applies_to === "class"
      ? [fee.target ?? ""]
      : map.classes.filter((c) => c.section === fee.target).map((c) => c.class_name);

async function withPaymentFlags(deps: ApiDeps, tenant: Tenant, rows: FeeRow[]): Promise<FeeItem[]> {
  if (!rows.length) return [];
  const map = await classMap(deps, tenant);
  const against = paymentsAgainst(tenant.schoolId, classesOf(map));
  const counts = await Promise.all(
    rows.map(async (fee) => n((await sql<{ n: unknown }>`select ${against(fee)} as n`.execute(deps.db)).rows[0]?.n)),
  );
  return rows.map((row, i) => toFee({ ...row, has_payments: counts[i] }));
}

/** `GET /fees/fee-settings`: the school's fees, of one term and session when asked, newest session first. */
export async function listFees(deps: ApiDeps, tenant: Tenant, query: TermQuery): Promise<FeeItem[]> {
  let q = deps.db
    .selectFrom("fee_items")
    .select(["id", "name", "amount_kobo", "applies_to", "target", "term", "session", "compulsory", "retired"])
    .where("school_id", "=", tenant.schoolId);
  if (query.term) q = q.where("term", "=", query.term);
  if (query.session) q = q.where("session", "=", query.session);
  const rows = await q
    .orderBy("session", "desc")
    .orderBy("term")
    .orderBy("retired")
    .orderBy("compulsory", "desc")
    .orderBy("name_key")
    .orderBy("id")
    .execute();
  return withPaymentFlags(deps, tenant, rows);
}

async function feeRow(deps: ApiDeps, tenant: Tenant, id: number): Promise<FeeRow> {
  const row = await deps.db
    .selectFrom("fee_items")
    .select(["id", "name", "amount_kobo", "applies_to", "target", "term", "session", "compulsory", "retired"])
    .where("school_id", "=", tenant.schoolId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw feeNotFound();
  return row;
}

export async function getFee(deps: ApiDeps, tenant: Tenant, id: number): Promise<FeeItem> {
  return (await withPaymentFlags(deps, tenant, [await feeRow(deps, tenant, id)]))[0];
}

/** The columns a valid fee writes; the section or class must be one of the school's (a fee keeps its own). */
async function feeColumns(deps: ApiDeps, tenant: Tenant, raw: unknown, current?: FeeRow) {
  const parsed = feeItemFields.safeParse(raw);
  const errors: FieldErrors = parsed.success ? {} : fromZod(parsed.error).errors!;
  if (parsed.success) {
    const fee = parsed.data;
    const map = await classMap(deps, tenant);
    const keeps = (value: string | undefined) =>
      current && current.applies_to === fee.applies_to && current.target === value;
    if (fee.applies_to === "section" && !map.sections.includes(fee.section!) && !keeps(fee.section))
      errors.section = [M.sectionUnknown];
    if (fee.applies_to === "class" && !map.sectionOf.has(fee.class!) && !keeps(fee.class))
      errors.class = [M.classUnknown];
  }
  if (!parsed.success || Object.keys(errors).length) throw validationError(errors);
  const fee = parsed.data;
  const name = tidy(fee.name);
  return {
    name,
    name_key: name.toLowerCase(),
    amount_kobo: fee.amount,
    applies_to: fee.applies_to,
    target: fee.applies_to === "section" ? fee.section! : fee.applies_to === "class" ? fee.class! : null,
    term: fee.term,
    session: fee.session,
    compulsory: fee.compulsory ? 1 : 0,
  };
}

type FeeScopeOf = Pick<FeeRow, "applies_to" | "target">;

interface FeeTerm {
  name_key: string;
  term: string;
  session: string;
}

/**
 * Whether two fees of one name would bill a class twice: either bills all classes, both bill the same
 * section or class, or they share a class (a section's classes by the settings as they are now).
 */
function scopesOverlap(a: FeeScopeOf, b: FeeScopeOf, map: ClassMap): boolean {
  if (a.applies_to === "all" || b.applies_to === "all") return true;
  if (a.applies_to === b.applies_to && a.target === b.target) return true;
  const classes = classesOf(map);
  const theirs = new Set(classes(b));
  return (classes(a) ?? []).some((c) => theirs.has(c));
}

/**
 * A fee of the term and session with the same name (case and spaces aside), not retired, that bills a class
 * `c` would bill too: the refusal (409) to throw, beside the name, naming what the other fee already bills.
 */
async function nameClash(
  deps: ApiDeps,
  tenant: Tenant,
  c: FeeScopeOf & FeeTerm,
  exceptId?: number,
): Promise<ApiError | undefined> {
  let q = deps.db
    .selectFrom("fee_items")
    .select(["name", "applies_to", "target"])
    .where("school_id", "=", tenant.schoolId)
    .where("session", "=", c.session)
    .where("term", "=", c.term)
    .where("name_key", "=", c.name_key)
    .where("retired", "=", 0)
    .orderBy("id");
  if (exceptId !== undefined) q = q.where("id", "!=", exceptId);
  const sameName = await q.execute();
  if (!sameName.length) return undefined;
  const map = await classMap(deps, tenant);
  const other = sameName.find((fee) => scopesOverlap(c, fee, map));
  if (!other) return undefined;
  const message = M.feeClash(other.name, other.applies_to, other.target);
  return new ApiError(409, message, { name: [message] });
}

/** `POST /fees/fee-settings`: a re-sent form (same idempotency key) answers the fee it made. */
export async function createFee(
  deps: ApiDeps,
  tenant: Tenant,
  raw: unknown,
  idempotencyKey: string | undefined,
): Promise<{ fee: FeeItem; replayed: boolean }> {
  const key = acceptedIdempotencyKey(idempotencyKey);
  const replay = async () => {
    if (!key) return undefined;
    const row = await deps.db
      .selectFrom("fee_items")
      .select("id")
      .where("school_id", "=", tenant.schoolId)
      .where("idempotency_key", "=", key)
      .executeTakeFirst();
    return row && { fee: await getFee(deps, tenant, row.id), replayed: true };
  };
  const earlier = await replay();
  if (earlier) return earlier;
  const columns = await feeColumns(deps, tenant, raw);
  const clash = await nameClash(deps, tenant, columns);
  if (clash) {
    const raced = await replay();
    if (raced) return raced;
    throw clash;
  }
  const now = deps.now().toISOString();
  try {
    const row = await deps.db
      .insertInto("fee_items")
      .values({ ...columns, school_id: tenant.schoolId, idempotency_key: key, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { fee: await getFee(deps, tenant, row.id), replayed: false };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await replay();
    if (raced) return raced;
    throw error;
  }
}

/** `PUT /fees/fee-settings/{id}`: bills follow the new amount and scope at once. */
export async function updateFee(deps: ApiDeps, tenant: Tenant, id: number, raw: unknown): Promise<FeeItem> {
  const current = await feeRow(deps, tenant, id);
  const columns = await feeColumns(deps, tenant, raw, current);
  const clash = current.retired ? undefined : await nameClash(deps, tenant, columns, id);
  if (clash) throw clash;
  await deps.db
    .updateTable("fee_items")
    .set({ ...columns, updated_at: deps.now().toISOString() })
    .where("school_id", "=", tenant.schoolId)
    .where("id", "=", id)
    .execute();
  return getFee(deps, tenant, id);
}

/** Retires a fee (it bills nobody from then on) or brings it back, unless its name now clashes. */
export async function retireFee(deps: ApiDeps, tenant: Tenant, id: number, raw: unknown): Promise<FeeItem> {
  const parsed = retirePayload.safeParse(raw);
  if (!parsed.success) throw fromZod(parsed.error);
  const fee = await feeRow(deps, tenant, id);
  // Brought back, it must not bill a class that another fee of its name bills meanwhile.
  const clash =
    fee.retired && !parsed.data.retired
      ? await nameClash(deps, tenant, { ...fee, name_key: tidy(fee.name).toLowerCase() }, id)
      : undefined;
  if (clash) throw clash;
  await deps.db
    .updateTable("fee_items")
    .set({ retired: parsed.data.retired ? 1 : 0, updated_at: deps.now().toISOString() })
    .where("school_id", "=", tenant.schoolId)
    .where("id", "=", id)
    .execute();
  return getFee(deps, tenant, id);
}

/** Deletes a fee no payment stands against (409 otherwise: retire it instead). */
export async function deleteFee(deps: ApiDeps, tenant: Tenant, id: number): Promise<void> {
  const fee = await getFee(deps, tenant, id);
  if (fee.has_payments) throw new ApiError(409, M.feeHasPayments, { fee: [M.feeHasPayments] });
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("fee_assignments")
      .where("school_id", "=", tenant.schoolId)
      .where("fee_item_id", "=", id)
      .execute();
    await trx.deleteFrom("fee_items").where("school_id", "=", tenant.schoolId).where("id", "=", id).execute();
  });
}

// Students' bills

async function findStudent(deps: ApiDeps, tenant: Tenant, key: string) {
  const row = await deps.db
    .selectFrom("students")
    .select(["id", "unique_id", "name", "class_name"])
    .where("school_id", "=", tenant.schoolId)
    .where(isRecordKey(key))
    .executeTakeFirst();
  if (!row) throw studentNotFound();
  return row;
}

/** Where a payment's notification leads: the student's fees for the payment's term. */
const studentFeesPath = (uniqueId: string, term: string, session: string) =>
  `/admin/school-fees/students/${encodeURIComponent(uniqueId)}?${new URLSearchParams({ term, year: session })}`;

/** A student named in a body: an unknown one is a field error, not a missing page. */
async function studentField(deps: ApiDeps, tenant: Tenant, key: string) {
  return findStudent(deps, tenant, key).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) throw validationError({ student_id: [M.studentNotFound] });
    throw error;
  });
}

type PaymentRow = {
  id: number;
  receipt_no: number;
  student_name: string;
  student_class: string | null;
  amount_kobo: number | string;
  paid_on: string;
  method: string;
  reference: string | null;
  term: string;
  session: string;
  recorded_at: string;
  reversed_at: string | null;
  reversal_reason: string | null;
  student_unique_id: string | null;
};

function paymentsQuery(db: Db, schoolId: number) {
  return db
    .selectFrom("fee_payments as p")
    .leftJoin("students as s", "s.id", "p.student_id")
    .where("p.school_id", "=", schoolId)
    .select([
      "p.id",
      "p.receipt_no",
      "p.student_name",
      "p.student_class",
      "p.amount_kobo",
      "p.paid_on",
      "p.method",
      "p.reference",
      "p.term",
      "p.session",
      "p.recorded_at",
      "p.reversed_at",
      "p.reversal_reason",
      "s.unique_id as student_unique_id",
    ]);
}

const toPayment = (row: PaymentRow): FeePayment => ({
  id: row.id,
  receipt_no: receiptNumber(row.receipt_no),
  student_id: row.student_unique_id ?? "",
  student_name: row.student_name,
  student_class: row.student_class,
  amount: koboToNaira(n(row.amount_kobo)),
  paid_on: row.paid_on,
  method: row.method as PaymentMethod,
  reference: row.reference,
  term: row.term,
  session: row.session,
  recorded_at: row.recorded_at,
  reversed_at: row.reversed_at,
  reversal_reason: row.reversal_reason,
});

export async function getPayment(deps: ApiDeps, tenant: Tenant, id: number): Promise<FeePayment> {
  const row = await paymentsQuery(deps.db, tenant.schoolId).where("p.id", "=", id).executeTakeFirst();
  if (!row) throw new ApiError(404, M.paymentNotFound);
  return toPayment(row);
}

/** `GET /fees/students/{id}/bill`: the lines of a student's bill for a term, its totals and payments. */
export async function studentBill(deps: ApiDeps, tenant: Tenant, key: string, query: TermQuery): Promise<StudentBill> {
  const student = await findStudent(deps, tenant, key);
  const { term, session } = await resolveTerm(deps, tenant, query);
  const map = await classMap(deps, tenant);
  const className = await classOfStudentIn(deps.db, tenant.schoolId, session, student.id);
  const [fees, assigned, sales, discounts, payments, totals] = await Promise.all([
    termFees(deps.db, tenant.schoolId, term, session)
      .where("retired", "=", 0)
      .orderBy("compulsory", "desc")
      .orderBy("name_key")
      .orderBy("id")
      .execute(),
    deps.db
      .selectFrom("fee_assignments")
      .select("fee_item_id")
      .where("school_id", "=", tenant.schoolId)
      .where("student_id", "=", student.id)
      .execute(),
    deps.db
      .selectFrom("inventory_purchases")
      .select(["id", "item_name", "quantity", "total_kobo"])
      .where("school_id", "=", tenant.schoolId)
      .where("student_id", "=", student.id)
      .where("session", "=", session)
      .where("term", "=", term)
      .orderBy("sold_at")
      .orderBy("id")
      .execute(),
    deps.db
      .selectFrom("fee_discounts")
      .select(["id", "amount_kobo", "reason"])
      .where("school_id", "=", tenant.schoolId)
      .where("student_id", "=", student.id)
      .where("session", "=", session)
      .where("term", "=", term)
      .orderBy("id")
      .execute(),
    paymentsQuery(deps.db, tenant.schoolId)
      .where("p.student_id", "=", student.id)
      .where("p.session", "=", session)
      .where("p.term", "=", term)
      .orderBy("p.receipt_no")
      .execute(),
    totalsOf(deps, tenant, term, session, [student.id]),
  ]);
  const onBill = new Set(assigned.map((a) => a.fee_item_id));
  const lines: BillLine[] = [
    ...fees
      .filter((f) => (f.compulsory === 1 ? billsClass(f, className, map) : onBill.has(f.id)))
      .map(
        (f): BillLine => ({
          kind: "fee",
          id: f.id,
          label: f.compulsory === 1 ? f.name : `${f.name} (optional)`,
          amount: koboToNaira(n(f.amount_kobo)),
        }),
      ),
    ...sales.map(
      (s): BillLine => ({
        kind: "sale",
        id: s.id,
        label: s.quantity > 1 ? `${s.item_name} × ${s.quantity}` : s.item_name,
        amount: koboToNaira(n(s.total_kobo)),
      }),
    ),
    ...discounts.map(
      (d): BillLine => ({
        kind: "discount",
        id: d.id,
        label: `Discount: ${d.reason}`,
        reason: d.reason,
        amount: -koboToNaira(n(d.amount_kobo)),
      }),
    ),
  ];
  const optional = fees
    .filter((f) => f.compulsory === 0 && (onBill.has(f.id) || billsClass(f, className, map)))
    .map((f) => ({ id: f.id, name: f.name, amount: koboToNaira(n(f.amount_kobo)), assigned: onBill.has(f.id) }));
  return {
    student: { unique_id: student.unique_id, name: student.name, class: className },
    term,
    session,
    lines,
    optional_fees: optional,
    payments: payments.map(toPayment),
    ...toTotals(totals.get(student.id) ?? { billed: 0, paid: 0 }),
  };
}

/** Puts an optional fee of the student's class on their bill, or takes it off. */
export async function assignFee(deps: ApiDeps, tenant: Tenant, feeId: number, raw: unknown): Promise<StudentBill> {
  const parsed = assignmentPayload.safeParse(raw);
  if (!parsed.success) throw fromZod(parsed.error);
  const fee = await feeRow(deps, tenant, feeId);
  const student = await studentField(deps, tenant, parsed.data.student_id);
  if (parsed.data.assigned) {
    if (fee.compulsory === 1 || fee.retired === 1) throw validationError({ fee: [M.notOptional] });
    const className = await classOfStudentIn(deps.db, tenant.schoolId, fee.session, student.id);
    if (!billsClass(fee, className, await classMap(deps, tenant))) throw validationError({ fee: [M.notForClass] });
    await deps.db
      .insertInto("fee_assignments")
      .values({
        fee_item_id: fee.id,
        student_id: student.id,
        school_id: tenant.schoolId,
        created_at: deps.now().toISOString(),
      })
      .onConflict((oc) => oc.columns(["fee_item_id", "student_id"]).doNothing())
      .execute();
  } else {
    await deps.db
      .deleteFrom("fee_assignments")
      .where("school_id", "=", tenant.schoolId)
      .where("fee_item_id", "=", fee.id)
      .where("student_id", "=", student.id)
      .execute();
  }
  return studentBill(deps, tenant, student.unique_id, fee);
}

/** `POST /fees/discounts`: at most the balance; a re-sent form (same key) adds one discount. */
export async function addDiscount(
  deps: ApiDeps,
  tenant: Tenant,
  raw: unknown,
  idempotencyKey: string | undefined,
): Promise<{ bill: StudentBill; replayed: boolean }> {
  const parsed = discountPayload.safeParse(raw);
  if (!parsed.success) throw fromZod(parsed.error);
  const { student_id, term, session, amount, reason } = parsed.data;
  const student = await studentField(deps, tenant, student_id);
  const key = acceptedIdempotencyKey(idempotencyKey);
  const earlier = async () =>
    key &&
    (await deps.db
      .selectFrom("fee_discounts")
      .select("id")
      .where("school_id", "=", tenant.schoolId)
      .where("idempotency_key", "=", key)
      .executeTakeFirst());
  if (await earlier())
    return { bill: await studentBill(deps, tenant, student.unique_id, { term, session }), replayed: true };
  const balance = termBalanceOf((await totalsOf(deps, tenant, term, session, [student.id])).get(student.id));
  if (amount > balance) throw validationError({ amount: [M.discountTooHigh(formatNaira(Math.max(0, balance)))] });
  try {
    await deps.db
      .insertInto("fee_discounts")
      .values({
        school_id: tenant.schoolId,
        student_id: student.id,
        term,
        session,
        amount_kobo: amount,
        reason: tidy(reason),
        idempotency_key: key,
        created_at: deps.now().toISOString(),
      })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error) || !(await earlier())) throw error;
    return { bill: await studentBill(deps, tenant, student.unique_id, { term, session }), replayed: true };
  }
  return { bill: await studentBill(deps, tenant, student.unique_id, { term, session }), replayed: false };
}

export async function removeDiscount(deps: ApiDeps, tenant: Tenant, id: number): Promise<void> {
  const deleted = await deps.db
    .deleteFrom("fee_discounts")
    .where("school_id", "=", tenant.schoolId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!Number(deleted.numDeletedRows)) throw new ApiError(404, M.discountNotFound);
}

/** `GET /fees/parents/{id}`: billed, paid and balance of each of a parent's children for a term. */
export async function parentBalances(
  deps: ApiDeps,
  tenant: Tenant,
  key: string,
  query: TermQuery,
): Promise<ChildBalance[]> {
  const parent = await deps.db
    .selectFrom("parents")
    .select("id")
    .where("school_id", "=", tenant.schoolId)
    .where(isRecordKey(key))
    .executeTakeFirst();
  if (!parent) throw new ApiError(404, "Parent not found.");
  const children = await deps.db
    .selectFrom("parent_students as ps")
    .innerJoin("students as s", "s.id", "ps.student_id")
    .select("s.id")
    .where("ps.school_id", "=", tenant.schoolId)
    .where("ps.parent_id", "=", parent.id)
    .orderBy("s.sort_name")
    .orderBy("s.id")
    .execute();
  const { term, session } = await resolveTerm(deps, tenant, query);
  const totals = await totalsOf(
    deps,
    tenant,
    term,
    session,
    children.map((c) => c.id),
  );
  return children.map((c) => {
    const row = totals.get(c.id)!;
    return { unique_id: row.unique_id, name: row.name, class: row.class_name, ...toTotals(row) };
  });
}

// Payments

/**
 * `POST /fees/payments`: records a payment against a student's bill for a term and gives it the school's
 * next receipt number. More than the balance is refused (no credit is carried). Taking the receipt number
 * locks the school's counter row, so the balance read after it cannot change under a second payment being
 * recorded at the same time. A re-sent payment (same idempotency key) answers the one it recorded.
 */
/** The school's next receipt number, taken inside the transaction that records the payment: never two alike. */
async function nextReceiptNo(trx: Db, schoolId: number): Promise<number> {
  const counter = await trx
    .insertInto("fee_receipt_counters")
    .values({ school_id: schoolId, last_receipt_no: 1 })
    .onConflict((oc) =>
      oc.column("school_id").doUpdateSet({ last_receipt_no: sql`fee_receipt_counters.last_receipt_no + 1` }),
    )
    .returning("last_receipt_no")
    .executeTakeFirstOrThrow();
  return counter.last_receipt_no;
}

export async function recordPayment(
  deps: ApiDeps,
  tenant: Tenant,
  raw: unknown,
  idempotencyKey: string | undefined,
): Promise<{ payment: FeePayment; replayed: boolean }> {
  const key = acceptedIdempotencyKey(idempotencyKey);
  const earlier = async () => {
    if (!key) return undefined;
    const row = await paymentsQuery(deps.db, tenant.schoolId).where("p.idempotency_key", "=", key).executeTakeFirst();
    return row && { payment: toPayment(row), replayed: true };
  };
  const replay = await earlier();
  if (replay) return replay;

  const parsed = paymentPayload.safeParse(raw);
  const errors: FieldErrors = parsed.success ? {} : fromZod(parsed.error).errors!;
  const today = schoolDay(deps.now());
  if (parsed.success && parsed.data.paid_on > today) errors.paid_on = [M.dateInFuture];
  if (!parsed.success || Object.keys(errors).length) throw validationError(errors);
  const p = parsed.data;
  const student = await studentField(deps, tenant, p.student_id);
  const now = deps.now().toISOString();
  const compulsory = await compulsoryByClass(deps, tenant, p.term, p.session, await classMap(deps, tenant));
  const className = await classOfStudentIn(deps.db, tenant.schoolId, p.session, student.id);

  try {
    const id = await deps.db.transaction().execute(async (trx) => {
      const receiptNo = await nextReceiptNo(trx, tenant.schoolId);
      const balance = balanceOf(
        (await totalsWith(trx, tenant.schoolId, p.term, p.session, compulsory, [student.id])).get(student.id),
      );
      if (balance <= 0) throw validationError({ amount: [M.nothingOwed] });
      if (p.amount > balance) throw validationError({ amount: [M.overpayment(formatNaira(balance))] });
      const row = await trx
        .insertInto("fee_payments")
        .values({
          school_id: tenant.schoolId,
          receipt_no: receiptNo,
          student_id: student.id,
          student_name: student.name,
          student_class: className,
          term: p.term,
          session: p.session,
          amount_kobo: p.amount,
          paid_on: p.paid_on,
          method: p.method,
          reference: p.reference ? p.reference : null,
          idempotency_key: key,
          recorded_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const summary = `Payment ${receiptNumber(receiptNo)} of ${formatNaira(p.amount)} for ${student.name}`;
      await recordAudit(deps, tenant, { kind: "payment", summary, recordIds: [row.id, student.id] }, trx);
      const link = studentFeesPath(student.unique_id, p.term, p.session);
      await notify(
        trx,
        tenant.schoolId,
        { kind: "payment_recorded", feature: "school_fees", summary, link },
        deps.now(),
      );
      return row.id;
    });
    return { payment: await getPayment(deps, tenant, id), replayed: false };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await earlier();
    if (raced) return raced;
    throw error;
  }
}

/** `POST /fees/payments/{id}/reverse`: marks a payment reversed, with the reason; reversing it again changes nothing. */
export async function reversePayment(deps: ApiDeps, tenant: Tenant, id: number, raw: unknown): Promise<FeePayment> {
  const parsed = reversalFields.safeParse(raw);
  if (!parsed.success) throw fromZod(parsed.error);
  const payment = await getPayment(deps, tenant, id);
  await deps.db.transaction().execute(async (trx) => {
    const reversed = await trx
      .updateTable("fee_payments")
      .set({ reversed_at: deps.now().toISOString(), reversal_reason: tidy(parsed.data.reason) })
      .where("school_id", "=", tenant.schoolId)
      .where("id", "=", id)
      .where("reversed_at", "is", null)
      .executeTakeFirst();
    if (Number(reversed.numUpdatedRows) !== 1) return;
    const summary = `Reversed payment ${payment.receipt_no} of ${formatWireNaira(payment.amount)} for ${payment.student_name}`;
    await recordAudit(deps, tenant, { kind: "reversal", summary, recordIds: [id] }, trx);
    const link = payment.student_id
      ? studentFeesPath(payment.student_id, payment.term, payment.session)
      : "/admin/school-fees";
    await notify(trx, tenant.schoolId, { kind: "payment_reversed", feature: "school_fees", summary, link }, deps.now());
  });
  return getPayment(deps, tenant, id);
}

/** The payment and its student's bill totals now, for its receipt. */
export async function paymentForReceipt(
  deps: ApiDeps,
  tenant: Tenant,
  id: number,
): Promise<{ payment: FeePayment; totals: BillTotals | null }> {
  const payment = await getPayment(deps, tenant, id);
  const row = await deps.db
    .selectFrom("fee_payments")
    .select("student_id")
    .where("school_id", "=", tenant.schoolId)
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  if (row.student_id === null) return { payment, totals: null };
  const totals = (await totalsOf(deps, tenant, payment.term, payment.session, [row.student_id])).get(row.student_id);
  return { payment, totals: totals ? toTotals(totals) : null };
}

// Overview

const KEPT_OVERVIEWS = 500;
/** Kept overviews per database (tests open several in one process). */
const keptOverviews = new WeakMap<object, Map<string, FeeOverview>>();

/**
 * `GET /fees/overview`: the term's expected, collected and outstanding, by class, over time, and who owes
 * most. Working it out reads every bill of the term, so an overview is kept under the school's fee version,
 * which triggers move on in the same transaction as any write to students, settings, sales or fees: a kept
 * overview is never stale, in this process or another.
 */
export async function feeOverview(
  deps: ApiDeps,
  tenant: Tenant,
  query: TermQuery & { class?: string },
): Promise<FeeOverview> {
  const { term, session } = await resolveTerm(deps, tenant, query);
  const version = await deps.db
    .selectFrom("fee_versions")
    .select("version")
    .where("school_id", "=", tenant.schoolId)
    .executeTakeFirst();
  const key = JSON.stringify([tenant.schoolId, version?.version ?? 0, term, session, query.class?.trim() ?? ""]);
  let kept = keptOverviews.get(deps.db);
  if (!kept) keptOverviews.set(deps.db, (kept = new Map()));
  const earlier = kept.get(key);
  if (earlier) return earlier;
  const overview = await workOutOverview(deps, tenant, term, session, query.class);
  if (kept.size >= KEPT_OVERVIEWS) kept.clear();
  kept.set(key, overview);
  return overview;
}

async function workOutOverview(
  deps: ApiDeps,
  tenant: Tenant,
  term: string,
  session: string,
  classFilter: string | undefined,
): Promise<FeeOverview> {
  const map = await classMap(deps, tenant);
  const compulsory = await compulsoryByClass(deps, tenant, term, session, map);
  const className = classFilter?.trim();
  // What each student owes now (`owedKobo`): arrears and the term's bill less its payments, then later payments.
  const owed = sql`b.arrears + b.fees + b.sales - b.discounts - b.paid`;
  const balance = sql`case when ${owed} > b.later_paid then ${owed} - b.later_paid when ${owed} > 0 then 0 else ${owed} end`;
  // One pass over the students' bills, kept (materialised) for both the sums by class and who owes most.
  const [rows, overTime] = await Promise.all([
    sql<{
      kind: "class" | "owing";
      class_name: string | null;
      students: unknown;
      billed: unknown;
      paid: unknown;
      arrears: unknown;
      later_paid: unknown;
      student_id: number | null;
      unique_id: string | null;
      name: string | null;
    }>`
      with b as materialized (${billParts(tenant.schoolId, term, session, compulsory)})
      select 'class' as kind, b.class_name, count(*) as students, sum(b.fees + b.sales - b.discounts) as billed, sum(b.paid) as paid,
        sum(b.arrears) as arrears, 0 as later_paid, null as student_id, null as unique_id, null as name
      from b group by b.class_name
      union all
      select * from (
        select 'owing' as kind, b.class_name, 1 as students, b.fees + b.sales - b.discounts as billed, b.paid,
          b.arrears, b.later_paid, b.student_id, b.unique_id, b.name
        from b where ${balance} > 0 ${className ? sql`and b.class_name = ${className}` : sql``}
        order by ${balance} desc, b.name, b.student_id
        limit ${FEE_LIMITS.owingShown}
      ) owing`.execute(deps.db),
    deps.db
      .selectFrom("fee_payments")
      .select((eb) => ["paid_on", eb.fn.sum<number | string>("amount_kobo").as("total")])
      .where("school_id", "=", tenant.schoolId)
      .where("session", "=", session)
      .where("term", "=", term)
      .where("reversed_at", "is", null)
      .groupBy("paid_on")
      .orderBy("paid_on")
      .execute(),
  ]);
  const byClass = rows.rows.filter((r) => r.kind === "class");
  const owing = rows.rows
    .filter((r) => r.kind === "owing")
    // A union keeps no order: largest balance first again (the sort is stable, ties keep the query's order).
    .sort((a, b) => owedKobo(b) - owedKobo(a));
  const order = new Map(map.classes.map((c, i) => [c.class_name, i]));
  const classes = byClass
    .map((r) => ({
      class: r.class_name ?? "No class",
      students: n(r.students),
      expected: n(r.billed),
      arrears: n(r.arrears),
      collected: n(r.paid),
    }))
    .sort(
      (a, b) =>
        (order.get(a.class) ?? order.size) - (order.get(b.class) ?? order.size) || a.class.localeCompare(b.class),
    );
  const expected = classes.reduce((sum, c) => sum + c.expected, 0);
  const collected = classes.reduce((sum, c) => sum + c.collected, 0);
  const arrears = classes.reduce((sum, c) => sum + c.arrears, 0);
  return {
    term,
    session,
    expected: koboToNaira(expected),
    arrears: koboToNaira(arrears),
    collected: koboToNaira(collected),
    outstanding: koboToNaira(expected + arrears - collected),
    // The term's payments pay arrears first: what was to be collected this term is its bills and the arrears.
    collection_rate: collectionRate(expected + arrears, collected),
    by_class: classes.map((c) => ({
      ...c,
      expected: koboToNaira(c.expected),
      arrears: koboToNaira(c.arrears),
      collected: koboToNaira(c.collected),
      outstanding: koboToNaira(c.expected + c.arrears - c.collected),
    })),
    over_time: overTime.map((r) => ({ date: r.paid_on, amount: koboToNaira(n(r.total)) })),
    owing_most: owing.map((r) => ({ unique_id: r.unique_id!, name: r.name!, class: r.class_name, ...toTotals(r) })),
  };
}

// Online payments (api/services/fee-links.ts): new functions beside the hand-recorded ones above

/** A student's balance for a term in kobo (negative: a credit), with whom and what class the bill is of. */
export async function termBalance(deps: ApiDeps, tenant: Tenant, key: string, term: string, session: string) {
  const student = await findStudent(deps, tenant, key);
  const totals = (await totalsOf(deps, tenant, term, session, [student.id])).get(student.id);
  return { student, className: totals?.class_name ?? null, balanceKobo: balanceOf(totals) };
}

export interface OnlineFeePayment {
  studentId: number;
  term: string;
  session: string;
  amountKobo: number;
  /** Our FEE-… reference, printed on the receipt. */
  reference: string;
  paidAt: Date;
  onlinePaymentId: number;
}

/**
 * What records a verified online payment in the fees ledger, made outside the caller's transaction (the compulsory
 * fees of the term are read first: on SQLite a query outside the transaction would wait for its one connection) and
 * run inside it. Like a payment recorded by hand it takes the school's next receipt number (locking the counter row,
 * so the balance read after it cannot change under another payment) and is audited; unlike one, it is never refused:
 * the money has moved. What it pays above the balance at that moment is kept as the student's credit, counted as paid
 * on their next bill (the following term): the receipt shows all that was paid. Answers the payment's id and the credit.
 */
export async function onlineFeeRecorder(
  deps: Pick<ApiDeps, "db" | "now">,
  schoolId: number,
  term: string,
  session: string,
) {
  // Only the database and the clock are read: the settings and the fees of the term.
  const full = deps as ApiDeps;
  const tenant: Tenant = { schoolId, uniqueId: "" };
  const compulsory = await compulsoryByClass(full, tenant, term, session, await classMap(full, tenant));
  return async (trx: Db, p: OnlineFeePayment): Promise<{ paymentId: number; creditKobo: number }> => {
    const student = await trx
      .selectFrom("students")
      .select(["id", "unique_id", "name"])
      .where("school_id", "=", schoolId)
      .where("id", "=", p.studentId)
      .executeTakeFirstOrThrow();
    const receiptNo = await nextReceiptNo(trx, schoolId);
    const totals = await totalsWith(trx, schoolId, term, session, compulsory, [student.id]);
    const owed = Math.min(p.amountKobo, Math.max(0, balanceOf(totals.get(student.id))));
    const creditKobo = p.amountKobo - owed;
    const now = deps.now().toISOString();
    const payment = await trx
      .insertInto("fee_payments")
      .values({
        school_id: schoolId,
        receipt_no: receiptNo,
        student_id: student.id,
        student_name: student.name,
        student_class: totals.get(student.id)?.class_name ?? null,
        term,
        session,
        amount_kobo: p.amountKobo,
        paid_on: schoolDay(p.paidAt),
        method: "Online",
        reference: p.reference,
        idempotency_key: null,
        recorded_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (creditKobo > 0) {
      const next = followingTerm(term as TermLabel, session);
      const credit = {
        school_id: schoolId,
        student_id: student.id,
        online_payment_id: p.onlinePaymentId,
        created_at: now,
      };
      await trx
        .insertInto("fee_credits")
        .values([
          { ...credit, term, session, amount_kobo: -creditKobo },
          { ...credit, term: next.term, session: next.session, amount_kobo: creditKobo },
        ])
        .execute();
    }
    const summary = `Payment ${receiptNumber(receiptNo)} of ${formatNaira(p.amountKobo)} for ${student.name}, paid online${creditKobo > 0 ? `; ${formatNaira(creditKobo)} kept as credit` : ""}`;
    await recordAudit(full, tenant, { kind: "payment", summary, recordIds: [payment.id, student.id] }, trx);
    const link = studentFeesPath(student.unique_id, term, session);
    await notify(trx, schoolId, { kind: "payment_recorded", feature: "school_fees", summary, link }, deps.now());
    return { paymentId: payment.id, creditKobo };
  };
}

/** The credits a student's bill of a term keeps for the next one or counts from an earlier one. */
export async function termCredits(
  deps: ApiDeps,
  tenant: Tenant,
  studentId: number,
  term: string,
  session: string,
): Promise<StudentCredit[]> {
  const rows = await deps.db
    .selectFrom("fee_credits as c")
    .innerJoin("fee_credits as o", (join) =>
      join.onRef("o.online_payment_id", "=", "c.online_payment_id").onRef("o.id", "!=", "c.id"),
    )
    .innerJoin("online_payments as p", "p.id", "c.online_payment_id")
    .select(["c.amount_kobo", "o.term", "o.session", "p.reference"])
    .where("c.school_id", "=", tenant.schoolId)
    .where("c.student_id", "=", studentId)
    .where("c.term", "=", term)
    .where("c.session", "=", session)
    .orderBy("c.id")
    .execute();
  return rows.map((r) => ({
    kind: n(r.amount_kobo) < 0 ? "kept" : "used",
    amount: koboToNaira(Math.abs(n(r.amount_kobo))),
    term: r.term,
    session: r.session,
    reference: r.reference,
  }));
}

/** A term's credit from online payments, in naira: kept for the next term's bills, and counted here from the last. */
export async function termCreditTotals(db: Db, schoolId: number, term: string, session: string) {
  const row = await db
    .selectFrom("fee_credits")
    .select([
      sql<string | number>`coalesce(sum(case when amount_kobo < 0 then -amount_kobo else 0 end), 0)`.as("kept"),
      sql<string | number>`coalesce(sum(case when amount_kobo > 0 then amount_kobo else 0 end), 0)`.as("used"),
    ])
    .where("school_id", "=", schoolId)
    .where("session", "=", session)
    .where("term", "=", term)
    .executeTakeFirstOrThrow();
  return { kept: koboToNaira(n(row.kept)), used: koboToNaira(n(row.used)) };
}
