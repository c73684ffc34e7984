import { publicRoute } from "@/lib/api/route";
import { readTwilioWebhook } from "@/lib/channels/read-twilio-webhook";
import { recordTwilioStatus } from "@/lib/inbound/record-twilio-status";

export const POST = publicRoute({}, async ({ request }) => {
  const marker = new URL(request.url).searchParams.get("d");
  await recordTwilioStatus(await readTwilioWebhook(request), marker);
  return new Response(null, { status: 204 });
});
