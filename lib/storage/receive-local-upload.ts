import "server-only";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { and, eq } from "drizzle-orm";
import { storedObjects } from "@/db/schema";
import { DomainError, forbidden, notFound } from "@/lib/errors/domain-error";
import { db } from "@/lib/db";
import { AVATAR_MAX_BYTES } from "@/config/uploads";
import { getLocalStorage } from "./get-storage";
import { isValidUploadSignature } from "./upload-signature";

const tooLarge = () =>
  new DomainError("too_large", { code: "file_too_large", message: "File is larger than 5 MB" });

/**
 * The local driver's upload target: checks the app's own signature and expiry, then
 * streams the body to disk, refusing (and deleting) anything over the avatar limit.
 */
export async function receiveLocalUpload(input: {
  key: string;
  expires: number;
  signature: string;
  contentLength: number | null;
  body: ReadableStream<Uint8Array> | null;
}) {
  const storage = getLocalStorage();
  if (!storage) throw notFound();
  if (!isValidUploadSignature(input.key, input.expires, input.signature))
    throw forbidden({ code: "upload_expired", message: "Request has expired" });
  const [row] = await db
    .select()
    .from(storedObjects)
    .where(and(eq(storedObjects.key, input.key), eq(storedObjects.status, "pending")));
  if (!row) throw notFound();
  if (input.contentLength !== null && input.contentLength > AVATAR_MAX_BYTES) throw tooLarge();
  if (!input.body) throw new DomainError("invalid", "Empty upload");

  const file = storage.pathOf(input.key);
  await mkdir(path.dirname(file), { recursive: true });
  let received = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > AVATAR_MAX_BYTES) callback(tooLarge());
      else callback(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(input.body as import("node:stream/web").ReadableStream),
      cap,
      createWriteStream(file),
    );
  } catch (error) {
    await rm(file, { force: true });
    throw error instanceof DomainError ? error : new DomainError("invalid", "Upload failed");
  }
}
