import "server-only";
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { MEDIA_LIMITS } from "@/config/media";
import { DomainError, forbidden, invalidInput, notFound, tooLarge } from "@/lib/errors/domain-error";
import { getLocalStorage } from "./get-storage";
import { partSubject } from "./local-multipart";
import { isValidUploadSignature } from "./upload-signature";

/** No part is larger than the largest clip. */
const MAX_PART_BYTES = Math.max(...Object.values(MEDIA_LIMITS).map((l) => l.maxBytes));

const partTooLarge = () => tooLarge({ code: "media_too_large", message: "This file is too large" });

/**
 * The local store's UploadPart: checks the URL's signature and expiry, writes the body beside the
 * upload's other parts and answers its ETag (the MD5 of its bytes, as S3 does). A part sent again
 * replaces the earlier one.
 */
export async function receiveLocalPart(input: {
  key: string;
  uploadId: string;
  partNumber: number;
  expires: number;
  signature: string;
  contentLength: number | null;
  body: ReadableStream<Uint8Array> | null;
}): Promise<{ etag: string }> {
  const storage = getLocalStorage();
  if (!storage) throw notFound();
  const subject = partSubject(input.key, input.uploadId, input.partNumber);
  if (!isValidUploadSignature(subject, input.expires, input.signature))
    throw forbidden({ code: "upload_expired", message: "Request has expired" });
  const folder = await storage.partFolder(input.key, input.uploadId);
  if (input.contentLength !== null && input.contentLength > MAX_PART_BYTES) throw partTooLarge();
  if (!input.body) throw invalidInput("Empty part");

  const name = String(input.partNumber);
  // Written aside and renamed: a retried part never leaves a half-written one in place.
  const temporary = path.join(folder, `${name}.${crypto.randomUUID()}.tmp`);
  const md5 = createHash("md5");
  let received = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      md5.update(chunk);
      if (received > MAX_PART_BYTES) callback(partTooLarge());
      else callback(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(input.body as import("node:stream/web").ReadableStream),
      measure,
      createWriteStream(temporary),
    );
    const etag = md5.digest("hex");
    await rm(path.join(folder, `${name}.etag`), { force: true });
    await rename(temporary, path.join(folder, name));
    await writeFile(path.join(folder, `${name}.etag`), etag);
    return { etag };
  } catch (error) {
    await rm(temporary, { force: true });
    throw error instanceof DomainError ? error : invalidInput("Upload failed");
  }
}
