import { useTranslations } from "next-intl";

/**
 * An e-mail's HTML part as its recipient's mail program shows it (the video's poster and Play
 * button, the links), in a frame with every permission off: no script runs, nothing reaches the page.
 */
export function OutboxHtml({ html }: { html: string }) {
  const t = useTranslations("outbox");
  return (
    <details className="mt-3" open>
      <summary className="cursor-pointer text-sm font-medium">{t("htmlPart")}</summary>
      <iframe
        title={t("htmlPart")}
        sandbox=""
        srcDoc={html}
        className="mt-2 h-96 w-full rounded border bg-white"
        data-testid="outbox-html"
      />
    </details>
  );
}
