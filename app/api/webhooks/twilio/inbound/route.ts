import { publicRoute } from "@/lib/api/route";
import { handleTwilioInbound } from "@/lib/inbound/handle-twilio-inbound";
import { readTwilioWebhook } from "@/lib/channels/read-twilio-webhook";
import { twiml } from "@/lib/channels/twiml";

/** Replies from phones: opt-out / opt-in keywords (or Twilio's OptOutType) and HELP. */
export const POST = publicRoute({}, async ({ request }) => {
  const result = await handleTwilioInbound(await readTwilioWebhook(request));
  return new Response(twiml(result.reply), { headers: { "content-type": "text/xml" } });
});
