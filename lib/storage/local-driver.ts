import "server-only";
import { createReadStream } from "node:fs";
import { copyFile, mkdir, open, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { UPLOAD_KEY_PATTERN, isObjectKey, type StorageDriver } from "./storage-driver";
import { signUpload } from "./upload-signature";
import { localMultipart } from "./local-multipart";

/** The route that receives local uploads: PUT {appUrl}/api/objects/local/<key>?expires=&signature=. */
export const LOCAL_UPLOAD_PATH = "/api/objects/local/";

/** The route that receives a one-request (POST form) upload: POST {appUrl}/api/objects/local. */
export const LOCAL_POST_PATH = "/api/objects/local";

/** What a POST upload's signature covers: the object and the largest size accepted. */
export const postSubject = (key: string, maxBytes: number) => `post:${key}:${maxBytes}`;

/** Disk storage under `root` (DATA_DIR/uploads), with upload URLs signed by the app itself. */
export function createLocalDriver(root: string, appUrl: string) {
  const pathOf = (key: string) => {
    if (!isObjectKey(key)) throw new Error(`Invalid object key ${key}`);
    return path.join(root, key);
  };
  const multipart = localMultipart(root, appUrl, pathOf);
  const driver: StorageDriver & { pathOf(key: string): string; partFolder: typeof multipart.partFolder } = {
    kind: "local",
    pathOf,
    ...multipart,
    async createPostUpload(key, { contentType, maxBytes, expiresInSeconds, origin = appUrl }) {
      pathOf(key);
      const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
      return {
        url: new URL(LOCAL_POST_PATH, origin).toString(),
        fields: {
          key,
          "Content-Type": contentType,
          "max-bytes": String(maxBytes),
          expires: String(expires),
          signature: signUpload(postSubject(key, maxBytes), expires),
        },
      };
    },
    async createUploadUrl(key, expiresIn, origin = appUrl) {
      await mkdir(path.dirname(pathOf(key)), { recursive: true });
      const expires = Math.floor(Date.now() / 1000) + expiresIn;
      const url = new URL(`${LOCAL_UPLOAD_PATH}${key}`, origin);
      url.searchParams.set("expires", String(expires));
      url.searchParams.set("signature", signUpload(key, expires));
      return url.toString();
    },
    keyFromUploadUrl(url) {
      try {
        const parsed = new URL(url, appUrl);
        if (!parsed.pathname.startsWith(LOCAL_UPLOAD_PATH)) return null;
        const key = parsed.pathname.slice(LOCAL_UPLOAD_PATH.length);
        return UPLOAD_KEY_PATTERN.test(key) ? key : null;
      } catch {
        return null;
      }
    },
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch {
        return null;
      }
    },
    async readHead(key, count) {
      const handle = await open(pathOf(key), "r");
      try {
        const buffer = Buffer.alloc(count);
        const { bytesRead } = await handle.read(buffer, 0, count, 0);
        return new Uint8Array(buffer.subarray(0, bytesRead));
      } finally {
        await handle.close();
      }
    },
    async open(key) {
      return Readable.toWeb(createReadStream(pathOf(key))) as ReadableStream<Uint8Array>;
    },
    async openRange(key, start, end) {
      try {
        await stat(pathOf(key));
      } catch {
        return null;
      }
      return Readable.toWeb(createReadStream(pathOf(key), { start, end })) as ReadableStream<Uint8Array>;
    },
    async putFile(key, filePath) {
      await mkdir(path.dirname(pathOf(key)), { recursive: true });
      await copyFile(filePath, pathOf(key));
    },
    async *listKeys(prefix) {
      const entries = await readdir(path.join(root, prefix), { recursive: true, withFileTypes: true }).catch(
        () => [],
      );
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        const key = path.relative(root, full).split(path.sep).join("/");
        if (!isObjectKey(key)) continue;
        yield { key, modifiedAt: (await stat(full)).mtime };
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
  return driver;
}
