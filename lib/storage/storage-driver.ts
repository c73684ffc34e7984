import "server-only";
/** What the app needs from an object store: signed single-PUT uploads, then read and delete. */
export interface StorageDriver {
  readonly kind: "s3" | "local";
  /** A URL the browser PUTs the file to, valid for `expiresInSeconds`; `origin` is the app's public one. */
  createUploadUrl(key: string, expiresInSeconds: number, origin?: string): Promise<string>;
  /** The object key an upload URL of ours points at, or null for any other URL. */
  keyFromUploadUrl(url: string): string | null;
  /** Size of a stored object, or null when nothing was uploaded under the key. */
  size(key: string): Promise<number | null>;
  /** The first `count` bytes (fewer if the object is shorter). */
  readHead(key: string, count: number): Promise<Uint8Array>;
  /** The whole object as a stream, for serving it to its owner. */
  open(key: string): Promise<ReadableStream<Uint8Array>>;
  remove(key: string): Promise<void>;
}

/** Keys the app hands out: `uploads/<uuid>`. */
export const UPLOAD_KEY_PATTERN = /^uploads\/[0-9a-f-]{36}$/;
