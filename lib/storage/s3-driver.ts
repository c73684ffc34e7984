import "server-only";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  paginateListObjectsV2,
  paginateListParts,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { UPLOAD_KEY_PATTERN, bareETag, type StorageDriver } from "./storage-driver";
import { buildPostPolicyFields } from "./s3-post-policy";
import { uploadIncomplete, uploadNotFound } from "./upload-errors";

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

/** Errors S3 answers CompleteMultipartUpload with when the parts named do not make the object. */
const INCOMPLETE_ERRORS = new Set(["InvalidPart", "InvalidPartOrder", "EntityTooSmall", "MalformedXML"]);

/** The bucket's URL, which a POST policy form is sent to. */
function bucketUrl(config: S3Config) {
  if (!config.endpoint) return `https://${config.bucket}.s3.${config.region}.amazonaws.com/`;
  const endpoint = new URL(config.endpoint);
  if (config.forcePathStyle)
    return `${endpoint.origin}${endpoint.pathname.replace(/\/$/, "")}/${config.bucket}`;
  return `${endpoint.protocol}//${config.bucket}.${endpoint.host}/`;
}

/** Any S3-compatible store; browser uploads are presigned (a POST policy, or parts of a multipart upload). */
export function createS3Driver(config: S3Config): StorageDriver {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // The SDK's default CRC32 on every upload sends a file stream aws-chunked with a trailer,
    // which S3-compatible stores without that encoding store as is (s3rver kept the chunk frames).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
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
    async createPostUpload(key, { contentType, maxBytes, expiresInSeconds }) {
      const credentials = await client.config.credentials();
      return {
        url: bucketUrl(config),
        fields: buildPostPolicyFields({
          bucket: Bucket,
          key,
          contentType,
          maxBytes,
          region: config.region,
          credentials,
          expiresInSeconds,
        }),
      };
    },
    async createMultipart(key, contentType) {
      const created = await client.send(
        new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }),
      );
      if (!created.UploadId) throw new Error(`No UploadId for ${key}`);
      return created.UploadId;
    },
    async listParts(key, uploadId) {
      const parts = [];
      try {
        for await (const page of paginateListParts({ client }, { Bucket, Key: key, UploadId: uploadId })) {
          for (const part of page.Parts ?? []) {
            if (part.PartNumber && part.ETag)
              parts.push({ partNumber: part.PartNumber, etag: bareETag(part.ETag), size: part.Size ?? 0 });
          }
        }
      } catch (error) {
        if ((error as { name?: string })?.name === "NoSuchUpload") throw uploadNotFound();
        throw error;
      }
      return parts;
    },
    signPartUrl: (key, uploadId, partNumber, expiresIn) =>
      getSignedUrl(
        client,
        new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber: partNumber }),
        {
          expiresIn,
        },
      ),
    async completeMultipart(key, uploadId, parts) {
      if (parts.length === 0) throw uploadIncomplete("no parts");
      try {
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key: key,
            UploadId: uploadId,
            MultipartUpload: {
              Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: `"${bareETag(p.etag)}"` })),
            },
          }),
        );
      } catch (error) {
        const name = (error as { name?: string })?.name ?? "";
        if (name === "NoSuchUpload") throw uploadNotFound();
        if (INCOMPLETE_ERRORS.has(name)) throw uploadIncomplete(name);
        throw error;
      }
    },
    async abortMultipart(key, uploadId) {
      try {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }));
      } catch (error) {
        if ((error as { name?: string })?.name === "NoSuchUpload") return;
        throw error;
      }
    },
  };
}
