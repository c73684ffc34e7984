import { publicRoute } from "@/lib/api/route";
import { handleTwilioInbound } from "@/lib/delivery/handle-twilio-inbound";
import { readTwilioWebhook } from "@/lib/delivery/read-twilio-webhook";

/** Replies from phones: STOP / START keywords (Twilio sends its own confirmation text). */
export const POST = publicRoute({}, async ({ request }) => {
  await handleTwilioInbound(await readTwilioWebhook(request));
  return new Response("<Response></Response>", { headers: { "content-type": "text/xml" } });
});
