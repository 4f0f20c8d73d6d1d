import fs from "node:fs/promises";
import path from "node:path";

/** Uploaded bytes on local disk under one folder; keys are random hex, so no path can escape it. */
export interface FileStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array<ArrayBuffer> | null>;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-f0-9]{32}$/;

export function localStorage(root: string): FileStorage {
  const where = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error("Invalid storage key");
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(key, bytes) {
      const file = where(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, file);
    },
    async get(key) {
      try {
        return new Uint8Array(await fs.readFile(where(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(where(key), { force: true });
    },
  };
}
