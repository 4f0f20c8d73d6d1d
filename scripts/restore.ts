/**
 * `npm run restore FILE`: brings back a backup written by `npm run backup` into the server's DATA_DIR /
 * DATABASE_URL: its uploaded files, then its database. It may run while the server runs; everything
 * written since the backup is replaced by the backup's state.
 */
import { ConfigError, loadConfig } from "../config/env";
import { restore } from "./lib/backup";

async function main() {
  const file = process.argv[2];
  if (!file) throw new Error("name the backup file: npm run restore -- FILE");
  const config = loadConfig();
  const manifest = await restore(config, file, (line) => console.log(line));
  console.log(`Restored the backup of ${manifest.created_at}.`);
}

main().catch((error) => {
  console.error(
    error instanceof ConfigError
      ? error.message
      : `Restore failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
