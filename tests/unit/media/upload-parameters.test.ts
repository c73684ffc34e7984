import { describe, expect, it } from "vitest";
import { MEDIA_LIMITS, UPLOAD_PROTOCOL } from "@/config/media";
import { PLANS } from "@/config/plans";
import { checkMediaUpload, storageAllowanceBytes } from "@/lib/media/check-media-upload";
import { baseMediaType, isPartNumber, partSizeFor, usesMultipart } from "@/lib/media/upload-parameters";
import { buildPostPolicyFields, signPostPolicy } from "@/lib/storage/s3-post-policy";

const MiB = 1024 * 1024;

describe("upload parameters", () => {
  it("sends files in one request up to 100 MiB and in parts above", () => {
    expect(UPLOAD_PROTOCOL.multipartThresholdBytes).toBe(100 * MiB);
    expect(usesMultipart(100 * MiB)).toBe(false);
    expect(usesMultipart(100 * MiB + 1)).toBe(true);
  });

  it("uses parts of at least 5 MiB and never more than 10,000 of them", () => {
    expect(partSizeFor(101 * MiB)).toBe(5 * MiB);
    expect(partSizeFor(MEDIA_LIMITS.video.maxBytes)).toBe(5 * MiB);
    const huge = 100_000 * MiB;
    expect(partSizeFor(huge)).toBe(10 * MiB);
    expect(Math.ceil(huge / partSizeFor(huge))).toBeLessThanOrEqual(10_000);
    expect([0, 1, 10_000, 10_001, 1.5].map(isPartNumber)).toEqual([false, true, true, false, false]);
  });

  it("keeps the protocol's retries, concurrency and signed-URL lifetime", () => {
    expect(UPLOAD_PROTOCOL).toMatchObject({
      concurrentRequests: 6,
      retryDelaysMs: [0, 1_000, 3_000, 5_000],
      signedUrlExpirySeconds: 7 * 24 * 3600,
    });
  });

  it("reads a declared type without its codecs", () => {
    expect(baseMediaType("video/webm;codecs=vp9,opus")).toBe("video/webm");
    expect(baseMediaType(" Audio/MP4 ")).toBe("audio/mp4");
  });
});

describe("upload limits", () => {
  const code = (fn: () => void) => {
    try {
      fn();
      return null;
    } catch (error) {
      return (error as { code?: string }).code;
    }
  };
  const starter = PLANS.starter;

  it("refuses by plan, type, size and storage, in that order", () => {
    expect(
      code(() => checkMediaUpload(PLANS.personal, { kind: "video", type: "text/plain", size: 0 }, 0)),
    ).toBe("media_kind_not_in_plan");
    expect(code(() => checkMediaUpload(PLANS.free, { kind: "voice", type: "audio/webm", size: 1 }, 0))).toBe(
      "media_kind_not_in_plan",
    );
    expect(code(() => checkMediaUpload(starter, { kind: "voice", type: "video/webm", size: 0 }, 0))).toBe(
      "media_type_unsupported",
    );
    expect(code(() => checkMediaUpload(starter, { kind: "voice", type: "audio/webm", size: 0 }, 0))).toBe(
      "media_empty",
    );
    const voiceMax = MEDIA_LIMITS.voice.maxBytes;
    expect(
      code(() => checkMediaUpload(starter, { kind: "voice", type: "audio/webm", size: voiceMax }, 0)),
    ).toBeNull();
    expect(
      code(() => checkMediaUpload(starter, { kind: "voice", type: "audio/webm", size: voiceMax + 1 }, 0)),
    ).toBe("media_too_large");
    const allowance = storageAllowanceBytes(starter);
    expect(allowance).toBe(2_000_000_000);
    expect(
      code(() => checkMediaUpload(starter, { kind: "voice", type: "audio/ogg", size: 10 }, allowance - 10)),
    ).toBeNull();
    expect(
      code(() => checkMediaUpload(starter, { kind: "voice", type: "audio/ogg", size: 11 }, allowance - 10)),
    ).toBe("media_storage_full");
  });
});

describe("S3 POST policy", () => {
  it("signs AWS's documented example policy to AWS's documented signature", () => {
    // AWS S3 API reference, "Example: Browser-Based Upload using HTTP POST (Using AWS Signature Version 4)".
    const policy =
      "eyAiZXhwaXJhdGlvbiI6ICIyMDE1LTEyLTMwVDEyOjAwOjAwLjAwMFoiLA0KICAiY29uZGl0aW9ucyI6IFsNCiAgICB7ImJ1Y2tldCI6ICJzaWd2NGV4YW1wbGVidWNrZXQifSwNCiAgICBbInN0YXJ0cy13aXRoIiwgIiRrZXkiLCAidXNlci91c2VyMS8iXSwNCiAgICB7ImFjbCI6ICJwdWJsaWMtcmVhZCJ9LA0KICAgIHsic3VjY2Vzc19hY3Rpb25fcmVkaXJlY3QiOiAiaHR0cDovL3NpZ3Y0ZXhhbXBsZWJ1Y2tldC5zMy5hbWF6b25hd3MuY29tL3N1Y2Nlc3NmdWxfdXBsb2FkLmh0bWwifSwNCiAgICBbInN0YXJ0cy13aXRoIiwgIiRDb250ZW50LVR5cGUiLCAiaW1hZ2UvIl0sDQogICAgeyJ4LWFtei1tZXRhLXV1aWQiOiAiMTQzNjUxMjM2NTEyNzQifSwNCiAgICB7IngtYW16LXNlcnZlci1zaWRlLWVuY3J5cHRpb24iOiAiQUVTMjU2In0sDQogICAgWyJzdGFydHMtd2l0aCIsICIkeC1hbXotbWV0YS10YWciLCAiIl0sDQoNCiAgICB7IngtYW16LWNyZWRlbnRpYWwiOiAiQUtJQUlPU0ZPRE5ON0VYQU1QTEUvMjAxNTEyMjkvdXMtZWFzdC0xL3MzL2F3czRfcmVxdWVzdCJ9LA0KICAgIHsieC1hbXotYWxnb3JpdGhtIjogIkFXUzQtSE1BQy1TSEEyNTYifSwNCiAgICB7IngtYW16LWRhdGUiOiAiMjAxNTEyMjlUMDAwMDAwWiIgfQ0KICBdDQp9";
    expect(signPostPolicy(policy, "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "20151229", "us-east-1")).toBe(
      "8afdbf4008c03f22c2cd3cdb72e4afbb1f6a588f3255ac628749a66d7f09699e",
    );
  });

  it("binds the key, the type and a size of 1 to the limit, and signs what it sends", () => {
    const credentials = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret", sessionToken: "token" };
    const fields = buildPostPolicyFields({
      bucket: "media",
      key: "media/0b0c7f4e-5d55-4c1e-9d3e-2a1f0c9d8e7f/source",
      contentType: "audio/webm",
      maxBytes: 50_000_000,
      region: "eu-west-1",
      credentials,
      expiresInSeconds: 3600,
      now: new Date("2026-01-02T03:04:05.678Z"),
    });
    const policy = JSON.parse(Buffer.from(fields.Policy, "base64").toString()) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.expiration).toBe("2026-01-02T04:04:05.678Z");
    expect(policy.conditions).toEqual([
      { bucket: "media" },
      { key: fields.key },
      { "Content-Type": "audio/webm" },
      ["content-length-range", 1, 50_000_000],
      { "x-amz-algorithm": "AWS4-HMAC-SHA256" },
      { "x-amz-credential": "AKIDEXAMPLE/20260102/eu-west-1/s3/aws4_request" },
      { "x-amz-date": "20260102T030405Z" },
      { "x-amz-security-token": "token" },
    ]);
    expect(fields).toMatchObject({
      "X-Amz-Date": "20260102T030405Z",
      "X-Amz-Security-Token": "token",
      "X-Amz-Signature": signPostPolicy(fields.Policy, "secret", "20260102", "eu-west-1"),
    });
    expect(Object.keys(fields).map((k) => k.toLowerCase())).not.toContain("file");
  });
});
