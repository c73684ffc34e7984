import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { avatarSuite } from "../../support/avatar-suite";

// The local driver: files under a fresh DATA_DIR, uploads PUT to the app's own signed route.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "remindful-uploads-"));
process.env.DATA_DIR = dataDir;
delete process.env.S3_BUCKET;

afterAll(async () => {
  const { rm } = await import("node:fs/promises");
  await rm(dataDir, { recursive: true, force: true });
});

avatarSuite({
  driver: "local",
  refusesLargeUploads: true,
  async put(uploadURL, bytes, contentType) {
    const { NextRequest } = await import("next/server");
    const { PUT } = await import("@/app/api/objects/local/uploads/[id]/route");
    const url = new URL(uploadURL);
    const id = url.pathname.split("/").pop() ?? "";
    const request = new NextRequest(url, {
      method: "PUT",
      headers: { "content-type": contentType },
      body: new Blob([new Uint8Array(bytes)]).stream(),
      duplex: "half",
    } as ConstructorParameters<typeof NextRequest>[1]);
    const response = await PUT(request, { params: Promise.resolve({ id }) });
    return response.status;
  },
});
