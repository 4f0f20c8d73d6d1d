/**
 * `npm run reset-password -- <unique id> [email]`: for a server without email (SMTP_URL unset), sets a new
 * generated password on the database the server uses (DATA_DIR / DATABASE_URL) and prints it once. Without an
 * email, the school's main admin; with one, the sub-admin or teacher who signs in with it. Every session of that
 * account ends; the server may keep running.
 */
import { openAndMigrate } from "../api/db";
import { resetByOperator } from "../api/services/password-reset";
import { ConfigError, loadConfig } from "../config/env";

const WHO = { main: "the main admin", "sub-admin": "sub-admin", teacher: "teacher" } as const;

async function main() {
  const [uniqueId, email] = process.argv.slice(2);
  if (!uniqueId || uniqueId.startsWith("-")) {
    console.error("Usage: npm run reset-password -- <unique id> [email]");
    process.exit(2);
  }
  const config = loadConfig();
  const handle = await openAndMigrate(config.databaseUrl);
  try {
    const reset = await resetByOperator({ db: handle.db, now: () => new Date() }, uniqueId, email);
    if (!reset) {
      console.error(
        email
          ? `No account of school ${uniqueId} signs in with ${email} (a teacher's sign-in must be on).`
          : `No school has the Unique ID ${uniqueId}.`,
      );
      process.exitCode = 1;
      return;
    }
    const who = reset.account === "main" ? WHO.main : `${WHO[reset.account]} ${reset.name}`;
    console.log(`New password for ${who} of ${reset.schoolName} (${uniqueId.trim().toUpperCase()}):

  ${reset.password}

Every session of the account has ended. Give the password to its owner; it is not shown again.`);
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(
    error instanceof ConfigError
      ? error.message
      : `Reset failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
