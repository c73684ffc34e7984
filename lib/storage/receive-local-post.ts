import "server-only";
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DomainError, forbidden, invalidInput, notFound, tooLarge } from "@/lib/errors/domain-error";
import { getLocalStorage } from "./get-storage";
import { postSubject } from "./local-driver";
import { isValidUploadSignature } from "./upload-signature";

/** Room for the form's fields and boundaries around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const fileTooLarge = () => tooLarge({ code: "media_too_large", message: "This file is too large" });

/**
 * The local store's answer to an S3 POST policy upload: the signed fields (key, largest size,
 * expiry) are checked, then the `file` part is stored under the key. Nothing is stored for a
 * file of 0 bytes or over the signed size.
 */
export async function receiveLocalPost(request: Request): Promise<void> {
  const storage = getLocalStorage();
  if (!storage) throw notFound();
  const length = Number(request.headers.get("content-length") ?? Number.NaN);
  // The form is read into memory (a development store): its size is known before reading.
  if (!Number.isFinite(length)) throw invalidInput("Content-Length is required");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw invalidInput("Bucket POST must be of the enclosure-type multipart/form-data");
  }
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const key = field("key");
  const maxBytes = Number(field("max-bytes"));
  const expires = Number(field("expires"));
  if (!isValidUploadSignature(postSubject(key, maxBytes), expires, field("signature")))
    throw forbidden({ code: "upload_expired", message: "Request has expired" });
  if (length > maxBytes + FORM_OVERHEAD_BYTES) throw fileTooLarge();
  const file = form.get("file");
  if (!(file instanceof Blob)) throw invalidInput("POST requires exactly one file upload per request");
  if (file.size === 0) throw invalidInput({ code: "media_empty", message: "This file is empty" });
  if (file.size > maxBytes) throw fileTooLarge();

  const target = storage.pathOf(key);
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${crypto.randomUUID()}.tmp`;
  try {
    await pipeline(
      Readable.fromWeb(file.stream() as import("node:stream/web").ReadableStream),
      createWriteStream(temporary),
    );
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error instanceof DomainError ? error : invalidInput("Upload failed");
  }
}
