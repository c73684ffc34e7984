import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll } from "vitest";
import { avatarSuite } from "../../support/avatar-suite";

// The S3 driver against a real S3 wire peer (s3rver) on a free loopback port.
const directory = mkdtempSync(path.join(os.tmpdir(), "remindful-s3rver-"));
const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: "avatars" }],
});

beforeAll(async () => {
  const { port } = await server.run();
  process.env.S3_ENDPOINT = `http://127.0.0.1:${port}`;
  process.env.S3_BUCKET = "avatars";
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

avatarSuite({
  driver: "s3",
  refusesLargeUploads: false,
  async put(uploadURL, bytes, contentType) {
    const response = await fetch(uploadURL, {
      method: "PUT",
      headers: { "content-type": contentType },
      body: new Uint8Array(bytes),
    });
    return response.status;
  },
});
