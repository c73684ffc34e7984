import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll } from "vitest";

/**
 * A test file's S3 wire peer (s3rver) on a free loopback port with one bucket, and this process's
 * S3 settings pointed at it; stopped and its directory removed after the file.
 */
export function s3Peer(bucket: string) {
  const directory = mkdtempSync(path.join(os.tmpdir(), "remindful-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  beforeAll(async () => {
    const { port } = await server.run();
    process.env.S3_ENDPOINT = `http://127.0.0.1:${port}`;
    process.env.S3_BUCKET = bucket;
    process.env.S3_REGION = "us-east-1";
    process.env.S3_ACCESS_KEY_ID = "S3RVER";
    process.env.S3_SECRET_ACCESS_KEY = "S3RVER";
    process.env.S3_FORCE_PATH_STYLE = "1";
  });
  afterAll(async () => {
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });
}
