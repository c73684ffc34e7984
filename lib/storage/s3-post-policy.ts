import "server-only";
import { createHmac } from "node:crypto";

/** The SigV4 signature of a base64 POST policy (AWS "Authenticating Requests: Browser-Based Uploads Using POST"). */
export function signPostPolicy(
  policyBase64: string,
  secretAccessKey: string,
  dateStamp: string,
  region: string,
) {
  const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${secretAccessKey}`, dateStamp), region), "s3"),
    "aws4_request",
  );
  return createHmac("sha256", signingKey).update(policyBase64).digest("hex");
}

export interface PostPolicyInput {
  bucket: string;
  key: string;
  contentType: string;
  maxBytes: number;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  expiresInSeconds: number;
  now?: Date;
}

/**
 * The form fields of an S3 POST policy for exactly one key, one content type and a size of 1 to
 * `maxBytes`: the store itself refuses anything else, before the app sees the object.
 */
export function buildPostPolicyFields(input: PostPolicyInput): Record<string, string> {
  const now = input.now ?? new Date();
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  const dateStamp = amzDate.slice(0, 8);
  const credential = `${input.credentials.accessKeyId}/${dateStamp}/${input.region}/s3/aws4_request`;
  const token = input.credentials.sessionToken;
  const policy = {
    expiration: new Date(now.getTime() + input.expiresInSeconds * 1000).toISOString(),
    conditions: [
      { bucket: input.bucket },
      { key: input.key },
      { "Content-Type": input.contentType },
      ["content-length-range", 1, input.maxBytes],
      { "x-amz-algorithm": "AWS4-HMAC-SHA256" },
      { "x-amz-credential": credential },
      { "x-amz-date": amzDate },
      ...(token ? [{ "x-amz-security-token": token }] : []),
    ],
  };
  const policyBase64 = Buffer.from(JSON.stringify(policy)).toString("base64");
  return {
    key: input.key,
    "Content-Type": input.contentType,
    "X-Amz-Algorithm": "AWS4-HMAC-SHA256",
    "X-Amz-Credential": credential,
    "X-Amz-Date": amzDate,
    ...(token ? { "X-Amz-Security-Token": token } : {}),
    Policy: policyBase64,
    "X-Amz-Signature": signPostPolicy(
      policyBase64,
      input.credentials.secretAccessKey,
      dateStamp,
      input.region,
    ),
  };
}
