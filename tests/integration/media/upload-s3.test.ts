import { s3Peer } from "../../support/s3-peer";
import { mediaUploadSuite } from "../../support/media-upload-suite";

// The S3 driver against a real S3 wire peer (s3rver) on a free loopback port. s3rver 3.7 has no
// ListParts or AbortMultipartUpload and does not compare ETags on completion: those cases run on
// the local store, which applies S3's rules.
s3Peer("media");

mediaUploadSuite({
  driver: "s3",
  fullMultipart: false,
  enforcesPostPolicy: false,
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
