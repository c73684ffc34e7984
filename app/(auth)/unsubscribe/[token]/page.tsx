import { getTranslations } from "next-intl/server";
import { MailX } from "lucide-react";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { findUnsubscribeTarget } from "@/lib/inbound/find-unsubscribe-target";
import { dropDoubledStops } from "@/lib/messages/drop-doubled-stops";

/**
 * Where an e-mail's unsubscribe link lands. Showing it changes nothing (mail scanners open links);
 * the button POSTs to the List-Unsubscribe URL, which unsubscribes and comes back with ?done=1.
 */
export default async function UnsubscribePage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<{ done?: string }>;
}) {
  const { token } = await params;
  const { done } = await searchParams;
  const t = await getTranslations("unsubscribePage");
  const valid = z.uuid().safeParse(token).success;
  const target = valid ? await findUnsubscribeTarget(token) : null;

  let title: string;
  let body: string;
  if (!target) {
    title = t("invalidTitle");
    body = t("invalidBody");
  } else if (target.optedOut || done === "1") {
    title = t("doneTitle");
    const values = { sender: target.senderName };
    body = dropDoubledStops(t("doneBody", values), values);
  } else {
    title = t("confirmTitle");
    const values = { email: target.email ?? "", sender: target.senderName };
    body = dropDoubledStops(t("confirmBody", values), values);
  }
  const ask = target && !target.optedOut && done !== "1";
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <MailX className="size-10 text-primary" aria-hidden />
        <h1 className="text-xl font-semibold leading-none tracking-tight">{title}</h1>
        <CardDescription role={target ? undefined : "alert"}>{body}</CardDescription>
      </CardHeader>
      {ask ? (
        <CardContent>
          <form method="post" action={`/api/unsubscribe/${token}`}>
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <Button type="submit" className="w-full">
              {t("confirmButton")}
            </Button>
          </form>
        </CardContent>
      ) : null}
    </Card>
  );
}
