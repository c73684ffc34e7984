import { publicRoute } from "@/lib/api/route";
import { readTwilioWebhook } from "@/lib/channels/read-twilio-webhook";
import { recordTwilioStatus } from "@/lib/inbound/record-twilio-status";

export const POST = publicRoute({}, async ({ request }) => {
  await recordTwilioStatus(await readTwilioWebhook(request));
  return new Response(null, { status: 204 });
});
