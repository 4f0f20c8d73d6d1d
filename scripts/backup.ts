/**
 * `npm run backup [FILE]`: writes a consistent copy of the SQLite database and the uploaded files of the
 * server's DATA_DIR / DATABASE_URL into one .tar.gz (default DATA_DIR/backups/school-backup-<time>.tar.gz),
 * while the server keeps running. Copy the file off the machine afterwards.
 */
import { ConfigError, loadConfig } from "../config/env";
import { backup, defaultBackupFile } from "./lib/backup";

async function main() {
  const config = loadConfig();
  const out = process.argv[2] ?? defaultBackupFile(config);
  const manifest = await backup(config, out, (line) => console.log(line));
  console.log(
    `Backup written: ${out} (${manifest.files} files, ${Math.round(manifest.bytes / 1024)} KB before compression)`,
  );
}

main().catch((error) => {
  console.error(
    error instanceof ConfigError
      ? error.message
      : `Backup failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
