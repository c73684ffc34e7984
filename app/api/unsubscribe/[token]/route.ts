import { z } from "zod";
import { publicRoute } from "@/lib/api/route";
import { localeFromAcceptLanguage } from "@/i18n/locales";
import { deliveryTranslator } from "@/lib/delivery/render-message";
import { unsubscribeContact } from "@/lib/delivery/unsubscribe-contact";

const params = z.object({ token: z.uuid() });

/** RFC 8058 one-click unsubscribe (POST from the mail client) and the footer link (GET). */
async function handle({ request, params: { token } }: { request: Request; params: z.output<typeof params> }) {
  const done = await unsubscribeContact(token);
  const t = deliveryTranslator(localeFromAcceptLanguage(request.headers.get("accept-language")));
  return new Response(t(done ? "unsubscribed" : "unsubscribeInvalid"), {
    status: done ? 200 : 404,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}

export const POST = publicRoute({ params }, handle);
export const GET = publicRoute({ params }, handle);
