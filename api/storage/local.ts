import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { assertStorageKey, type FileStorage } from "./storage";

/**
 * Bytes on local disk under one folder (DATA_DIR/uploads), as `<first two hex digits>/<key>`. Every
 * write goes to a temporary name first and is renamed into place, so a reader never sees half a file.
 */
export function localStorage(root: string): FileStorage {
  const where = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key.slice(0, 2), key);
  };
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";
  async function place(key: string, write: (temp: string) => Promise<void>) {
    const file = where(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    try {
      await write(temp);
      await fsp.rename(temp, file);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
  }
  return {
    put: (key, bytes) => place(key, (temp) => fsp.writeFile(temp, bytes)),
    putFile: (key, sourcePath) => place(key, (temp) => fsp.copyFile(sourcePath, temp)),
    async get(key) {
      try {
        return new Uint8Array(await fsp.readFile(where(key)));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async open(key) {
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(where(key), "r");
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
      const { size } = await handle.stat();
      return { body: Readable.toWeb(handle.createReadStream()) as unknown as ReadableStream<Uint8Array>, size };
    },
    async remove(key) {
      await fsp.rm(where(key), { force: true });
    },
  };
}
