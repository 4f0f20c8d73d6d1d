/**
 * `npm run seed:demo`: adds a demo school (scripts/lib/demo-school.ts) to the database the server uses
 * (DATA_DIR / DATABASE_URL), after bringing it up to date, and prints its Unique ID and password.
 */
import { openAndMigrate } from "../api/db";
import { configuredStorage } from "../api/storage/configured";
import { ConfigError, loadConfig } from "../config/env";
import { seedDemoSchool } from "./lib/demo-school";

async function main() {
  const config = loadConfig();
  const handle = await openAndMigrate(config.databaseUrl);
  try {
    const demo = await seedDemoSchool({
      db: handle.db,
      dialect: handle.dialect,
      storage: configuredStorage(config.storage),
      now: () => new Date(),
      publicUrl: config.publicUrl,
    });
    console.log(`Demo school "${demo.school_name}" created in ${handle.dialect === "sqlite" ? config.databaseUrl : "PostgreSQL"}:
  ${demo.students} students (JSS1–SS3), ${demo.parents} parents, ${demo.teaching_staff} teaching and ${demo.non_teaching_staff} non-teaching staff,
  inventory (Uniforms, Books, PE Kits) with ${demo.sales} sales to students

  Unique ID: ${demo.unique_id}
  Password:  ${demo.password}

Sign in at http://localhost:${config.port}/ (the password is not shown again).`);
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(
    error instanceof ConfigError
      ? error.message
      : `Seeding failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
