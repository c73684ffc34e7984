import { publicRoute } from "@/lib/api/route";
import { readTwilioWebhook } from "@/lib/channels/read-twilio-webhook";
import { recordCallStatus } from "@/lib/inbound/record-call-status";

/** A reminder call's progress (initiated, ringing, answered, completed), posted by Twilio, signed. */
export const POST = publicRoute({}, async ({ request }) => {
  const marker = new URL(request.url).searchParams.get("d");
  await recordCallStatus(await readTwilioWebhook(request), marker);
  return new Response(null, { status: 204 });
});
