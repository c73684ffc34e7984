import { useFormatter, useTranslations } from "next-intl";

/** When a kept message was sent, in the viewer's zone (their account's, else their browser's), naming it. */
export function OutboxSentAt({ at, timeZone }: { at: Date; timeZone: string }) {
  const t = useTranslations("outbox");
  const format = useFormatter();
  return (
    <time dateTime={at.toISOString()} data-testid="outbox-sent-at">
      {t("sentAtIn", {
        time: format.dateTime(at, { dateStyle: "medium", timeStyle: "medium", timeZone }),
        zone: timeZone,
      })}
    </time>
  );
}
