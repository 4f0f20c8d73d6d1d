import type { PasswordResetLink } from "../../contract/password-reset";
import {
  PASSWORD_RESET_ACCOUNT_MAX_REQUESTS,
  PASSWORD_RESET_MAX_REQUESTS,
  PASSWORD_RESET_MESSAGES as M,
  PASSWORD_RESET_TTL_MS,
  resetPasswordPath,
} from "../../contract/password-reset";
import { passwordResetConfirm, passwordResetRequest } from "../../contract/password-reset.schema";
import type { ApiDeps } from "../context";
import type { Db } from "../db/types";
import { generatePassword, generateToken, hashPassword, hashToken } from "../lib/crypto";
import { ApiError, fromZod } from "../lib/errors";
import { refuseWhileLocked, recordFailure, type SignInClient } from "./auth";
import { sendInBackground } from "./mail";

/** Whose password: the school's main admin (both ids null), a sub-admin or a teacher. */
export interface Account {
  schoolId: number;
  uniqueId: string;
  schoolName: string;
  subAdminId: number | null;
  staffId: number | null;
  /** The person's name, for the email: the principal's for the main admin. */
  name: string;
  email: string;
}

const kindOf = (account: Pick<Account, "subAdminId" | "staffId">): PasswordResetLink["account"] =>
  account.subAdminId !== null ? "sub-admin" : account.staffId !== null ? "teacher" : "main";

/**
 * The accounts an email opens in a school, as sign-in finds them: a sub-admin's before a teacher's (a teacher
 * whose sign-in is on), and the main admin's when it is the school's email. Usually one; none for a stranger.
 */
export async function accountsFor(db: Db, uniqueId: string, email: string): Promise<Account[]> {
  const school = await db
    .selectFrom("schools")
    .select(["id", "unique_id", "school_name", "principal_name", "school_email"])
    .where("unique_id", "=", uniqueId)
    .executeTakeFirst();
  if (!school) return [];
  const base = { schoolId: school.id, uniqueId: school.unique_id, schoolName: school.school_name, email };
  const accounts: Account[] = [];
  if (school.school_email.toLowerCase() === email) {
    accounts.push({ ...base, subAdminId: null, staffId: null, name: school.principal_name });
  }
  const subAdmin = await db
    .selectFrom("sub_admins")
    .select(["id", "name"])
    .where("school_id", "=", school.id)
    .where("email", "=", email)
    .where("disabled", "=", 0)
    .executeTakeFirst();
  if (subAdmin) return [...accounts, { ...base, subAdminId: subAdmin.id, staffId: null, name: subAdmin.name }];
  const teacher = await signInTeacher(db, school.id, email);
  if (teacher) accounts.push({ ...base, subAdminId: null, staffId: teacher.id, name: teacher.name });
  return accounts;
}

/** A teaching member of the school whose staff-area sign-in is on, by their email. */
function signInTeacher(db: Db, schoolId: number, email: string) {
  return db
    .selectFrom("staff")
    .select(["id", "name"])
    .where("school_id", "=", schoolId)
    .where("email", "=", email)
    .where("password_hash", "is not", null)
    .where("is_teaching_staff", "=", 1)
    .executeTakeFirst();
}

/** Whether links can be sent: an SMTP mailer is configured. */
export const canSendLinks = (deps: ApiDeps) => deps.mailer !== undefined;

/**
 * Sends each matching account a link, answering the same whether or not one matched (the mail goes out after
 * the answer, so neither its time nor a failed send tells). Counted per account and address like sign-in
 * failures: a few requests per address, more from everywhere together, then 429 for the rest of the window.
 */
export async function requestReset(deps: ApiDeps, input: unknown, client: SignInClient): Promise<void> {
  const parsed = passwordResetRequest.safeParse(input);
  if (!parsed.success) throw fromZod(parsed.error);
  const mailer = deps.mailer;
  if (!mailer) throw new ApiError(503, M.emailNotSetUp);
  const uniqueId = parsed.data.unique_id.toUpperCase();
  const email = parsed.data.email.toLowerCase();
  const key = `reset:${uniqueId}:${email}`;
  await refuseWhileLocked(deps, key, client, {
    perAddress: PASSWORD_RESET_MAX_REQUESTS,
    perAccount: PASSWORD_RESET_ACCOUNT_MAX_REQUESTS,
    message: M.tooManyRequests,
  });
  await recordFailure(deps, key, client);
  for (const account of await accountsFor(deps.db, uniqueId, email)) {
    const token = await issueLink(deps, account);
    sendInBackground(mailer, resetMail(deps, account, token), "password reset link");
  }
}

/** A new link for the account; the account's earlier links stop working, as do expired links of the school. */
async function issueLink(deps: ApiDeps, account: Account): Promise<string> {
  const token = generateToken();
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await accountLinks(trx, account).execute();
    await trx
      .deleteFrom("password_resets")
      .where("school_id", "=", account.schoolId)
      .where("expires_at", "<=", now.toISOString())
      .execute();
    await trx
      .insertInto("password_resets")
      .values({
        school_id: account.schoolId,
        sub_admin_id: account.subAdminId,
        staff_id: account.staffId,
        token_hash: hashToken(token),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + PASSWORD_RESET_TTL_MS).toISOString(),
      })
      .execute();
  });
  return token;
}

/** The delete of every link of one account. */
function accountLinks(db: Db, account: Pick<Account, "schoolId" | "subAdminId" | "staffId">) {
  return db
    .deleteFrom("password_resets")
    .where("school_id", "=", account.schoolId)
    .where((eb) =>
      eb.and([
        account.subAdminId === null ? eb("sub_admin_id", "is", null) : eb("sub_admin_id", "=", account.subAdminId),
        account.staffId === null ? eb("staff_id", "is", null) : eb("staff_id", "=", account.staffId),
      ]),
    );
}

function resetMail(deps: ApiDeps, account: Account, token: string) {
  const link = `${deps.publicUrl}${resetPasswordPath(token)}`;
  const whose =
    kindOf(account) === "main"
      ? `the main admin account of ${account.schoolName} (Unique ID ${account.uniqueId})`
      : `your ${kindOf(account)} account at ${account.schoolName} (Unique ID ${account.uniqueId})`;
  const lines = [
    `Hello ${account.name},`,
    "",
    `Someone asked to reset the password of ${whose}. To choose a new password, open this link within 30 minutes:`,
    "",
    link,
    "",
    "The link works once. Setting a new password signs the account out everywhere.",
    "If you did not ask for this, ignore this email: your password stays as it is.",
  ];
  const escape = (text: string) =>
    text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
  const html = lines
    .map((line) => (line === link ? `<p><a href="${escape(link)}">Set a new password</a></p>` : escape(line)))
    .filter(Boolean)
    .map((line) => (line.startsWith("<p>") ? line : `<p>${line}</p>`))
    .join("\n");
  return { to: account.email, subject: M.subject, text: lines.join("\n"), html };
}

/** The link's account while it is unused and unexpired; 404 otherwise. */
async function liveLink(deps: ApiDeps, db: Db, token: string) {
  const row = await db
    .selectFrom("password_resets")
    .innerJoin("schools", "schools.id", "password_resets.school_id")
    .select([
      "password_resets.id",
      "password_resets.school_id",
      "password_resets.sub_admin_id",
      "password_resets.staff_id",
      "password_resets.expires_at",
      "schools.unique_id",
      "schools.school_name",
    ])
    .where("password_resets.token_hash", "=", hashToken(token))
    .where("password_resets.used_at", "is", null)
    .where("password_resets.expires_at", ">", deps.now().toISOString())
    .executeTakeFirst();
  if (!row) throw new ApiError(404, M.linkInvalid);
  return row;
}

export async function readLink(deps: ApiDeps, token: string): Promise<PasswordResetLink> {
  const row = await liveLink(deps, deps.db, token);
  return {
    unique_id: row.unique_id,
    account: kindOf({ subAdminId: row.sub_admin_id, staffId: row.staff_id }),
    school_name: row.school_name,
    expires_at: row.expires_at,
  };
}

/**
 * Sets the new password through a link, once: the link is spent in the same transaction as the password is
 * written, so two sends of the form set one password and the other is told the link is used. A teacher whose
 * sign-in was turned off since, or a sub-admin removed, gets no password from an old link.
 */
export async function confirmReset(deps: ApiDeps, input: unknown): Promise<void> {
  const parsed = passwordResetConfirm.safeParse(input);
  if (!parsed.success) throw fromZod(parsed.error);
  const passwordHash = await hashPassword(parsed.data.new_password);
  await deps.db.transaction().execute(async (trx) => {
    const link = await liveLink(deps, trx, parsed.data.token);
    const spent = await trx
      .updateTable("password_resets")
      .set({ used_at: deps.now().toISOString() })
      .where("id", "=", link.id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) throw new ApiError(404, M.linkInvalid);
    const account = { schoolId: link.school_id, subAdminId: link.sub_admin_id, staffId: link.staff_id };
    if (!(await setPassword(deps, trx, account, passwordHash))) throw new ApiError(404, M.linkInvalid);
    await accountLinks(trx, account).execute();
  });
}

/**
 * Writes the account's password hash and ends every session of that account (its other people's stay signed
 * in: a sub-admin's reset leaves the main admin, and the main admin's the sub-admins); false when the account
 * no longer takes a password (a teacher whose sign-in is off). The operator's command uses it too.
 */
export async function setPassword(
  deps: Pick<ApiDeps, "now">,
  trx: Db,
  account: Pick<Account, "schoolId" | "subAdminId" | "staffId">,
  passwordHash: string,
): Promise<boolean> {
  const update = { password_hash: passwordHash, updated_at: deps.now().toISOString() };
  const written =
    account.staffId !== null
      ? await trx
          .updateTable("staff")
          .set(update)
          .where("school_id", "=", account.schoolId)
          .where("id", "=", account.staffId)
          .where("password_hash", "is not", null)
          .where("is_teaching_staff", "=", 1)
          .executeTakeFirst()
      : account.subAdminId !== null
        ? await trx
            .updateTable("sub_admins")
            .set(update)
            .where("school_id", "=", account.schoolId)
            .where("id", "=", account.subAdminId)
            .executeTakeFirst()
        : await trx.updateTable("schools").set(update).where("id", "=", account.schoolId).executeTakeFirst();
  if (Number(written.numUpdatedRows) !== 1) return false;
  await trx
    .deleteFrom("auth_tokens")
    .where("school_id", "=", account.schoolId)
    .where((eb) =>
      account.staffId !== null
        ? eb("staff_id", "=", account.staffId)
        : account.subAdminId !== null
          ? eb("sub_admin_id", "=", account.subAdminId)
          : eb.and([eb("sub_admin_id", "is", null), eb("staff_id", "is", null)]),
    )
    .execute();
  return true;
}

/**
 * The operator's reset (`npm run reset-password -- <unique id> [email]`), for a server without email: a new
 * generated password for the main admin (no email), or for the sub-admin or teacher who signs in with that email
 * (the main admin's when it is only the school's email), ending every session of the account. Null when no
 * account matches.
 */
export async function resetByOperator(
  deps: Pick<ApiDeps, "db" | "now">,
  uniqueIdInput: string,
  emailInput?: string,
): Promise<{ password: string; account: PasswordResetLink["account"]; name: string; schoolName: string } | null> {
  const uniqueId = uniqueIdInput.trim().toUpperCase();
  const email = emailInput?.trim().toLowerCase();
  let account: Account | undefined;
  if (email) {
    const accounts = await accountsFor(deps.db, uniqueId, email);
    account = accounts.find((a) => kindOf(a) !== "main") ?? accounts[0];
  } else {
    const school = await deps.db
      .selectFrom("schools")
      .select(["id", "unique_id", "school_name", "principal_name", "school_email"])
      .where("unique_id", "=", uniqueId)
      .executeTakeFirst();
    if (school) {
      account = {
        schoolId: school.id,
        uniqueId: school.unique_id,
        schoolName: school.school_name,
        subAdminId: null,
        staffId: null,
        name: school.principal_name,
        email: school.school_email,
      };
    }
  }
  if (!account) return null;
  const found = account;
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const written = await deps.db.transaction().execute(async (trx) => {
    const done = await setPassword(deps, trx, found, passwordHash);
    if (done) await accountLinks(trx, found).execute();
    return done;
  });
  return written ? { password, account: kindOf(found), name: found.name, schoolName: found.schoolName } : null;
}
