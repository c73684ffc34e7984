"use client";

import { useMemo, useState, useSyncExternalStore, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Globe } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import type { CallResult } from "@/lib/api-client/call-result";
import { sameClock } from "@/lib/recurrence/same-clock";
import { knownTimeZone } from "@/lib/time/time-zone-cookie";

export type SaveTimeZone = (input: { timezone: string }) => Promise<CallResult<{ timezone: string }>>;

/** Local storage: the "device zone|account zone" pair the user chose to keep on this browser. */
export const KEPT_ZONES_STORAGE_KEY = "timezone-kept";

const never = () => () => {};
const WRAP = "h-auto min-h-9 max-w-full whitespace-normal break-all py-1.5 text-left";

function browserZone(): string | null {
  return knownTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
}

function keptPair(): string | null {
  try {
    return localStorage.getItem(KEPT_ZONES_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * When this browser's clock differs from the account's zone (a trip, a move, an account made
 * before zones were taken at sign-up), offers to switch; never switches by itself. "Keep"
 * is remembered on this browser for that pair of zones.
 */
export function TimeZoneOffer({ accountZone, save }: { accountZone: string; save: SaveTimeZone }) {
  const t = useTranslations("shell.timeZoneOffer");
  const router = useRouter();
  // Read after hydration only: the server cannot know the browser's zone.
  const device = useSyncExternalStore(never, browserZone, () => null);
  const kept = useSyncExternalStore(never, keptPair, () => null);
  const [answered, setAnswered] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const pair = device ? `${device}|${accountZone}` : null;
  const differs = useMemo(
    () => device !== null && !sameClock(device, accountZone, new Date()),
    [device, accountZone],
  );
  if (!device || !pair || !differs || kept === pair || answered === pair) return null;

  const keep = () => {
    try {
      localStorage.setItem(KEPT_ZONES_STORAGE_KEY, pair);
    } catch {
      // Without storage the offer comes back on the next page.
    }
    setAnswered(pair);
  };
  const use = () =>
    startTransition(async () => {
      const result = await save({ timezone: device });
      if (!result.ok) {
        toast.error(t("failed"), { description: result.message });
        return;
      }
      setAnswered(pair);
      toast.success(t("switched", { zone: device }));
      router.refresh();
    });

  return (
    <section
      aria-label={t("title")}
      data-testid="time-zone-offer"
      className="mb-4 flex flex-wrap items-start gap-3 rounded-lg border bg-muted/50 p-3 text-sm md:mb-6"
    >
      <Globe className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <div className="min-w-0 flex-1 basis-56 space-y-1">
        <p className="break-words">{t("text", { device, account: accountZone })}</p>
        <p className="text-muted-foreground">{t("note")}</p>
      </div>
      {/* Zone names can be long (America/Argentina/Buenos_Aires): the buttons wrap on a phone. */}
      <div className="flex min-w-0 flex-wrap gap-2">
        <Button type="button" size="sm" className={WRAP} onClick={use} disabled={pending}>
          {t("use", { zone: device })}
        </Button>
        <Button type="button" size="sm" variant="outline" className={WRAP} onClick={keep} disabled={pending}>
          {t("keep", { zone: accountZone })}
        </Button>
      </div>
    </section>
  );
}
