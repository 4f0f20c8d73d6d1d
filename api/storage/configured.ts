import type { StorageConfig } from "../../config/env";
import { localStorage } from "./local";
import { s3Storage } from "./s3";
import type { FileStorage } from "./storage";

/** The storage the configuration names: the local disk by default, an S3-compatible bucket when S3_BUCKET is set. */
export function configuredStorage(config: StorageConfig): FileStorage {
  return config.kind === "s3" ? s3Storage(config) : localStorage(config.root);
}
