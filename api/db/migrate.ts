import { Migrator, sql, type MigrationProvider, type MigrationResultSet } from "kysely";
import { foundation } from "./migrations/0001_foundation";
import { schoolSettings } from "./migrations/0002_school_settings";
import { students } from "./migrations/0003_students";
import { timetables } from "./migrations/0004_timetables";
import { studentsSearch } from "./migrations/0005_students_search";
import { inventory } from "./migrations/0008_inventory";
import { files } from "./migrations/0009_files";
import { people } from "./migrations/0006_people";
import { admissions } from "./migrations/0010_admissions";
import { fees } from "./migrations/0011_fees";
import { imports } from "./migrations/0013_imports";
import { subAdmins } from "./migrations/0012_sub_admins";
import { calendar } from "./migrations/0014_calendar";
import { classHistory } from "./migrations/0015_class_history";
import { teaching } from "./migrations/0016_teaching";
import { publicLinks } from "./migrations/0017_public_links";
import { sortNames } from "./migrations/0018_sort_names";
import { withdrawnFromSale } from "./migrations/0019_withdrawn_from_sale";
import { results } from "./migrations/0020_results";
import { importMappings } from "./migrations/0021_import_mappings";
import { signInDevices } from "./migrations/0022_sign_in_devices";
import { reportExtras } from "./migrations/0023_report_extras";
import { promotions } from "./migrations/0024_promotions";
import { onlinePayments } from "./migrations/0025_online_payments";
import { staffArea } from "./migrations/0026_staff_area";
import { feeCredits } from "./migrations/0027_fee_credits";
import { termRollovers } from "./migrations/0028_term_rollovers";
import { passwordRecovery } from "./migrations/0030_password_recovery";
import { messages } from "./migrations/0033_messages";
import { cbt } from "./migrations/0034_cbt";
import { notesAssignments } from "./migrations/0031_notes_assignments";
import { notifications } from "./migrations/0032_notifications";
import { resultVersions } from "./migrations/0036_result_versions";
import { schoolAddress } from "./migrations/0037_school_address";
import { applicantDecisions } from "./migrations/0038_applicant_decisions";
import { cbtApplicants } from "./migrations/0039_cbt_applicants";
import type { Db, Dialect, DialectMigration } from "./types";

/**
 * Migrations live in code (not read from a folder) so that the bundled server carries them.
 * Each one receives the dialect for the few column types that differ.
 */
const migrations: Record<string, DialectMigration> = {
  "0001_foundation": foundation,
  "0002_school_settings": schoolSettings,
  "0003_students": students,
  "0004_timetables": timetables,
  "0005_students_search": studentsSearch,
  "0008_inventory": inventory,
  "0009_files": files,
  "0006_people": people,
  "0010_admissions": admissions,
  "0011_fees": fees,
  "0013_imports": imports,
  "0012_sub_admins": subAdmins,
  "0014_calendar": calendar,
  "0015_class_history": classHistory,
  "0016_teaching": teaching,
  "0017_public_links": publicLinks,
  "0018_sort_names": sortNames,
  "0019_withdrawn_from_sale": withdrawnFromSale,
  "0020_results": results,
  "0021_import_mappings": importMappings,
  "0022_sign_in_devices": signInDevices,
  "0023_report_extras": reportExtras,
  "0024_promotions": promotions,
  "0025_online_payments": onlinePayments,
  "0026_staff_area": staffArea,
  "0027_fee_credits": feeCredits,
  "0028_term_rollovers": termRollovers,
  "0030_password_recovery": passwordRecovery,
  "0033_messages": messages,
  "0034_cbt": cbt,
  "0031_notes_assignments": notesAssignments,
  "0032_notifications": notifications,
  "0036_result_versions": resultVersions,
  "0037_school_address": schoolAddress,
  "0038_applicant_decisions": applicantDecisions,
  "0039_cbt_applicants": cbtApplicants,
};

export function migrateToLatest(db: Db, dialect: Dialect): Promise<void> {
  return migrate(db, dialect, (migrator) => migrator.migrateToLatest());
}

/** Runs the migrations up to `name` and no further: a database as an older version left it (the upgrade tests). */
export function migrateTo(db: Db, dialect: Dialect, name: keyof typeof migrations & string): Promise<void> {
  return migrate(db, dialect, (migrator) => migrator.migrateTo(name));
}

async function migrate(db: Db, dialect: Dialect, run: (migrator: Migrator) => Promise<MigrationResultSet>) {
  const provider: MigrationProvider = {
    async getMigrations() {
      return Object.fromEntries(Object.entries(migrations).map(([name, make]) => [name, make(dialect)]));
    },
  };
  // PostgreSQL: Kysely looks for its bookkeeping tables in every schema, so a database holding several
  // schemas (tests run one per file) would find another schema's; pin them to the one in use.
  const migrationTableSchema =
    dialect === "postgres"
      ? (await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : null;
  // Migrations are numbered per feature and may land out of order (0004 before 0002) on a database
  // that already ran the later ones; each is independent, so run whichever are missing.
  const { error, results } = await run(
    new Migrator({
      db,
      provider,
      allowUnorderedMigrations: true,
      ...(migrationTableSchema ? { migrationTableSchema } : {}),
    }),
  );
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ""}: ${String(error)}`);
  }
}
