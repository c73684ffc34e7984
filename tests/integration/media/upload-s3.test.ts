import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll } from "vitest";
import { mediaUploadSuite } from "../../support/media-upload-suite";

// The S3 driver against a real S3 wire peer (s3rver) on a free loopback port. s3rver 3.7 has no
// ListParts or AbortMultipartUpload and does not compare ETags on completion: those cases run on
// the local store, which applies S3's rules.
const directory = mkdtempSync(path.join(os.tmpdir(), "remindful-s3rver-"));
const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: "media" }],
});

beforeAll(async () => {
  const { port } = await server.run();
  process.env.S3_ENDPOINT = `http://127.0.0.1:${port}`;
  process.env.S3_BUCKET = "media";
  process.env.S3_REGION = "us-east-1";
  process.env.S3_ACCESS_KEY_ID = "S3RVER";
  process.env.S3_SECRET_ACCESS_KEY = "S3RVER";
  process.env.S3_FORCE_PATH_STYLE = "1";
});

afterAll(async () => {
  await server.close();
  const { rm } = await import("node:fs/promises");
  await rm(directory, { recursive: true, force: true });
});

mediaUploadSuite({
  driver: "s3",
  fullMultipart: false,
  async putPart(url, bytes) {
    const response = await fetch(url, { method: "PUT", body: new Uint8Array(bytes) });
    return { status: response.status, etag: response.headers.get("etag") };
  },
  async postForm(url, fields, bytes, type) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set("file", new Blob([new Uint8Array(bytes)], { type }));
    return (await fetch(url, { method: "POST", body: form })).status;
  },
});
