/**
 * Where uploaded bytes live (media and the file manager alike): the local disk by default, an
 * S3-compatible bucket when configured. Keys are random hex made by the API, never a user's text,
 * so no key can name a path or object outside the store.
 */
export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  size: number;
}

export interface FileStorage {
  /** Stores small bytes already in memory (images). */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** Stores a file from disk (a streamed upload's temporary file) without reading it into memory. */
  putFile(key: string, sourcePath: string, size: number): Promise<void>;
  /** The whole object, for small ones; null when there is none. */
  get(key: string): Promise<Uint8Array<ArrayBuffer> | null>;
  /** The object as a stream, for downloads; null when there is none. */
  open(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing one that is not there is not an error. */
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-f0-9]{32}$/;

export function isStorageKey(key: string): boolean {
  return SAFE_KEY.test(key);
}

export function assertStorageKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error("Invalid storage key");
}
