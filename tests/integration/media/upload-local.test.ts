import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { mediaUploadSuite } from "../../support/media-upload-suite";

// The local store: files under a fresh DATA_DIR, parts and forms sent to the app's own signed routes.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "remindful-media-"));
process.env.DATA_DIR = dataDir;
delete process.env.S3_BUCKET;

afterAll(async () => {
  const { rm } = await import("node:fs/promises");
  await rm(dataDir, { recursive: true, force: true });
});

mediaUploadSuite({
  driver: "local",
  fullMultipart: true,
  enforcesPostPolicy: true,
  async putPart(url, bytes) {
    const { NextRequest } = await import("next/server");
    const { PUT } = await import("@/app/api/objects/local/multipart/[uploadId]/[partNumber]/route");
    const parsed = new URL(url);
    const [uploadId, partNumber] = parsed.pathname.split("/").slice(-2);
    const request = new NextRequest(parsed, {
      method: "PUT",
      headers: { "content-length": String(bytes.length) },
      body: new Blob([new Uint8Array(bytes)]).stream(),
      duplex: "half",
    } as ConstructorParameters<typeof NextRequest>[1]);
    const response = await PUT(request, { params: Promise.resolve({ uploadId, partNumber }) });
    return { status: response.status, etag: response.headers.get("etag") };
  },
  async postForm(url, fields, bytes, type) {
    const { NextRequest } = await import("next/server");
    const { POST } = await import("@/app/api/objects/local/route");
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set("file", new Blob([new Uint8Array(bytes)], { type }));
    // As a browser sends it: the encoded form with its length.
    const encoded = new Response(form);
    const body = new Uint8Array(await encoded.arrayBuffer());
    const request = new NextRequest(url, {
      method: "POST",
      headers: {
        "content-type": encoded.headers.get("content-type") ?? "",
        "content-length": String(body.length),
      },
      body,
    });
    return (await POST(request, { params: Promise.resolve({}) })).status;
  },
});
