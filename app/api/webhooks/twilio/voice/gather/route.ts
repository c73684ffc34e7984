import { publicRoute } from "@/lib/api/route";
import { readTwilioWebhook } from "@/lib/channels/read-twilio-webhook";
import { answerKeypad } from "@/lib/inbound/answer-keypad";

/** A key pressed after a reminder call's message (the call's <Gather> action, `?d=<delivery id>`). */
export const POST = publicRoute({}, async ({ request }) => {
  const marker = new URL(request.url).searchParams.get("d");
  const answer = await answerKeypad(await readTwilioWebhook(request), marker);
  return new Response(answer, { headers: { "content-type": "text/xml" } });
});
