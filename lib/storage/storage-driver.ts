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
  /**
   * Bytes `start` to `end` (inclusive) of an object, for range requests; null when it does not
   * exist. `end` past the object's end is clamped.
   */
  openRange(key: string, start: number, end: number): Promise<ReadableStream<Uint8Array> | null>;
  /** Stores a file from local disk (a processed rendition) under `key`. */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** Every object under a prefix, with when it was last written (the clean-up's scan). */
  listKeys(prefix: string): AsyncIterable<{ key: string; modifiedAt: Date }>;
  remove(key: string): Promise<void>;
}

/** Keys the app hands out: `uploads/<uuid>` (images). */
export const UPLOAD_KEY_PATTERN = /^uploads\/[0-9a-f-]{36}$/;

/** A clip's objects: `media/<media id>/<name>` (its source and each rendition). */
export const MEDIA_KEY_PATTERN = /^media\/[0-9a-f-]{36}\/[a-z0-9][a-z0-9.-]{0,40}$/;

/** Whether a key is one the app could have made (anything else is refused before any I/O). */
export const isObjectKey = (key: string) => UPLOAD_KEY_PATTERN.test(key) || MEDIA_KEY_PATTERN.test(key);
