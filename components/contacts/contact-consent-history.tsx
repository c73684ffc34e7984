"use client";

import { useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { ScrollText } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CONSENT_HISTORY_LIMIT } from "@/config/preferences";
import { apiResult } from "@/lib/api-client/request";
import type { ContactView } from "@/lib/contacts/contact-view";
import type { ConsentChange, ConsentSource, DeliveryMethod } from "@/db/schema/enums";

/** One record as GET /api/contacts/{id}/consent answers it (the instant as ISO text). */
interface ConsentHistoryEntry {
  id: number;
  at: string;
  channel: DeliveryMethod | null;
  change: ConsentChange;
  source: ConsentSource;
  wording: string;
}

type Loaded =
  | { state: "idle" | "loading" | "failed" }
  | { state: "loaded"; records: ConsentHistoryEntry[]; hasMore: boolean };

/**
 * The contact card's "Consent history": every change the contact made to hearing from the sender
 * (and who or what made it), newest first, with the words they were shown, read when opened.
 */
export function ContactConsentHistory({ contact }: { contact: Pick<ContactView, "id" | "name"> }) {
  const t = useTranslations("contactConsent");
  const [loaded, setLoaded] = useState<Loaded>({ state: "idle" });

  async function load() {
    setLoaded({ state: "loading" });
    const result = await apiResult<{ records: ConsentHistoryEntry[]; hasMore: boolean }>(
      "GET",
      `/api/contacts/${encodeURIComponent(contact.id)}/consent`,
    ).catch(() => null);
    setLoaded(result?.ok ? { state: "loaded", ...result.data } : { state: "failed" });
  }

  return (
    <details
      className="text-sm"
      data-testid="consent-history"
      onToggle={(event) => {
        if (event.currentTarget.open && loaded.state === "idle") void load();
      }}
    >
      <summary className="flex cursor-pointer items-center gap-2 rounded-sm font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        <ScrollText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        {t("historyTitle")}
      </summary>
      <div className="mt-2 grid gap-2" aria-live="polite" aria-busy={loaded.state === "loading"}>
        <HistoryBody loaded={loaded} onRetry={() => void load()} />
      </div>
    </details>
  );
}

function HistoryBody({ loaded, onRetry }: { loaded: Loaded; onRetry(): void }) {
  const t = useTranslations("contactConsent");
  const format = useFormatter();
  if (loaded.state === "failed") {
    return (
      <p role="alert" className="flex flex-wrap items-center gap-2 text-destructive">
        {t("historyFailed")}
        <Button type="button" variant="outline" size="sm" onClick={onRetry}>
          {t("historyRetry")}
        </Button>
      </p>
    );
  }
  if (loaded.state !== "loaded") return <p className="text-muted-foreground">{t("historyLoading")}</p>;
  if (loaded.records.length === 0) return <p className="text-muted-foreground">{t("historyEmpty")}</p>;
  return (
    <>
      <ol className="grid gap-2" aria-label={t("historyTitle")}>
        {loaded.records.map((record) => (
          <li key={record.id} className="min-w-0 border-l-2 pl-3" data-testid="consent-record">
            <p className="font-medium break-words">
              {t("historyChange", { change: record.change })} ·{" "}
              {t("historyChannel", { channel: record.channel ?? "all" })}
            </p>
            <p className="text-xs text-muted-foreground">
              <time dateTime={record.at}>
                {format.dateTime(new Date(record.at), { dateStyle: "medium", timeStyle: "short" })}
              </time>{" "}
              · {t("historySource", { source: record.source })}
            </p>
            <p className="text-xs break-words text-muted-foreground">
              {t("historyWording", { wording: record.wording })}
            </p>
          </li>
        ))}
      </ol>
      {loaded.hasMore ? (
        <p className="text-xs text-muted-foreground">{t("historyMore", { count: CONSENT_HISTORY_LIMIT })}</p>
      ) : null}
    </>
  );
}
