import "server-only";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { UPLOAD_PROTOCOL } from "@/config/media";
import { bareETag, type CompletedPart, type StorageDriver, type StoredPart } from "./storage-driver";
import { uploadIncomplete, uploadNotFound } from "./upload-errors";
import { signUpload } from "./upload-signature";

/** The route that receives a part: PUT {origin}/api/objects/local/multipart/<uploadId>/<n>?key=&expires=&signature=. */
export const LOCAL_PART_PATH = "/api/objects/local/multipart/";

const UPLOAD_ID = /^[0-9a-f-]{36}$/;

/** What a part URL's signature covers: the object, the upload and the part. */
export const partSubject = (key: string, uploadId: string, partNumber: number) =>
  `part:${key}:${uploadId}:${partNumber}`;

type LocalMultipart = Pick<
  StorageDriver,
  "createMultipart" | "listParts" | "signPartUrl" | "completeMultipart" | "abortMultipart"
>;

/**
 * S3's multipart protocol on disk: an upload is a folder `.multipart/<uploadId>` beside the
 * objects, holding the key it is for and each part as `<n>` with its MD5 as `<n>.etag` (as S3's
 * ETag of a part). Completing joins the parts in order into the object and drops the folder.
 */
export function localMultipart(root: string, appUrl: string, pathOf: (key: string) => string) {
  const folderOf = (uploadId: string) => {
    if (!UPLOAD_ID.test(uploadId)) throw uploadNotFound();
    return path.join(root, ".multipart", uploadId);
  };

  /** The upload's folder, checked to be for `key`. */
  async function openUpload(key: string, uploadId: string) {
    const folder = folderOf(uploadId);
    const owner = await readFile(path.join(folder, "key"), "utf8").catch(() => null);
    if (owner !== key) throw uploadNotFound();
    return folder;
  }

  async function partsIn(folder: string): Promise<StoredPart[]> {
    const names = (await readdir(folder)).filter((name) => /^\d+$/.test(name));
    const parts = await Promise.all(
      names.map(async (name) => {
        const etag = await readFile(path.join(folder, `${name}.etag`), "utf8").catch(() => null);
        if (etag === null) return null; // a part still being written
        return { partNumber: Number(name), etag, size: (await stat(path.join(folder, name))).size };
      }),
    );
    return parts.filter((p): p is StoredPart => p !== null).sort((a, b) => a.partNumber - b.partNumber);
  }

  const methods: LocalMultipart & {
    /** The folder a part is written to, for the part route (checked against `key`). */
    partFolder(key: string, uploadId: string): Promise<string>;
  } = {
    async createMultipart(key) {
      pathOf(key); // refuses a key the app could not have made
      const uploadId = crypto.randomUUID();
      const folder = folderOf(uploadId);
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, "key"), key);
      return uploadId;
    },
    async listParts(key, uploadId) {
      return partsIn(await openUpload(key, uploadId));
    },
    async signPartUrl(key, uploadId, partNumber, expiresIn, origin = appUrl) {
      const expires = Math.floor(Date.now() / 1000) + expiresIn;
      const url = new URL(`${LOCAL_PART_PATH}${uploadId}/${partNumber}`, origin);
      url.searchParams.set("key", key);
      url.searchParams.set("expires", String(expires));
      url.searchParams.set("signature", signUpload(partSubject(key, uploadId, partNumber), expires));
      return url.toString();
    },
    async completeMultipart(key, uploadId, given: CompletedPart[]) {
      const folder = await openUpload(key, uploadId);
      const stored = new Map((await partsIn(folder)).map((p) => [p.partNumber, p]));
      if (given.length === 0) throw uploadIncomplete("no parts");
      given.forEach((part, index) => {
        const found = stored.get(part.partNumber);
        if (index > 0 && part.partNumber <= given[index - 1].partNumber)
          throw uploadIncomplete("parts out of order");
        if (!found || found.etag !== bareETag(part.etag))
          throw uploadIncomplete(`part ${part.partNumber} was not received with this ETag`);
        if (index < given.length - 1 && found.size < UPLOAD_PROTOCOL.minPartBytes)
          throw uploadIncomplete(`part ${part.partNumber} is smaller than the minimum part size`);
      });
      const joined = path.join(folder, "joined");
      const out = createWriteStream(joined);
      for (const part of given) {
        await pipeline(createReadStream(path.join(folder, String(part.partNumber))), out, { end: false });
      }
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
      await mkdir(path.dirname(pathOf(key)), { recursive: true });
      await rename(joined, pathOf(key));
      await rm(folder, { recursive: true, force: true });
    },
    async abortMultipart(key, uploadId) {
      if (!UPLOAD_ID.test(uploadId)) return;
      const owner = await readFile(path.join(folderOf(uploadId), "key"), "utf8").catch(() => null);
      if (owner !== null && owner !== key) return; // another object's upload: not ours to drop
      await rm(folderOf(uploadId), { recursive: true, force: true });
    },
    partFolder: (key, uploadId) => openUpload(key, uploadId),
  };
  return methods;
}
