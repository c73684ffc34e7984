import { s3Peer } from "../../support/s3-peer";
import { avatarSuite } from "../../support/avatar-suite";

// The S3 driver against a real S3 wire peer (s3rver) on a free loopback port.
s3Peer("avatars");

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
