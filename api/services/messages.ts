import { z } from "zod";
import { JOB_NAMES } from "../../contract/jobs";
import { formatNaira, formatWireNaira } from "../../contract/money";
import {
  APPLICANT_DECISION_TEXTS as APPLICANT,
  DELIVERY_REASONS as R,
  MESSAGE_AUDIENCES,
  MESSAGE_CHANNELS,
  MESSAGE_LIMITS,
  MESSAGE_MESSAGES as M,
  TEACHER_AUDIENCES,
  fillText,
  messageStatus,
  reportCardLinkPath,
  type AudienceOptions,
  type MessageAudience,
  type MessageChannel,
  type MessageCounts,
  type MessageDetail,
  type MessageList,
  type MessageRecipient,
  type MessageSettings,
  type MessageSummary,
  type RecipientStatus,
  type SentAudience,
} from "../../contract/parent-messages";
import { CBT_ADMISSION_MESSAGES, type ApplicantCbtAccess } from "../../contract/cbt";
import type { FeePayment } from "../../contract/fees";
import { messageFields, messageInput, messageSettingsFields } from "../../contract/parent-messages.schema";
import { toE164 } from "../../contract/phone";
import { errorFields, logger } from "../../observability/log";
import type { ApiDeps, Tenant } from "../context";
import type { Db } from "../db";
import type { JobDefinition } from "../jobs/queue";
import { requireMainAdmin } from "../lib/access";
import { isUniqueViolation } from "../lib/db-errors";
import { ApiError, fromZod, validationError } from "../lib/errors";
import { idempotencyKey as acceptedKey } from "../lib/idempotency";
import { checkPublicLink, createPublicLink, publicAddress } from "../lib/public-links";
import { paginate, pageParams } from "../lib/pagination";
import { getPayment, owedBalances } from "./fees";
import { admissionLetterPdf } from "./admission-letter-pdf";
import { MailError, type MailAttachment } from "./mail";
import { schoolTerm } from "./calendar";
import { renderReportCards, reportCardData, reportCardFilename } from "./report-cards";
import { getSchoolSettings } from "./settings";

/**
 * Messages to parents (calls in contract/parent-messages.ts). A message is written once with its whole delivery
 * log: one line per parent and channel, each with its own text (a parent's balance), so that sending is only ever
 * moving lines from queued to sent or failed. Sending runs as a background job (`sendMessageJob`): the queue hands
 * it to one process, a line is claimed (queued → sending) before it goes out, and a temporary failure puts it back
 * and fails the job so that the queue tries again later with a growing delay.
 */

export const messagesQuery = pageParams;
export type MessagesQuery = z.infer<typeof messagesQuery>;

const notFound = () => new ApiError(404, M.messageNotFound);
const n = (value: unknown) => Number(value ?? 0);

/** The classes a teacher may write to (their form class and the classes they teach); null for an admin: every class. */
async function teacherClasses(deps: Pick<ApiDeps, "db">, tenant: Tenant): Promise<string[] | null> {
  if (!tenant.staff) return null;
  const taught = await deps.db
    .selectFrom("staff_teaching")
    .select("class_name")
    .distinct()
    .where("school_id", "=", tenant.schoolId)
    .where("staff_id", "=", tenant.staff.id)
    .execute();
  const classes = new Set(taught.map((t) => t.class_name));
  if (tenant.staff.formClass) classes.add(tenant.staff.formClass);
  return [...classes];
}

/** `GET /messages/audience?class=`: what the form offers this user. */
export async function audienceOptions(deps: ApiDeps, tenant: Tenant, className?: string): Promise<AudienceOptions> {
  const settings = await getSchoolSettings(deps, tenant);
  const mine = await teacherClasses(deps, tenant);
  const classes = settings.classes.map((c) => c.class_name).filter((c) => mine === null || mine.includes(c));
  // A class a teacher teaches that the settings no longer list is still theirs.
  for (const c of mine ?? []) if (!classes.includes(c)) classes.push(c);
  const chosen = className?.trim();
  const students =
    chosen && classes.includes(chosen)
      ? await deps.db
          .selectFrom("students")
          .select(["id", "unique_id", "name"])
          .where("school_id", "=", tenant.schoolId)
          .where("status", "=", "active")
          .where("class_name", "=", chosen)
          .orderBy("sort_name")
          .orderBy("id")
          .execute()
      : [];
  return {
    audiences: tenant.staff ? [...TEACHER_AUDIENCES] : [...MESSAGE_AUDIENCES],
    classes,
    sections: tenant.staff ? [] : settings.sections,
    students,
    channels: { email: Boolean(deps.mailer), sms: Boolean(deps.sms) },
  };
}

interface Audience {
  audience: SentAudience;
  target: string | null;
  studentIds: number[];
}

/** The students a valid form names, or every problem with it (one 422). */
async function resolveAudience(deps: ApiDeps, tenant: Tenant, raw: unknown) {
  const parsed = messageFields.safeParse(messageInput(raw));
  if (!parsed.success) throw fromZod(parsed.error);
  const p = parsed.data;
  const errors: Record<string, string[]> = {};
  const channels = [...new Set(p.channels)].filter((c): c is MessageChannel =>
    (MESSAGE_CHANNELS as readonly string[]).includes(c),
  );
  if (!channels.length || channels.length !== new Set(p.channels).size) errors.channels = [M.channelsRequired];
  const audience = p.audience as MessageAudience;
  const allowedAudiences = tenant.staff ? TEACHER_AUDIENCES : MESSAGE_AUDIENCES;
  if (!(MESSAGE_AUDIENCES as readonly string[]).includes(audience)) errors.audience = [M.audienceRequired];
  else if (!allowedAudiences.includes(audience)) errors.audience = [M.audienceNotYours];
  const settings = await getSchoolSettings(deps, tenant);
  const mine = await teacherClasses(deps, tenant);
  const className = p.class?.trim() || null;
  const needsClass = audience === "class" || audience === "students" || (audience === "owing" && mine !== null);
  if (!errors.audience) {
    if (needsClass && !className) errors.class = [M.classRequired];
    else if (className && (audience === "class" || audience === "students" || audience === "owing")) {
      if (mine !== null && !mine.includes(className)) errors.class = [M.classNotYours];
      else if (mine === null && !settings.classes.some((c) => c.class_name === className))
        errors.class = [M.unknownClass];
    }
    if (audience === "section") {
      const section = p.section?.trim();
      if (!section) errors.section = [M.sectionRequired];
      else if (!settings.sections.includes(section)) errors.section = [M.unknownSection];
    }
    if (audience === "students" && !p.student_ids?.length) errors.student_ids = [M.studentsRequired];
  }
  if (Object.keys(errors).length) throw validationError(errors);

  let query = deps.db
    .selectFrom("students")
    .select(["id", "unique_id"])
    .where("school_id", "=", tenant.schoolId)
    .where("status", "=", "active");
  let target: string | null = null;
  if (audience === "section") {
    target = p.section!.trim();
    const inSection = settings.classes.filter((c) => c.section === target).map((c) => c.class_name);
    query = inSection.length ? query.where("class_name", "in", inSection) : query.where("id", "=", -1);
  } else if (className && audience !== "school") {
    target = className;
    query = query.where("class_name", "=", className);
  }
  let students = await query.orderBy("sort_name").orderBy("id").execute();
  if (audience === "students") {
    const wanted = new Set(p.student_ids!.map((s) => s.trim()));
    const chosen = students.filter((s) => wanted.has(String(s.id)) || wanted.has(s.unique_id));
    const found = new Set(chosen.flatMap((s) => [String(s.id), s.unique_id]));
    if ([...wanted].some((w) => !found.has(w))) throw validationError({ student_ids: [M.studentNotFound] });
    students = chosen;
  }
  let balances = new Map<number, number>();
  if (audience === "owing") {
    balances = await owedBalances(
      deps,
      tenant,
      students.map((s) => s.id),
    );
    students = students.filter((s) => (balances.get(s.id) ?? 0) > 0);
  }
  if (!students.length) throw validationError({ audience: [M.nobody] });
  const result: Audience = { audience, target, studentIds: students.map((s) => s.id) };
  return { ...result, channels, body: p.body, balances, reportCards: p.report_cards === true };
}

type ResolvedAudience = Awaited<ReturnType<typeof resolveAudience>>;

interface NewLine {
  recipient_key: string;
  parent_name: string | null;
  students: string;
  channel: MessageChannel | "none";
  address: string;
  text: string;
  report_cards: string | null;
  /** The submission whose admission letter the email carries. */
  admission_letter: number | null;
  status: RecipientStatus;
  reason: string | null;
}

/** A child whose report card a line links: the class's result of the term named was published. */
interface CardOf {
  id: number;
  name: string;
  class: string;
  term: string;
  session: string;
}

/** Which of these students' classes have their terminal result of the school's current term published. */
async function publishedCards(
  deps: ApiDeps,
  tenant: Tenant,
  students: Map<number, { name: string; class_name: string | null }>,
): Promise<Map<number, CardOf>> {
  const { term, session } = await schoolTerm(deps, tenant);
  const published = await deps.db
    .selectFrom("result_publications")
    .select("class_name")
    .where("school_id", "=", tenant.schoolId)
    .where("term", "=", term)
    .where("session", "=", session)
    .where("result", "=", "terminal")
    .where("published", "=", 1)
    .execute();
  const classes = new Set(published.map((p) => p.class_name));
  const cards = new Map<number, CardOf>();
  for (const [id, s] of students)
    if (s.class_name && classes.has(s.class_name))
      cards.set(id, { id, name: s.name, class: s.class_name, term, session });
  return cards;
}

/**
 * A line's address on its channel (the email address, or the phone in E.164): failed without one, and kept "not
 * sent" when the channel is not set up on this server.
 */
function addressed(deps: ApiDeps, line: NewLine, email: string, phone: string): NewLine {
  if (line.channel === "email") {
    line.address = email.trim();
    if (!line.address) Object.assign(line, { status: "failed", reason: R.noEmail });
  } else {
    line.address = toE164(phone) ?? "";
    if (!line.address) Object.assign(line, { status: "failed", reason: R.badPhone });
  }
  const configured = line.channel === "email" ? deps.mailer : deps.sms;
  if (!configured && line.status === "queued") Object.assign(line, { status: "not-sent", reason: R.noChannel });
  return line;
}

/** The delivery log of a message: one line per parent and channel, and one per student no parent reaches. */
async function deliveryLines(deps: ApiDeps, tenant: Tenant, a: ResolvedAudience): Promise<NewLine[]> {
  const ids = a.studentIds;
  const names = new Map<number, string>();
  const classes = new Map<number, { name: string; class_name: string | null }>();
  const links: Array<{ student_id: number; parent_id: number; name: string; email: string; phone: string }> = [];
  // In slices, within every database's limit of bound values.
  for (let at = 0; at < ids.length; at += 500) {
    const slice = ids.slice(at, at + 500);
    for (const s of await deps.db
      .selectFrom("students")
      .select(["id", "name", "class_name"])
      .where("school_id", "=", tenant.schoolId)
      .where("id", "in", slice)
      .execute()) {
      names.set(s.id, s.name);
      classes.set(s.id, s);
    }
    links.push(
      ...(await deps.db
        .selectFrom("parent_students as ps")
        .innerJoin("parents as p", "p.id", "ps.parent_id")
        .select(["ps.student_id", "ps.parent_id", "p.name", "p.email", "p.phone"])
        .where("ps.school_id", "=", tenant.schoolId)
        .where("p.school_id", "=", tenant.schoolId)
        .where("ps.student_id", "in", slice)
        .execute()),
    );
  }
  const byParent = new Map<number, { name: string; email: string; phone: string; students: number[] }>();
  const reached = new Set<number>();
  for (const link of links) {
    reached.add(link.student_id);
    const entry = byParent.get(link.parent_id) ?? {
      name: link.name,
      email: link.email,
      phone: link.phone,
      students: [],
    };
    entry.students.push(link.student_id);
    byParent.set(link.parent_id, entry);
  }
  const cards = a.reportCards ? await publishedCards(deps, tenant, classes) : new Map<number, CardOf>();
  const lines: NewLine[] = [];
  const position = new Map(ids.map((id, at) => [id, at]));
  const order = (list: number[]) => list.sort((x, y) => position.get(x)! - position.get(y)!);
  // Parents in the order of their first child in the audience (the students' order: by name).
  const parents = [...byParent].sort(([, a], [, b]) => order(a.students)[0] - order(b.students)[0]);
  for (const [parentId, parent] of parents) {
    const children = order(parent.students).map((id) => names.get(id) ?? "");
    let text = a.body;
    if (a.audience === "owing") {
      const owed = parent.students.reduce((sum, id) => sum + Math.max(0, a.balances.get(id) ?? 0), 0);
      text += `\n\nOutstanding school fees for ${children.join(", ")}: ${formatNaira(owed)}`;
    }
    const theirCards = parent.students.flatMap((id) => (cards.has(id) ? [cards.get(id)!] : []));
    for (const channel of a.channels) {
      const line: NewLine = {
        recipient_key: `p${parentId}:${channel}`,
        parent_name: parent.name,
        students: children.join(", "),
        channel,
        address: "",
        text,
        report_cards: theirCards.length ? JSON.stringify(theirCards) : null,
        admission_letter: null,
        status: "queued",
        reason: null,
      };
      lines.push(addressed(deps, line, parent.email, parent.phone));
    }
  }
  for (const id of ids) {
    if (reached.has(id)) continue;
    lines.push({
      recipient_key: `s${id}`,
      parent_name: null,
      students: names.get(id) ?? "",
      channel: "none",
      address: "",
      text: a.body,
      report_cards: null,
      admission_letter: null,
      status: "unreachable",
      reason: R.noParent,
    });
  }
  return lines;
}

const authorOf = (tenant: Tenant) => tenant.staff?.name ?? tenant.subAdmin?.name ?? "School admin";

async function messageByKey(deps: ApiDeps, tenant: Tenant, key: string) {
  return deps.db
    .selectFrom("messages")
    .select("id")
    .where("school_id", "=", tenant.schoolId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

/**
 * `POST /messages`: the message and its delivery log in one transaction, then the send job. A repeated
 * idempotency key answers the message the first request made (`replayed`) and enqueues nothing.
 */
export async function createMessage(
  deps: ApiDeps,
  tenant: Tenant,
  raw: unknown,
  header: string | undefined,
): Promise<{ detail: MessageDetail; replayed: boolean }> {
  const key = acceptedKey(header);
  if (key) {
    const earlier = await messageByKey(deps, tenant, key);
    if (earlier) return { detail: await getMessage(deps, tenant, earlier.id), replayed: true };
  }
  const audience = await resolveAudience(deps, tenant, raw);
  const stored = await storeMessage(deps, tenant, audience, key);
  return { detail: await getMessage(deps, tenant, stored.id), replayed: stored.replayed };
}

/**
 * Writes a message and its delivery log in one transaction, then enqueues its sending. A key already used answers
 * the message it made. The log is the audience's parents, unless the lines are given (an applicant's).
 */
async function storeMessage(
  deps: ApiDeps,
  tenant: Tenant,
  audience: ResolvedAudience,
  key: string | null,
  given?: NewLine[],
): Promise<{ id: number; replayed: boolean }> {
  const lines = given ?? (await deliveryLines(deps, tenant, audience));
  const now = deps.now().toISOString();
  let id: number;
  try {
    id = await deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("messages")
        .values({
          school_id: tenant.schoolId,
          audience: audience.audience,
          target: audience.target,
          channels: audience.channels.join(","),
          body: audience.body,
          staff_id: tenant.staff?.id ?? null,
          sent_by: authorOf(tenant),
          idempotency_key: key,
          created_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (let at = 0; at < lines.length; at += 200) {
        await trx
          .insertInto("message_recipients")
          .values(
            lines
              .slice(at, at + 200)
              .map((line) => ({ ...line, school_id: tenant.schoolId, message_id: row.id, updated_at: now })),
          )
          .execute();
      }
      return row.id;
    });
  } catch (error) {
    if (key && isUniqueViolation(error)) {
      const earlier = await messageByKey(deps, tenant, key);
      if (earlier) return { id: earlier.id, replayed: true };
    }
    throw error;
  }
  if (lines.some((line) => line.status === "queued")) {
    if (deps.jobs) await deps.jobs.enqueue(JOB_NAMES.sendMessage, { messageId: id }, { schoolId: tenant.schoolId });
    else logger.warn("message queued without a job queue", { message_id: id });
  }
  return { id, replayed: false };
}

/**
 * A receipt to the student's parents for a payment just recorded, when the school turned receipts on: the
 * amount, the receipt number and what is still owed, on every channel this server has (email when none). Once per
 * payment (its key is the payment's). A failure is logged and never undoes the payment.
 */
export async function sendPaymentReceipt(deps: ApiDeps, tenant: Tenant, payment: FeePayment): Promise<void> {
  try {
    if (!(await savedSettings(deps.db, tenant.schoolId)).receipts) return;
    const student = await deps.db
      .selectFrom("students")
      .select("id")
      .where("school_id", "=", tenant.schoolId)
      .where("unique_id", "=", payment.student_id)
      .executeTakeFirst();
    if (!student) return;
    const owed = (await owedBalances(deps, tenant, [student.id])).get(student.id) ?? 0;
    const channels = ownChannels(deps);
    const body =
      `Payment received: ${formatWireNaira(payment.amount)} for ${payment.student_name}, ` +
      `${payment.term} ${payment.session}, receipt ${payment.receipt_no}. ` +
      `Outstanding balance: ${formatNaira(Math.max(0, owed))}.`;
    await storeMessage(
      deps,
      tenant,
      {
        audience: "receipt",
        target: null,
        studentIds: [student.id],
        channels,
        body,
        balances: new Map(),
        reportCards: false,
      },
      `receipt-${payment.id}-${payment.receipt_no}`.replace(/[^A-Za-z0-9_-]/g, "-").slice(0, 100),
    );
  } catch (error) {
    logger.warn("payment receipt not queued", { payment_id: payment.id, ...errorFields(error) });
  }
}

/**
 * The receipt of a fee payment recorded from a verified online payment (the callback, the webhook or the periodic
 * check), as for one recorded by hand: `PaymentDeps.sendReceipt`.
 */
export function onlinePaymentReceipts(deps: ApiDeps) {
  return async (schoolId: number, feePaymentId: number) => {
    const school = await deps.db
      .selectFrom("schools")
      .select("unique_id")
      .where("id", "=", schoolId)
      .executeTakeFirst();
    if (!school) return;
    const tenant: Tenant = { schoolId, uniqueId: school.unique_id };
    await sendPaymentReceipt(deps, tenant, await getPayment(deps, tenant, feePaymentId));
  };
}

/** The channels a message the school sends on its own goes by: every one set up (email when none is, kept "not sent"). */
const ownChannels = (deps: ApiDeps): MessageChannel[] => [
  ...(deps.mailer || !deps.sms ? (["email"] as const) : []),
  ...(deps.sms ? (["sms"] as const) : []),
];

/** A submission just approved or rejected, as the applicant's message needs it. */
export interface DecidedSubmission {
  id: number;
  student_name: string;
  class_applying_into: string;
  /** The text answers, as JSON: the applicant's email address and phone number are there. */
  form_data: string;
}

/** What the school tells an applicant on its own. */
interface ApplicantMessage {
  audience: "admission" | "admission_test";
  /** The message's key: it is stored once per submission and key. */
  key: string;
  /** The text on a channel, given the school's name. */
  text: (channel: MessageChannel, schoolName: string) => string;
  /** Whether the email carries the admission letter. */
  letter?: boolean;
}

/**
 * A message to an applicant, at the email address and phone number the application gave, on every channel this
 * server has (without one, kept "not sent: no channel set up").
 */
async function queueForApplicant(
  deps: ApiDeps,
  tenant: Tenant,
  submission: { id: number; student_name: string; form_data: string },
  message: ApplicantMessage,
): Promise<void> {
  const school = await deps.db
    .selectFrom("schools")
    .select("school_name")
    .where("id", "=", tenant.schoolId)
    .executeTakeFirstOrThrow();
  const answers = JSON.parse(submission.form_data) as Record<string, string | undefined>;
  const channels = ownChannels(deps);
  const lines = channels.map(
    (channel): NewLine =>
      addressed(
        deps,
        {
          recipient_key: `a${submission.id}:${channel}`,
          parent_name: answers.parentName?.trim() || null,
          students: submission.student_name,
          channel,
          address: "",
          text: message.text(channel, school.school_name),
          report_cards: null,
          admission_letter: message.letter && channel === "email" ? submission.id : null,
          status: "queued",
          reason: null,
        },
        answers.emailAddress ?? "",
        answers.phoneNumber ?? "",
      ),
  );
  await storeMessage(
    deps,
    tenant,
    {
      audience: message.audience,
      target: null,
      studentIds: [],
      channels,
      body: lines[0].text,
      balances: new Map(),
      reportCards: false,
    },
    message.key,
    lines,
  );
}

/**
 * The decision on a submission to the applicant, when the school turned this on; an approval's email carries the
 * admission letter, made as the line is sent. Once per submission and decision. A failure is logged and never undoes
 * the decision.
 */
export async function sendApplicantDecision(
  deps: ApiDeps,
  tenant: Tenant,
  submission: DecidedSubmission,
  decision: "approve" | "reject",
): Promise<void> {
  try {
    if (!(await savedSettings(deps.db, tenant.schoolId)).decisions) return;
    const approved = decision === "approve";
    await queueForApplicant(deps, tenant, submission, {
      audience: "admission",
      key: `admission-${submission.id}-${decision}`,
      text: (channel, school) =>
        fillText(
          approved ? (channel === "email" ? APPLICANT.approvedEmail : APPLICANT.approvedSms) : APPLICANT.rejected,
          { name: submission.student_name, school, class: submission.class_applying_into },
        ),
      letter: approved,
    });
  } catch (error) {
    logger.warn("applicant decision not queued", { submission_id: submission.id, ...errorFields(error) });
  }
}

/** Lagos time, as the message to an applicant says when their test opens and closes. */
const lagosTime = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", {
    timeZone: "Africa/Lagos",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });

/**
 * An applicant's entrance test code and PIN. Once per submission. A failure is logged and never undoes the
 * application.
 */
export async function sendApplicantPin(
  deps: ApiDeps,
  tenant: Tenant,
  submission: { id: number; student_name: string; form_data: string },
  access: ApplicantCbtAccess,
): Promise<void> {
  try {
    await queueForApplicant(deps, tenant, submission, {
      audience: "admission_test",
      key: `admission-${submission.id}-test`,
      text: (_channel, school) =>
        fillText(CBT_ADMISSION_MESSAGES.pinText, {
          name: submission.student_name,
          school,
          title: access.title,
          code: access.code,
          pin: access.pin ?? "",
          address: `${deps.publicUrl}${access.path}`,
          opens: lagosTime(access.opens_at),
          closes: lagosTime(access.closes_at),
        }),
    });
  } catch (error) {
    logger.warn("applicant's test PIN not queued", { submission_id: submission.id, ...errorFields(error) });
  }
}

type MessageRow = {
  id: number;
  audience: string;
  target: string | null;
  channels: string;
  body: string;
  sent_by: string;
  created_at: string;
};

async function countsOf(db: Db, schoolId: number, ids: number[]) {
  const rows = ids.length
    ? await db
        .selectFrom("message_recipients")
        .select((eb) => ["message_id", "status", eb.fn.countAll<number | string>().as("n")])
        .where("school_id", "=", schoolId)
        .where("message_id", "in", ids)
        .groupBy(["message_id", "status"])
        .execute()
    : [];
  const counts = new Map<number, Record<string, number>>();
  for (const row of rows) {
    const entry = counts.get(row.message_id) ?? {};
    entry[row.status] = n(row.n);
    counts.set(row.message_id, entry);
  }
  return counts;
}

function summary(row: MessageRow, by: Record<string, number> = {}): MessageSummary {
  const get = (status: RecipientStatus) => by[status] ?? 0;
  const counts: MessageCounts = {
    total: get("queued") + get("sending") + get("sent") + get("failed") + get("not-sent"),
    sent: get("sent"),
    failed: get("failed") + get("not-sent"),
    pending: get("queued") + get("sending"),
    unreachable: get("unreachable"),
  };
  return {
    id: row.id,
    audience: row.audience as SentAudience,
    target: row.target,
    channels: row.channels.split(",") as MessageChannel[],
    body: row.body,
    sent_by: row.sent_by,
    created_at: row.created_at,
    status: messageStatus(counts, counts.total > 0 && get("not-sent") === counts.total),
    counts,
  };
}

function messagesOf(deps: ApiDeps, tenant: Tenant) {
  let query = deps.db.selectFrom("messages").where("school_id", "=", tenant.schoolId);
  // A teacher sees the messages they wrote; admins see every message of the school.
  if (tenant.staff) query = query.where("staff_id", "=", tenant.staff.id);
  return query;
}

const MESSAGE_COLUMNS = ["id", "audience", "target", "channels", "body", "sent_by", "created_at"] as const;

/** `GET /messages`: newest first, with each one's counts. */
export async function listMessages(deps: ApiDeps, tenant: Tenant, query: MessagesQuery): Promise<MessageList> {
  return paginate(
    query,
    async () =>
      (
        await messagesOf(deps, tenant)
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    async (limit, offset) => {
      const rows = await messagesOf(deps, tenant)
        .select([...MESSAGE_COLUMNS])
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .offset(offset)
        .execute();
      const counts = await countsOf(
        deps.db,
        tenant.schoolId,
        rows.map((r) => r.id),
      );
      return rows.map((row) => summary(row, counts.get(row.id)));
    },
  );
}

/** `GET /messages/{id}`: the message, its counts and its delivery log (parents by name, the unreachable last). */
export async function getMessage(deps: ApiDeps, tenant: Tenant, id: number): Promise<MessageDetail> {
  const row = await messagesOf(deps, tenant)
    .select([...MESSAGE_COLUMNS])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound();
  const [counts, lines] = await Promise.all([
    countsOf(deps.db, tenant.schoolId, [id]),
    deps.db
      .selectFrom("message_recipients")
      .select(["id", "parent_name", "students", "channel", "address", "status", "reason", "attempts", "updated_at"])
      .where("school_id", "=", tenant.schoolId)
      .where("message_id", "=", id)
      .orderBy("id")
      .execute(),
  ]);
  return {
    ...summary(row, counts.get(id)),
    recipients: lines.map(
      (line): MessageRecipient => ({
        ...line,
        channel: line.channel as MessageRecipient["channel"],
        status: line.status as RecipientStatus,
        attempts: n(line.attempts),
      }),
    ),
  };
}

/** Parses a message id from a path: anything else names no message. */
export function messageId(raw: string | undefined): number {
  if (!raw || !/^\d{1,9}$/.test(raw)) throw notFound();
  return Number(raw);
}

// The daily SMS cap

/** The day SMS are counted on: Lagos time (UTC+1, no daylight saving). */
const lagosDay = (now: Date) => new Date(now.getTime() + 60 * 60 * 1000).toISOString().slice(0, 10);

async function savedSettings(db: Db, schoolId: number) {
  const row = await db
    .selectFrom("message_settings")
    .select(["daily_sms_cap", "payment_receipts", "applicant_decisions"])
    .where("school_id", "=", schoolId)
    .executeTakeFirst();
  return {
    cap: row ? n(row.daily_sms_cap) : MESSAGE_LIMITS.defaultDailySmsCap,
    receipts: n(row?.payment_receipts) === 1,
    decisions: n(row?.applicant_decisions) === 1,
  };
}

const dailyCap = async (db: Db, schoolId: number) => (await savedSettings(db, schoolId)).cap;

async function usedToday(db: Db, schoolId: number, day: string): Promise<number> {
  const row = await db
    .selectFrom("sms_usage")
    .select("used")
    .where("school_id", "=", schoolId)
    .where("day", "=", day)
    .executeTakeFirst();
  return row ? n(row.used) : 0;
}

/**
 * Takes up to `wanted` SMS of today's allowance and answers how many it took. The count moves only from the value
 * just read (compare and set), so two processes sending at once never take the same allowance twice.
 */
async function reserveSms(db: Db, schoolId: number, day: string, wanted: number): Promise<number> {
  const cap = await dailyCap(db, schoolId);
  await db
    .insertInto("sms_usage")
    .values({ school_id: schoolId, day, used: 0 })
    .onConflict((oc) => oc.columns(["school_id", "day"]).doNothing())
    .execute();
  for (let tries = 0; tries < 20; tries++) {
    const used = await usedToday(db, schoolId, day);
    const allowed = Math.max(0, Math.min(wanted, cap - used));
    if (!allowed) return 0;
    const moved = await db
      .updateTable("sms_usage")
      .set({ used: used + allowed })
      .where("school_id", "=", schoolId)
      .where("day", "=", day)
      .where("used", "=", used)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 1) return allowed;
  }
  return 0;
}

/** Gives back allowance a batch did not use (the provider failed for a while). */
async function releaseSms(db: Db, schoolId: number, day: string, count: number) {
  for (let tries = 0; tries < 20; tries++) {
    const used = await usedToday(db, schoolId, day);
    const moved = await db
      .updateTable("sms_usage")
      .set({ used: Math.max(0, used - count) })
      .where("school_id", "=", schoolId)
      .where("day", "=", day)
      .where("used", "=", used)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 1) return;
  }
}

/** `GET /message-settings`. */
export async function getMessageSettings(deps: ApiDeps, tenant: Tenant): Promise<MessageSettings> {
  const saved = await savedSettings(deps.db, tenant.schoolId);
  return {
    daily_sms_cap: saved.cap,
    payment_receipts: saved.receipts,
    applicant_decisions: saved.decisions,
    sms_sent_today: await usedToday(deps.db, tenant.schoolId, lagosDay(deps.now())),
  };
}

/** `PUT /message-settings`: the main admin's alone. */
export async function saveMessageSettings(deps: ApiDeps, tenant: Tenant, raw: unknown): Promise<MessageSettings> {
  requireMainAdmin(tenant, M.capMainOnly);
  const parsed = messageSettingsFields.safeParse(raw);
  if (!parsed.success) throw fromZod(parsed.error);
  const now = deps.now().toISOString();
  const values = {
    daily_sms_cap: parsed.data.daily_sms_cap,
    payment_receipts: parsed.data.payment_receipts ? 1 : 0,
    applicant_decisions: parsed.data.applicant_decisions ? 1 : 0,
    updated_at: now,
  };
  await deps.db
    .insertInto("message_settings")
    .values({ school_id: tenant.schoolId, ...values })
    .onConflict((oc) => oc.column("school_id").doUpdateSet(values))
    .execute();
  return getMessageSettings(deps, tenant);
}

// Sending

/** Without `storage`, an admission letter goes without the school's logo. */
export type MessageJobDeps = Pick<ApiDeps, "db" | "now" | "mailer" | "sms"> &
  Partial<Pick<ApiDeps, "publicUrl" | "storage">>;

interface QueuedLine {
  id: number;
  channel: string;
  address: string;
  text: string;
  report_cards: string | null;
  admission_letter: number | null;
}

/**
 * The text a line goes out with: its own, and a fresh 30-day link to each child's report card it names. The links
 * are made here, as the line is sent, so that the log never holds one; a retry makes new ones.
 */
async function withCardLinks(deps: MessageJobDeps, schoolId: number, line: QueuedLine): Promise<string> {
  if (!line.report_cards || !deps.publicUrl) return line.text;
  const cards = JSON.parse(line.report_cards) as CardOf[];
  const links: string[] = [];
  for (const card of cards) {
    const made = await createPublicLink(deps.db, deps.now(), schoolId, {
      purpose: "report-card",
      subject: JSON.stringify({ s: card.id, c: card.class, t: card.term, y: card.session }),
    });
    links.push(`Report card of ${card.name}: ${publicAddress(deps.publicUrl, reportCardLinkPath(made.token))}`);
  }
  return `${line.text}\n\n${links.join("\n")}`;
}

/**
 * Moves lines from one status to another, only those still in `from`: a line is claimed once, and a line another
 * run already settled is left alone. Answers the ids it moved.
 */
async function move(
  deps: MessageJobDeps,
  schoolId: number,
  ids: number[],
  from: RecipientStatus,
  to: RecipientStatus,
  reason: string | null,
  countAttempt = false,
): Promise<number[]> {
  if (!ids.length) return [];
  const now = deps.now().toISOString();
  const claimed = await deps.db
    .updateTable("message_recipients")
    .set((eb) => ({
      status: to,
      reason,
      updated_at: now,
      ...(countAttempt ? { attempts: eb("attempts", "+", 1) } : {}),
    }))
    .where("school_id", "=", schoolId)
    .where("id", "in", ids)
    .where("status", "=", from)
    .returning("id")
    .execute();
  return claimed.map((c) => c.id);
}

/** An email's subject: the applicant's own for a decision, else "A message from your child's school". */
async function emailSubject(deps: MessageJobDeps, schoolId: number, messageId: number): Promise<string> {
  const message = await deps.db
    .selectFrom("messages")
    .innerJoin("schools", "schools.id", "messages.school_id")
    .select(["messages.audience", "schools.school_name"])
    .where("messages.school_id", "=", schoolId)
    .where("messages.id", "=", messageId)
    .executeTakeFirst();
  return message?.audience === "admission"
    ? fillText(APPLICANT.emailSubject, { school: message.school_name })
    : "A message from your child's school";
}

/** Thrown to have the queue run the job again later: some lines failed for a while. */
export class TemporaryDeliveryFailure extends Error {}

/**
 * Sends what is queued of one message. Email goes line by line; SMS in batches of the provider's size, each batch
 * of lines with the same text, within the day's allowance (past it, lines fail with "daily SMS limit reached").
 * Lines a crashed run left "sending" may have gone out: they are not sent again. On the last attempt a temporary
 * failure is final.
 */
export async function deliverMessage(
  deps: MessageJobDeps,
  schoolId: number,
  messageId: number,
  lastAttempt: boolean,
): Promise<void> {
  const lines = (await deps.db
    .selectFrom("message_recipients")
    .select(["id", "channel", "address", "text", "report_cards", "admission_letter", "status"])
    .where("school_id", "=", schoolId)
    .where("message_id", "=", messageId)
    .where("status", "in", ["queued", "sending"])
    .orderBy("id")
    .execute()) as Array<QueuedLine & { status: string }>;
  await move(
    deps,
    schoolId,
    lines.filter((l) => l.status === "sending").map((l) => l.id),
    "sending",
    "failed",
    R.interrupted,
  );
  const queued = lines.filter((l) => l.status === "queued");
  for (const line of queued) line.text = await withCardLinks(deps, schoolId, line);
  const later: Array<{ id: number; reason: string }> = [];
  const subject = await emailSubject(deps, schoolId, messageId);

  for (const line of queued.filter((l) => l.channel === "email")) {
    if (!deps.mailer) {
      await move(deps, schoolId, [line.id], "queued", "not-sent", R.noChannel);
      continue;
    }
    if (!(await move(deps, schoolId, [line.id], "queued", "sending", null, true)).length) continue;
    try {
      const attachments: MailAttachment[] = [];
      if (line.admission_letter !== null) {
        // The letter is made now, from the submission as it is: one no longer approved sends nothing.
        const letter = await admissionLetterPdf(deps, schoolId, line.admission_letter);
        if (!letter) {
          await move(deps, schoolId, [line.id], "sending", "failed", R.letterGone);
          continue;
        }
        attachments.push({ filename: letter.filename, content: letter.bytes, contentType: "application/pdf" });
      }
      await deps.mailer.send({
        to: line.address,
        subject,
        text: line.text,
        ...(attachments.length ? { attachments } : {}),
      });
      await move(deps, schoolId, [line.id], "sending", "sent", null);
    } catch (error) {
      const code = error instanceof MailError ? error.responseCode : null;
      const reason = error instanceof MailError ? error.message : "email not sent";
      // An SMTP 5xx is a refusal for good; a 4xx, a timeout or a lost connection may pass later.
      if (code !== null && code >= 500) await move(deps, schoolId, [line.id], "sending", "failed", reason);
      else {
        await move(deps, schoolId, [line.id], "sending", "queued", reason);
        later.push({ id: line.id, reason });
      }
    }
  }

  const sms = queued.filter((l) => l.channel === "sms");
  if (sms.length && !deps.sms)
    await move(
      deps,
      schoolId,
      sms.map((l) => l.id),
      "queued",
      "not-sent",
      R.noChannel,
    );
  else if (sms.length && deps.sms) {
    const provider = deps.sms;
    const byText = new Map<string, QueuedLine[]>();
    for (const line of sms) byText.set(line.text, [...(byText.get(line.text) ?? []), line]);
    const day = lagosDay(deps.now());
    for (const [text, group] of byText) {
      for (let at = 0; at < group.length; at += provider.batchSize) {
        const batch = group.slice(at, at + provider.batchSize);
        const allowed = await reserveSms(deps.db, schoolId, day, batch.length);
        const over = batch.slice(allowed).map((l) => l.id);
        await move(deps, schoolId, over, "queued", "failed", R.capReached);
        const claimed = await move(
          deps,
          schoolId,
          batch.slice(0, allowed).map((l) => l.id),
          "queued",
          "sending",
          null,
          true,
        );
        if (claimed.length < allowed) await releaseSms(deps.db, schoolId, day, allowed - claimed.length);
        if (!claimed.length) continue;
        const numbers = batch.filter((l) => claimed.includes(l.id)).map((l) => l.address);
        const result = await provider.send(numbers, text);
        if (result.ok) await move(deps, schoolId, claimed, "sending", "sent", null);
        else {
          await releaseSms(deps.db, schoolId, day, claimed.length);
          if (result.temporary) {
            await move(deps, schoolId, claimed, "sending", "queued", result.reason);
            later.push(...claimed.map((id) => ({ id, reason: result.reason })));
          } else await move(deps, schoolId, claimed, "sending", "failed", result.reason);
        }
      }
    }
  }

  if (later.length) {
    if (lastAttempt) {
      for (const { id, reason } of later) await move(deps, schoolId, [id], "queued", "failed", reason);
      logger.warn("message lines failed after every attempt", { message_id: messageId, lines: later.length });
      return;
    }
    throw new TemporaryDeliveryFailure(`${later.length} lines of message ${messageId} to try again`);
  }
}

/** The job that sends a message's queued lines; a temporary failure is tried again with a growing delay. */
export function sendMessageJob(
  deps: MessageJobDeps,
  options: { retryLimit?: number; retryDelaySeconds?: number } = {},
): JobDefinition {
  const retryLimit = options.retryLimit ?? 5;
  return {
    name: JOB_NAMES.sendMessage,
    retryLimit,
    retryDelaySeconds: options.retryDelaySeconds ?? 60,
    run: async (payload, job) => {
      const id = Number((payload as { messageId?: unknown } | null)?.messageId);
      if (!job.schoolId || !Number.isInteger(id)) return;
      try {
        await deliverMessage(deps, job.schoolId, id, job.attempt > retryLimit);
      } catch (error) {
        if (!(error instanceof TemporaryDeliveryFailure))
          logger.warn("message sending failed", { message_id: id, ...errorFields(error) });
        throw error;
      }
    },
  };
}

/**
 * `GET /api/public/report-card-links/{token}`: the one report card a message's link opens, without a sign-in. The
 * link's token is the only key; a link expired, revoked or unknown, or a result unpublished since, opens nothing.
 */
export async function reportCardOfLink(deps: ApiDeps, token: string): Promise<{ bytes: Buffer; filename: string }> {
  const gone = () => new ApiError(404, M.reportCardLinkGone);
  const checked = await checkPublicLink(deps.db, deps.now(), token, "report-card");
  if (!checked.ok) throw gone();
  const card = JSON.parse(checked.link.subject) as { s: number; c: string; t: string; y: string };
  const school = await deps.db
    .selectFrom("schools")
    .select("unique_id")
    .where("id", "=", checked.link.schoolId)
    .executeTakeFirst();
  if (!school) throw gone();
  const stillPublished = await deps.db
    .selectFrom("result_publications")
    .select("published")
    .where("school_id", "=", checked.link.schoolId)
    .where("class_name", "=", card.c)
    .where("term", "=", card.t)
    .where("session", "=", card.y)
    .where("result", "=", "terminal")
    .executeTakeFirst();
  if (stillPublished?.published !== 1) throw gone();
  const tenant: Tenant = { schoolId: checked.link.schoolId, uniqueId: school.unique_id };
  try {
    const { cards, images } = await reportCardData(
      deps,
      tenant,
      { class: card.c, term: card.t, year: card.y, result: "terminal" },
      String(card.s),
    );
    const bytes = await renderReportCards(cards, images, deps.now());
    return { bytes, filename: reportCardFilename([cards[0].student.name, card.t, card.y]) };
  } catch (error) {
    // The student left the class's list, or the class the settings: the link opens nothing.
    if (error instanceof ApiError) throw gone();
    throw error;
  }
}
