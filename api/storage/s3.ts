import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import fs from "node:fs";
import { assertStorageKey, type FileStorage } from "./storage";

export interface S3Options {
  bucket: string;
  /** An S3-compatible server (MinIO, Ceph, R2, Spaces…); unset means Amazon S3 itself. */
  endpoint: string | null;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
}

/**
 * Bytes in an S3-compatible bucket, one object per key, so several app servers share the same files.
 * A custom endpoint is addressed by path (`endpoint/bucket/key`), which every S3-compatible server
 * understands; checksums are sent and checked only where the protocol requires them, since the newer
 * default ones are not implemented by many of those servers.
 */
export function s3Storage(options: S3Options): FileStorage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = options.bucket;
  const object = (key: string) => {
    assertStorageKey(key);
    return { Bucket, Key: key };
  };
  const isMissing = (error: unknown) =>
    error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404);
  async function fetchObject(key: string) {
    try {
      return await client.send(new GetObjectCommand(object(key)));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }
  return {
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ ...object(key), Body: bytes, ContentLength: bytes.byteLength }));
    },
    async putFile(key, sourcePath, size) {
      await client.send(
        new PutObjectCommand({ ...object(key), Body: fs.createReadStream(sourcePath), ContentLength: size }),
      );
    },
    async get(key) {
      const found = await fetchObject(key);
      return found?.Body ? new Uint8Array(await found.Body.transformToByteArray()) : null;
    },
    async open(key) {
      const found = await fetchObject(key);
      if (!found?.Body) return null;
      return {
        body: found.Body.transformToWebStream() as ReadableStream<Uint8Array>,
        size: Number(found.ContentLength ?? 0),
      };
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand(object(key)));
    },
  };
}
