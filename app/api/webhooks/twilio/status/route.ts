import { publicRoute } from "@/lib/api/route";
import { readTwilioWebhook } from "@/lib/delivery/read-twilio-webhook";
import { recordTwilioStatus } from "@/lib/delivery/record-twilio-status";

export const POST = publicRoute({}, async ({ request }) => {
  await recordTwilioStatus(await readTwilioWebhook(request));
  return new Response(null, { status: 204 });
});
