/**
 * The backup archive's format: a gzipped POSIX (ustar) tar of regular files, so that an administrator
 * can list or unpack it with the `tar` of any system. Written and read as streams: a database of
 * hundreds of megabytes never sits in memory.
 */
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { TAR_BLOCK as BLOCK, tarHeader as header } from "../../server-lib/tar";

/** Writes a .tar.gz; `add` takes files one at a time, in the order given. */
export class TarWriter {
  private readonly gzip = zlib.createGzip({ level: 6 });
  private readonly done: Promise<void>;

  constructor(file: string) {
    this.done = pipeline(this.gzip, fs.createWriteStream(file, { mode: 0o600 }));
  }

  private async write(chunk: Buffer): Promise<void> {
    if (!this.gzip.write(chunk)) await once(this.gzip, "drain");
  }

  /** Adds the file at `source` under the archive path `name` (forward slashes). */
  async add(name: string, source: string): Promise<number> {
    const stat = await fs.promises.stat(source);
    await this.write(header(name, stat.size, stat.mtime));
    let written = 0;
    for await (const chunk of fs.createReadStream(source)) {
      const bytes = chunk as Buffer;
      // A file that grows while it is read is cut at the size the header announced.
      const part = bytes.subarray(0, Math.max(0, stat.size - written));
      if (part.length) await this.write(part);
      written += part.length;
      if (written >= stat.size) break;
    }
    if (written < stat.size) throw new Error(`${source} shrank while it was archived`);
    const padding = (BLOCK - (stat.size % BLOCK)) % BLOCK;
    if (padding) await this.write(Buffer.alloc(padding));
    return stat.size;
  }

  async close(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    this.gzip.end();
    await this.done;
  }
}

/** An archive path that stays inside the folder it is unpacked into. */
export function safeArchivePath(name: string): boolean {
  return (
    name.length > 0 &&
    !name.startsWith("/") &&
    !name.includes("\\") &&
    name.split("/").every((part) => part !== ".." && part !== "" && part !== ".")
  );
}

/**
 * Unpacks the regular files of a .tar.gz into `into`, refusing any path that would leave it; returns
 * the archive paths in order. Other entry types (links, devices) are refused: a backup has none.
 */
export async function extractTar(file: string, into: string): Promise<string[]> {
  const names: string[] = [];
  let pending: Buffer = Buffer.alloc(0);
  let current: { out: fs.WriteStream; left: number; padding: number } | null = null;
  let skipPadding = 0;
  let ended = false;

  const finishFile = async () => {
    const out = current!.out;
    skipPadding = current!.padding;
    current = null;
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  };

  for await (const chunk of fs.createReadStream(file).pipe(zlib.createGunzip())) {
    pending = pending.length ? Buffer.concat([pending, chunk as Buffer]) : (chunk as Buffer);
    for (;;) {
      if (ended) break;
      if (current) {
        if (!pending.length) break;
        const take = Math.min(current.left, pending.length);
        if (!current.out.write(pending.subarray(0, take))) await once(current.out, "drain");
        current.left -= take;
        pending = pending.subarray(take);
        if (current.left === 0) await finishFile();
        continue;
      }
      if (skipPadding) {
        const take = Math.min(skipPadding, pending.length);
        skipPadding -= take;
        pending = pending.subarray(take);
        if (skipPadding) break;
      }
      if (pending.length < BLOCK) break;
      const block = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (block.every((byte) => byte === 0)) {
        ended = true;
        break;
      }
      const text = (start: number, length: number) =>
        block
          .subarray(start, start + length)
          .toString("utf8")
          .replace(/\0.*$/s, "");
      const prefix = text(345, 155);
      const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
      const size = parseInt(text(124, 12).trim() || "0", 8);
      const type = text(156, 1) || "0";
      if (type !== "0" || !safeArchivePath(name) || !Number.isFinite(size))
        throw new Error(`the archive holds an entry that a backup never has: ${JSON.stringify(name)}`);
      const target = path.join(into, ...name.split("/"));
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      names.push(name);
      current = {
        out: fs.createWriteStream(target, { mode: 0o600 }),
        left: size,
        padding: (BLOCK - (size % BLOCK)) % BLOCK,
      };
      if (size === 0) await finishFile();
    }
  }
  if (current) {
    // The file being written when the archive ran out is closed before the refusal, so that nothing of it is still
    // opening or writing when the caller removes the folder.
    const { out } = current;
    await new Promise<void>((resolve) => {
      out.once("close", () => resolve());
      out.destroy();
    });
  }
  if (current || !ended) throw new Error("the archive is cut short");
  return names;
}

/** Every regular file under `dir`, as paths relative to it with forward slashes, sorted. */
export async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (relative: string) => {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(path.join(dir, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) found.push(child);
    }
  };
  await walk("");
  return found.sort();
}
