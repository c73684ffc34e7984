import "server-only";

/** A part of a multipart upload as the store holds it. */
export interface StoredPart {
  partNumber: number;
  /** Without surrounding quotes. */
  etag: string;
  size: number;
}

/** A part the uploader names when it completes an upload. */
export interface CompletedPart {
  partNumber: number;
  etag: string;
}

/** A browser upload in one request: a `multipart/form-data` POST of `fields`, then the file as `file`. */
export interface PostUpload {
  url: string;
  fields: Record<string, string>;
}

export interface PostUploadOptions {
  contentType: string;
  /** The store refuses a file outside 1..maxBytes (S3's `content-length-range`). */
  maxBytes: number;
  expiresInSeconds: number;
  /** The app's public origin (the local store's upload route). */
  origin?: string;
}

/** What the app needs from an object store: signed browser uploads (whole or in parts), then read and delete. */
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
  /** A signed POST (an S3 POST policy) that stores one file of a bounded size under `key`. */
  createPostUpload(key: string, options: PostUploadOptions): Promise<PostUpload>;
  /** Starts a multipart upload of `key`; returns its upload id. */
  createMultipart(key: string, contentType: string): Promise<string>;
  /** The parts received so far, by part number. Throws `upload_not_found` for an unknown upload. */
  listParts(key: string, uploadId: string): Promise<StoredPart[]>;
  /** A URL the browser PUTs one part to; its answer carries the part's `ETag` header. */
  signPartUrl(
    key: string,
    uploadId: string,
    partNumber: number,
    expiresInSeconds: number,
    origin?: string,
  ): Promise<string>;
  /**
   * Joins the parts, in part-number order, into the object. Parts that were not received, ETags
   * that do not match, parts out of order or too small: `upload_incomplete`, nothing stored.
   */
  completeMultipart(key: string, uploadId: string, parts: CompletedPart[]): Promise<void>;
  /** Drops an upload and every part it received; an unknown upload is already gone. */
  abortMultipart(key: string, uploadId: string): Promise<void>;
}

/** An ETag as the store compares it: without the quotes HTTP puts around it. */
export const bareETag = (etag: string) => etag.replace(/^(W\/)?"+|"+$/g, "");

/** Keys the app hands out: `uploads/<uuid>` (images). */
export const UPLOAD_KEY_PATTERN = /^uploads\/[0-9a-f-]{36}$/;

/** A clip's objects: `media/<media id>/<name>` (its source and each rendition). */
export const MEDIA_KEY_PATTERN = /^media\/[0-9a-f-]{36}\/[a-z0-9][a-z0-9.-]{0,40}$/;

/** Whether a key is one the app could have made (anything else is refused before any I/O). */
export const isObjectKey = (key: string) => UPLOAD_KEY_PATTERN.test(key) || MEDIA_KEY_PATTERN.test(key);
