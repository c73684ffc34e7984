import { z } from "zod";
import { publicRoute } from "@/lib/api/route";
import { localeFromAcceptLanguage } from "@/i18n/locales";
import { deliveryTranslator } from "@/lib/messages/render-message";
import { unsubscribeContact } from "@/lib/inbound/unsubscribe-contact";
import { env } from "@/lib/env";

const params = z.object({ token: z.uuid() });

const pageUrl = (token: string, done = false) =>
  new URL(`/unsubscribe/${token}${done ? "?done=1" : ""}`, env.APP_URL);

/**
 * The `List-Unsubscribe` URL. A GET (the footer link, or a mail scanner following it) changes
 * nothing and shows the confirmation page. A POST unsubscribes: RFC 8058 one-click from the mail
 * client (any origin, body `List-Unsubscribe=One-Click`) or the page's button, which then shows
 * the result page; the consent record keeps the result page's sentence in the request's language
 * (Accept-Language), else the contact's.
 */
export const GET = publicRoute({ params }, async ({ params: { token } }) =>
  Response.redirect(pageUrl(token), 303),
);

export const POST = publicRoute({ params, allowCrossSite: true }, async ({ request, params: { token } }) => {
  const locale = localeFromAcceptLanguage(request.headers.get("accept-language"));
  const done = await unsubscribeContact(token, locale);
  if (done && request.headers.get("sec-fetch-mode") === "navigate") {
    return Response.redirect(pageUrl(token, true), 303);
  }
  const t = deliveryTranslator(locale);
  return new Response(t(done ? "unsubscribed" : "unsubscribeInvalid"), {
    status: done ? 200 : 404,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
});
