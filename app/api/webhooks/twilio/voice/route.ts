import { publicRoute } from "@/lib/api/route";
import { readTwilioWebhook } from "@/lib/channels/read-twilio-webhook";
import { answerCall } from "@/lib/inbound/answer-call";

/** The TwiML a reminder call answers with when it connects (Twilio fetches it, signed). */
export const POST = publicRoute({}, async ({ request }) => {
  const marker = new URL(request.url).searchParams.get("d");
  const twiml = await answerCall(await readTwilioWebhook(request), marker);
  return new Response(twiml, { headers: { "content-type": "text/xml" } });
});
