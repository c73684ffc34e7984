import "server-only";
import { forbidden } from "@/lib/errors/domain-error";
import { env } from "@/lib/env";
import { twilioConfig } from "@/lib/channels/twilio-config";
import { verifyTwilioSignature } from "@/lib/channels/verify-twilio-signature";

/**
 * The form parameters of a Twilio webhook once its X-Twilio-Signature checks out against the
 * public URL Twilio called (APP_URL + path and query). Anything else is a 403 before any
 * change; without TWILIO_AUTH_TOKEN nothing can be verified, so everything is refused (in
 * development the dev outbox's stand-in token verifies the replies typed at /dev/outbox).
 */
export async function readTwilioWebhook(request: Request): Promise<Record<string, string>> {
  const config = twilioConfig();
  const params = Object.fromEntries(new URLSearchParams(await request.text()));
  const incoming = new URL(request.url);
  const url = `${env.APP_URL.replace(/\/$/, "")}${incoming.pathname}${incoming.search}`;
  if (
    !config ||
    !verifyTwilioSignature(config.authToken, url, params, request.headers.get("x-twilio-signature"))
  ) {
    throw forbidden("Invalid Twilio signature");
  }
  return params;
}
