import { sql } from "kysely";
import { isFeatureKey, type FeatureKey } from "../../contract/access";
import {
  loginPayload,
  registerFields,
  type AdminData,
  type ChangePasswordPayload,
  type RegisterResponse,
} from "../../contract/admin";
import { LOGIN_ACCOUNT_MAX_FAILURES, LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS, TOKEN_TTL_MS } from "../../contract/limits";
import { APP_MESSAGES } from "../../contract/messages";
import type { UploadedFile } from "../../server-lib/multipart";
import { toE164 } from "../../contract/phone";
import type { ApiDeps, Tenant } from "../context";
import {
  decoyPasswordHash,
  generatePassword,
  generateToken,
  generateUniqueId,
  hashPassword,
  needsRehash,
  hashToken,
  verifyPassword,
} from "../lib/crypto";
import { ApiError, fromZod, gatherFieldErrors, gatherFieldErrorsAsync, validationError } from "../lib/errors";
import type { School } from "../db/schema";
import { prepared } from "../db/prepared";
import type { Db } from "../db/types";
import { checkImage, mediaUrl, storeImage } from "./media";

type Registration = RegisterResponse["data"];

/** A re-sent registration form (same key) within this window returns the same school. */
const REGISTRATION_REPLAY_MS = 60 * 60 * 1000;

export function adminData(school: School): AdminData {
  return {
    school_name: school.school_name,
    principal_name: school.principal_name,
    school_email: school.school_email,
    phone_number: school.phone_number,
    school_address: school.address ?? null,
    logo_url: mediaUrl(school.logo_key),
    signature_url: mediaUrl(school.signature_key),
  };
}

export function normalizePhone(field: string, value: string): string {
  const phone = toE164(value);
  if (!phone) throw validationError({ [field]: [APP_MESSAGES.invalidPhone] });
  return phone;
}

export async function registerSchool(
  deps: ApiDeps,
  input: Record<string, string | undefined>,
  logo: UploadedFile | undefined,
  registrationKey: string | undefined,
) {
  const parsed = registerFields.safeParse(input);
  const errors: Record<string, string[]> = parsed.success ? {} : fromZod(parsed.error).errors!;
  const phone = errors.phone_number
    ? undefined
    : gatherFieldErrors(errors, () => normalizePhone("phone_number", input.phone_number!));
  const image = logo ? await gatherFieldErrorsAsync(errors, () => checkImage("logo", logo, "logo")) : undefined;
  if (!logo) errors.logo = ["Logo is required"];
  if (Object.keys(errors).length || !parsed.success || !phone || !image) throw validationError(errors);
  const fields = parsed.data;

  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const now = deps.now().toISOString();
  const key = registrationKey && /^[A-Za-z0-9_-]{16,100}$/.test(registrationKey) ? registrationKey : null;

  if (key) {
    const earlier = await replayRegistration(deps, deps.db, key, passwordHash, password);
    if (earlier) return earlier;
  }

  const email = fields.school_email.toLowerCase();
  for (let attempt = 0; attempt < 5; attempt++) {
    const uniqueId = generateUniqueId();
    const saved = await inTransaction(
      deps.db,
      async (trx): Promise<{ twin: Registration } | { school: School } | null> => {
        await holdSchoolEmail(deps, trx, email);
        // Another send of the same form saved its school since the lookup above (a double tap): answer that one.
        const twin = key ? await replayRegistration(deps, trx, key, passwordHash, password) : null;
        if (twin) return { twin };
        await refuseSchoolEmailTaken(trx, email, APP_MESSAGES.schoolEmailRegistered);
        const taken = await trx.selectFrom("schools").select("id").where("unique_id", "=", uniqueId).executeTakeFirst();
        if (taken) return null;
        const school = await trx
          .insertInto("schools")
          .values({
            unique_id: uniqueId,
            school_name: fields.school_name,
            principal_name: fields.principal_name,
            school_email: email,
            phone_number: phone,
            password_hash: passwordHash,
            registration_key: key,
            logo_key: null,
            signature_key: null,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.column("registration_key").doNothing())
          .returningAll()
          .executeTakeFirst();
        if (school) return { school };
        // The same form saved under another email by a send this lock did not hold back.
        const earlier = key ? await replayRegistration(deps, trx, key, passwordHash, password) : null;
        if (!earlier) throw new Error("A registration conflicted without an earlier school");
        return { twin: earlier };
      },
    );
    if (!saved) continue;
    if ("twin" in saved) return saved.twin;
    const { school } = saved;
    let logoKey: string;
    try {
      logoKey = await storeImage(deps, school.id, image);
      await deps.db.updateTable("schools").set({ logo_key: logoKey }).where("id", "=", school.id).execute();
    } catch (error) {
      await deps.db.deleteFrom("schools").where("id", "=", school.id).execute();
      throw error;
    }
    return { unique_id: uniqueId, password, admin_data: adminData({ ...school, logo_key: logoKey }) };
  }
  throw new Error("Could not allocate a unique school id");
}

/**
 * The school an earlier send of the same registration form created, now with this send's password (the
 * first answer may never have reached the admin); null if there is none. A form older than an hour is refused.
 */
async function replayRegistration(
  deps: ApiDeps,
  db: Db,
  key: string,
  passwordHash: string,
  password: string,
): Promise<Registration | null> {
  const earlier = await db.selectFrom("schools").selectAll().where("registration_key", "=", key).executeTakeFirst();
  if (!earlier) return null;
  if (deps.now().getTime() - Date.parse(earlier.created_at) > REGISTRATION_REPLAY_MS) {
    throw new ApiError(409, "This registration form has expired. Please reload the page and try again.");
  }
  await db
    .updateTable("schools")
    .set({ password_hash: passwordHash, updated_at: deps.now().toISOString() })
    .where("id", "=", earlier.id)
    .execute();
  return { unique_id: earlier.unique_id, password, admin_data: adminData(earlier) };
}

/**
 * Holds a school email for the rest of the transaction: two writes of one email take turns from here
 * (PostgreSQL: an advisory lock on the email; SQLite: every write transaction already does).
 */
export async function holdSchoolEmail(deps: ApiDeps, trx: Db, email: string) {
  if (deps.dialect === "postgres") {
    await sql`select pg_advisory_xact_lock(hashtext(${`school_email:${email}`}))`.execute(trx);
  }
}

/** Throws 409 with `message` on the field when a school other than `schoolId` has the email, in any case. */
export async function refuseSchoolEmailTaken(trx: Db, email: string, message: string, schoolId?: number) {
  let holders = trx
    .selectFrom("schools")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["school_email"]), "=", email));
  if (schoolId !== undefined) holders = holders.where("id", "<>", schoolId);
  if (await holders.executeTakeFirst()) throw new ApiError(409, message, { school_email: [message] });
}

/** Runs `work` in a transaction, or in the one `db` already is (the demo seed registers inside its own). */
function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** Who is signing in, as far as throttling goes: the client's address and the device token it sent, if any. */
export interface SignInClient {
  address: string;
  deviceToken: string | undefined;
  /** The browser's User-Agent, kept with the session to name its device. */
  userAgent?: string;
}

/** A device stays known for a year after its last sign-in to the account (the device cookie lives as long). */
const DEVICE_KNOWN_MS = 365 * 24 * 60 * 60 * 1000;
const DEVICE_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** When the oldest of the last `max` failures leaves the window, or null while there are fewer than `max`. */
function unlocksAt(failures: { created_at: string }[], max: number): number | null {
  return failures.length >= max ? Date.parse(failures[failures.length - max].created_at) + LOGIN_WINDOW_MS : null;
}

async function isKnownDevice(deps: ApiDeps, loginKey: string, deviceToken: string | undefined): Promise<boolean> {
  if (!deviceToken || !DEVICE_TOKEN_SHAPE.test(deviceToken)) return false;
  const since = new Date(deps.now().getTime() - DEVICE_KNOWN_MS).toISOString();
  const row = await deps.db
    .selectFrom("sign_in_devices")
    .select("id")
    .where("device_hash", "=", hashToken(deviceToken))
    .where("login_key", "=", loginKey)
    .where("last_used_at", ">", since)
    .executeTakeFirst();
  return Boolean(row);
}

/** How many attempts within LOGIN_WINDOW_MS lock a key: from one address, from every address together. */
export interface Throttle {
  perAddress: number;
  perAccount: number;
  message: string;
}

const SIGN_IN_THROTTLE: Throttle = {
  perAddress: LOGIN_MAX_FAILURES,
  perAccount: LOGIN_ACCOUNT_MAX_FAILURES,
  message: APP_MESSAGES.tooManyAttempts,
};

/**
 * Refuses a sign-in (429 with Retry-After) while the account has failed too often from this address, or too
 * often from everywhere together unless this device has signed in to it before: failures from other addresses
 * never lock the real user out of their own device, and lock out a new device only past the looser ceiling.
 * Other attempts worth counting (password reset requests) pass their own key and ceilings.
 */
export async function refuseWhileLocked(
  deps: ApiDeps,
  loginKey: string,
  client: SignInClient,
  throttle: Throttle = SIGN_IN_THROTTLE,
) {
  const since = new Date(deps.now().getTime() - LOGIN_WINDOW_MS).toISOString();
  const failures = await deps.db
    .selectFrom("login_failures")
    .select(["address", "created_at"])
    .where("login_key", "=", loginKey)
    .where("created_at", ">", since)
    .orderBy("created_at", "asc")
    .execute();
  const locks = [
    unlocksAt(
      failures.filter((f) => f.address === client.address),
      throttle.perAddress,
    ),
  ];
  const accountLock = unlocksAt(failures, throttle.perAccount);
  if (accountLock !== null && !(await isKnownDevice(deps, loginKey, client.deviceToken))) locks.push(accountLock);
  const lockedUntil = Math.max(...locks.map((at) => at ?? 0));
  if (lockedUntil > 0) {
    const retryAfter = Math.max(1, Math.ceil((lockedUntil - deps.now().getTime()) / 1000));
    throw new ApiError(429, throttle.message, undefined, { "Retry-After": String(retryAfter) });
  }
}

/** Counts one attempt against `loginKey` from the client's address (a failed sign-in, a reset request). */
export async function recordFailure(deps: ApiDeps, loginKey: string, client: SignInClient) {
  const now = deps.now();
  // Failures older than the window count for nothing: they go as the next one comes.
  await deps.db
    .deleteFrom("login_failures")
    .where("login_key", "=", loginKey)
    .where("created_at", "<=", new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString())
    .execute();
  await deps.db
    .insertInto("login_failures")
    .values({ login_key: loginKey, address: client.address, created_at: now.toISOString() })
    .execute();
}

/**
 * After a successful sign-in: this address's failures for the account are forgotten (other addresses' stay, so
 * an attacker's count is not reset by the real user), and the device is remembered for the account. A device
 * token the client sent is kept when it is one this API issued; otherwise a new one is issued.
 */
async function signedIn(deps: ApiDeps, loginKey: string, client: SignInClient): Promise<string> {
  await deps.db
    .deleteFrom("login_failures")
    .where("login_key", "=", loginKey)
    .where("address", "=", client.address)
    .execute();
  const now = deps.now().toISOString();
  const sent = client.deviceToken && DEVICE_TOKEN_SHAPE.test(client.deviceToken) ? client.deviceToken : null;
  const issued = sent
    ? await deps.db
        .selectFrom("sign_in_devices")
        .select("id")
        .where("device_hash", "=", hashToken(sent))
        .executeTakeFirst()
    : undefined;
  const deviceToken = issued && sent ? sent : generateToken();
  await deps.db
    .insertInto("sign_in_devices")
    .values({ device_hash: hashToken(deviceToken), login_key: loginKey, created_at: now, last_used_at: now })
    .onConflict((oc) => oc.columns(["device_hash", "login_key"]).doUpdateSet({ last_used_at: now }))
    .execute();
  await deps.db
    .deleteFrom("sign_in_devices")
    .where("login_key", "=", loginKey)
    .where("last_used_at", "<=", new Date(deps.now().getTime() - DEVICE_KNOWN_MS).toISOString())
    .execute();
  return deviceToken;
}

async function issueToken(
  deps: ApiDeps,
  client: SignInClient,
  schoolId: number,
  subAdminId: number | null,
  staffId: number | null = null,
) {
  await deps.db
    .deleteFrom("auth_tokens")
    .where("school_id", "=", schoolId)
    .where("expires_at", "<=", deps.now().toISOString())
    .execute();
  const token = generateToken();
  const expiresAt = new Date(deps.now().getTime() + TOKEN_TTL_MS).toISOString();
  await deps.db
    .insertInto("auth_tokens")
    .values({
      school_id: schoolId,
      sub_admin_id: subAdminId,
      staff_id: staffId,
      token_hash: hashToken(token),
      created_at: deps.now().toISOString(),
      expires_at: expiresAt,
      user_agent: client.userAgent ? client.userAgent.slice(0, 300) : null,
    })
    .execute();
  return { token, expiresAt };
}

export async function login(deps: ApiDeps, input: unknown, client: SignInClient) {
  const parsed = loginPayload.safeParse(input);
  if (!parsed.success) throw fromZod(parsed.error);
  const uniqueId = parsed.data.unique_id.trim().toUpperCase();
  const email = parsed.data.email?.trim().toLowerCase();
  if (email) return loginSubAdmin(deps, uniqueId, email, parsed.data.password, client);
  const loginKey = uniqueId;
  await refuseWhileLocked(deps, loginKey, client);

  const school = await deps.db.selectFrom("schools").selectAll().where("unique_id", "=", loginKey).executeTakeFirst();
  const valid = await verifyPassword(parsed.data.password, school?.password_hash ?? (await decoyPasswordHash()));
  if (!school || !valid) {
    await recordFailure(deps, loginKey, client);
    throw new ApiError(401, APP_MESSAGES.loginFailed);
  }

  if (needsRehash(school.password_hash))
    await deps.db
      .updateTable("schools")
      .set({ password_hash: await hashPassword(parsed.data.password) })
      .where("id", "=", school.id)
      .where("password_hash", "=", school.password_hash)
      .execute();
  const deviceToken = await signedIn(deps, loginKey, client);
  const { token, expiresAt } = await issueToken(deps, client, school.id, null);
  return {
    token,
    unique_id: school.unique_id,
    expires_at: expiresAt,
    admin_data: adminData(school),
    sub_admin: null,
    device_token: deviceToken,
  };
}

/**
 * A sub-admin's or a teacher's sign-in: the school's Unique ID, their email and password. Throttled apart from
 * the main admin's (one person's failures lock neither the school nor the others); a disabled sub-admin, or a
 * teacher whose sign-in is off, is refused like a wrong password. An email is a sub-admin's before a teacher's:
 * sign-in is not turned on for a teacher whose email a sub-admin of the school has (api/services/staff-sign-in.ts).
 */
async function loginSubAdmin(deps: ApiDeps, uniqueId: string, email: string, password: string, client: SignInClient) {
  const loginKey = `${uniqueId}:${email}`;
  await refuseWhileLocked(deps, loginKey, client);
  const row = await deps.db
    .selectFrom("sub_admins")
    .innerJoin("schools", "schools.id", "sub_admins.school_id")
    .select([
      "sub_admins.id",
      "sub_admins.name",
      "sub_admins.password_hash",
      "sub_admins.features",
      "sub_admins.disabled",
      "schools.id as school_id",
    ])
    .where("schools.unique_id", "=", uniqueId)
    .where("sub_admins.email", "=", email)
    .executeTakeFirst();
  const teacher = row
    ? undefined
    : await deps.db
        .selectFrom("staff")
        .innerJoin("schools", "schools.id", "staff.school_id")
        .select(["staff.id", "staff.name", "staff.password_hash", "schools.id as school_id"])
        .where("schools.unique_id", "=", uniqueId)
        .where("staff.email", "=", email)
        .where("staff.password_hash", "is not", null)
        .where("staff.is_teaching_staff", "=", 1)
        .executeTakeFirst();
  const hash = row?.password_hash ?? teacher?.password_hash ?? (await decoyPasswordHash());
  const valid = await verifyPassword(password, hash);
  if (!(row || teacher) || !valid || row?.disabled) {
    await recordFailure(deps, loginKey, client);
    throw new ApiError(401, APP_MESSAGES.loginFailed);
  }
  if (needsRehash(hash)) {
    const rehashed = await hashPassword(password);
    if (row)
      await deps.db
        .updateTable("sub_admins")
        .set({ password_hash: rehashed })
        .where("id", "=", row.id)
        .where("password_hash", "=", hash)
        .execute();
    else
      await deps.db
        .updateTable("staff")
        .set({ password_hash: rehashed })
        .where("id", "=", teacher!.id)
        .where("password_hash", "=", hash)
        .execute();
  }
  const deviceToken = await signedIn(deps, loginKey, client);
  const school = await deps.db
    .selectFrom("schools")
    .selectAll()
    .where("id", "=", (row ?? teacher)!.school_id)
    .executeTakeFirstOrThrow();
  const { token, expiresAt } = await issueToken(deps, client, school.id, row?.id ?? null, teacher?.id ?? null);
  return {
    token,
    unique_id: school.unique_id,
    expires_at: expiresAt,
    admin_data: adminData(school),
    sub_admin: row ? { id: row.id, name: row.name, features: parseFeatures(row.features) } : null,
    staff: teacher ? { id: teacher.id, name: teacher.name } : null,
    device_token: deviceToken,
  };
}

/** The token's school, sub-admin or teacher, and its last use: built once (`prepared`), as every API call runs it. */
const tokenHolder = prepared((db, values: { tokenHash: string; now: string }) =>
  db
    .selectFrom("auth_tokens")
    .innerJoin("schools", "schools.id", "auth_tokens.school_id")
    .leftJoin("sub_admins", "sub_admins.id", "auth_tokens.sub_admin_id")
    .leftJoin("staff", "staff.id", "auth_tokens.staff_id")
    .leftJoin("session_activity", "session_activity.token_id", "auth_tokens.id")
    .select([
      "schools.id as schoolId",
      "schools.unique_id as uniqueId",
      "auth_tokens.sub_admin_id",
      "sub_admins.name as subAdminName",
      "sub_admins.features",
      "sub_admins.disabled",
      "auth_tokens.staff_id",
      "staff.name as staffName",
      "staff.form_teacher",
      "staff.password_hash as staffPassword",
      "staff.is_teaching_staff",
      "auth_tokens.id as tokenId",
      "session_activity.last_seen_at",
    ])
    .where("auth_tokens.token_hash", "=", values.tokenHash)
    .where("auth_tokens.expires_at", ">", values.now),
);

export async function authenticate(deps: ApiDeps, token: string): Promise<Tenant | null> {
  const [row] = await tokenHolder(deps.db, { tokenHash: hashToken(token), now: deps.now().toISOString() });
  if (!row) return null;
  await markSeen(deps, row.tokenId, row.last_seen_at);
  if (row.staff_id !== null) {
    // Read at every request: sign-in turned off, or the member no longer teaching, holds from the next call.
    if (row.staffName === null || row.staffPassword === null || row.is_teaching_staff !== 1) return null;
    return {
      schoolId: row.schoolId,
      uniqueId: row.uniqueId,
      staff: { id: row.staff_id, name: row.staffName, formClass: row.form_teacher },
    };
  }
  if (row.sub_admin_id === null) return { schoolId: row.schoolId, uniqueId: row.uniqueId };
  // Read at every request: disabling a sub-admin or taking a key away holds from their next call.
  if (row.disabled !== 0 || row.features === null || row.subAdminName === null) return null;
  return {
    schoolId: row.schoolId,
    uniqueId: row.uniqueId,
    subAdmin: { id: row.sub_admin_id, name: row.subAdminName, features: new Set(parseFeatures(row.features)) },
  };
}

/** A session's last use is written at most once a minute: a page of several calls writes it once. */
const SEEN_EVERY_MS = 60 * 1000;

async function markSeen(deps: ApiDeps, tokenId: number, lastSeen: string | null) {
  const now = deps.now();
  if (lastSeen && now.getTime() - Date.parse(lastSeen) < SEEN_EVERY_MS) return;
  await deps.db
    .insertInto("session_activity")
    .values({ token_id: tokenId, last_seen_at: now.toISOString() })
    .onConflict((oc) => oc.column("token_id").doUpdateSet({ last_seen_at: now.toISOString() }))
    .execute();
}

export async function logout(deps: ApiDeps, token: string): Promise<void> {
  await deps.db.deleteFrom("auth_tokens").where("token_hash", "=", hashToken(token)).execute();
}

export async function changePassword(
  deps: ApiDeps,
  tenant: Tenant,
  input: ChangePasswordPayload,
  currentToken: string,
) {
  const subAdminId = tenant.subAdmin?.id;
  const staffId = tenant.staff?.id;
  const stored = staffId
    ? { password_hash: await staffPasswordHash(deps, tenant, staffId) }
    : subAdminId
      ? await deps.db
          .selectFrom("sub_admins")
          .select("password_hash")
          .where("id", "=", subAdminId)
          .where("school_id", "=", tenant.schoolId)
          .executeTakeFirstOrThrow()
      : await deps.db
          .selectFrom("schools")
          .select("password_hash")
          .where("id", "=", tenant.schoolId)
          .executeTakeFirstOrThrow();
  if (!(await verifyPassword(input.current_password, stored.password_hash))) {
    throw validationError({ current_password: [APP_MESSAGES.wrongCurrentPassword] });
  }
  const update = { password_hash: await hashPassword(input.new_password), updated_at: deps.now().toISOString() };
  if (staffId) {
    await deps.db
      .updateTable("staff")
      .set(update)
      .where("id", "=", staffId)
      .where("school_id", "=", tenant.schoolId)
      .execute();
  } else if (subAdminId) {
    await deps.db
      .updateTable("sub_admins")
      .set(update)
      .where("id", "=", subAdminId)
      .where("school_id", "=", tenant.schoolId)
      .execute();
  } else {
    await deps.db.updateTable("schools").set(update).where("id", "=", tenant.schoolId).execute();
  }
  // Every other device of the same person is signed out; this one stays. A sub-admin's change leaves the
  // main admin and the other sub-admins signed in, and the school's change leaves the sub-admins.
  await deps.db
    .deleteFrom("auth_tokens")
    .where("school_id", "=", tenant.schoolId)
    .where((eb) =>
      staffId
        ? eb("staff_id", "=", staffId)
        : subAdminId
          ? eb("sub_admin_id", "=", subAdminId)
          : eb.and([eb("sub_admin_id", "is", null), eb("staff_id", "is", null)]),
    )
    .where("token_hash", "!=", hashToken(currentToken))
    .execute();
}

async function staffPasswordHash(deps: ApiDeps, tenant: Tenant, staffId: number): Promise<string> {
  const row = await deps.db
    .selectFrom("staff")
    .select("password_hash")
    .where("id", "=", staffId)
    .where("school_id", "=", tenant.schoolId)
    .executeTakeFirstOrThrow();
  return row.password_hash ?? "";
}

/** The stored comma-separated keys, keeping only keys that still exist. */
export function parseFeatures(stored: string): FeatureKey[] {
  return stored.split(",").filter(isFeatureKey);
}
