import "server-only";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  paginateListObjectsV2,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { UPLOAD_KEY_PATTERN, type StorageDriver } from "./storage-driver";

export interface S3Config {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

function isNotFound(error: unknown) {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NotFound" || e?.name === "NoSuchKey" || e?.$metadata?.httpStatusCode === 404;
}

/** Any S3-compatible store; uploads are presigned single PUTs. */
export function createS3Driver(config: S3Config): StorageDriver {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });
  const Bucket = config.bucket;

  return {
    kind: "s3",
    createUploadUrl: (key, expiresIn) =>
      getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key }), { expiresIn }),
    keyFromUploadUrl(url) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return null;
      }
      const path = decodeURIComponent(parsed.pathname).replace(/^\//, "");
      // Path style (/bucket/key) or virtual-hosted style (bucket.host/key).
      const key = path.startsWith(`${Bucket}/`)
        ? path.slice(Bucket.length + 1)
        : parsed.hostname.startsWith(`${Bucket}.`)
          ? path
          : null;
      if (!key || !UPLOAD_KEY_PATTERN.test(key)) return null;
      if (
        config.endpoint &&
        new URL(config.endpoint).host !== parsed.host &&
        !parsed.host.endsWith(new URL(config.endpoint).host)
      )
        return null;
      return key;
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async readHead(key, count) {
      const object = await client.send(
        new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${count - 1}` }),
      );
      const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
      return bytes.slice(0, count);
    },
    async open(key) {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      if (!object.Body) throw new Error(`Empty body for ${key}`);
      return object.Body.transformToWebStream();
    },
    async openRange(key, start, end) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: `bytes=${start}-${end}` }),
        );
        return object.Body?.transformToWebStream() ?? null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async putFile(key, filePath, contentType) {
      const { size } = await stat(filePath);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: createReadStream(filePath),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async *listKeys(prefix) {
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
        }
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
