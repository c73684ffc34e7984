import { BellRing, CalendarClock, CheckCheck } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";

/**
 * The landing hero's picture of the product: a phone receiving a WhatsApp reminder and its YES,
 * with the reminder's schedule beside it, drawn with the app's own pieces and colours (so it
 * follows the theme and the language). One image to assistive technology: its label says what
 * it shows, and the drawing inside is not read piece by piece.
 */
export async function HeroPreview() {
  const t = await getTranslations("landing.preview");
  return (
    <div
      role="img"
      aria-label={t("alt")}
      className="relative mx-auto w-full max-w-72 select-none"
      data-testid="hero-preview"
    >
      <div className="overflow-hidden rounded-[2.25rem] border-[6px] border-foreground/80 bg-background text-left shadow-xl">
        <div className="flex items-center justify-between px-5 pt-2 text-[11px] font-semibold">
          <span>{t("clock")}</span>
          <span className="h-4 w-16 rounded-full bg-foreground/80" />
          <span className="flex gap-0.5">
            <span className="size-1.5 rounded-full bg-foreground/70" />
            <span className="size-1.5 rounded-full bg-foreground/70" />
            <span className="size-1.5 rounded-full bg-foreground/70" />
          </span>
        </div>
        <div className="mt-2 flex items-center gap-2 border-b px-4 pb-3">
          <span className="flex size-9 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <BellRing className="size-4" />
          </span>
          <span className="min-w-0">
            <span className="block text-sm font-semibold">{t("sender")}</span>
            <span className="block text-xs text-muted-foreground">{t("channel")}</span>
          </span>
        </div>
        <div className="space-y-3 bg-muted px-3 pt-4 pb-24">
          <p className="text-center text-[11px] font-medium text-muted-foreground">{t("day")}</p>
          <div className="mr-6 rounded-2xl rounded-tl-sm border bg-card px-3 py-2 text-sm text-card-foreground shadow-sm">
            <p>{t("message")}</p>
            <p className="mt-1 text-xs text-muted-foreground">{t("ask")}</p>
            <p className="mt-1 text-right text-[11px] text-muted-foreground">{t("time")}</p>
          </div>
          <div className="ml-auto flex w-fit items-end gap-2 rounded-2xl rounded-tr-sm bg-primary px-3 py-2 text-sm font-medium text-primary-foreground">
            {t("reply")}
            <span className="flex items-center gap-0.5 text-[11px] font-normal">
              {t("replyTime")}
              <CheckCheck className="size-3.5" />
            </span>
          </div>
        </div>
      </div>
      {/* The reminder as the app shows it, overlapping the phone's lower edge. */}
      <div className="absolute inset-x-3 bottom-5 rounded-xl border bg-card p-3 text-card-foreground shadow-lg sm:-left-10 sm:right-8">
        <p className="flex items-center gap-2 text-sm font-semibold">
          <CalendarClock className="size-4 shrink-0 text-primary" />
          {t("schedule")}
        </p>
        <p className="mt-2 flex flex-wrap gap-1.5">
          <Badge variant="secondary">{t("channel")}</Badge>
          <Badge variant="outline">
            <CheckCheck />
            {t("confirmed")}
          </Badge>
        </p>
      </div>
    </div>
  );
}
