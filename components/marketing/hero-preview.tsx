import { CalendarClock, CheckCheck, PhoneCall, PhoneOff, Volume2 } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

/** A phone's keypad, row by row; the key the picture's listener presses stands out. */
const KEYPAD = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#"] as const;
const PRESSED = "1";

/**
 * The landing hero's picture of the product: a reminder call reading Ana's message aloud with the
 * keypad prompt, the 1 pressed, and the reminder as the app shows it with the answer recorded.
 * The call's own lines (greeting, prompt) and the history's line are the product's messages, so
 * the picture says what a call says, in the page's language. Drawn with the app's own pieces and
 * colours (it follows the theme). One image to assistive technology: its label says what it
 * shows, and the drawing inside is not read piece by piece.
 */
export async function HeroPreview() {
  const [t, tCall, tMethods, tReplies] = await Promise.all([
    getTranslations("landing.preview"),
    getTranslations("delivery.call"),
    getTranslations("reminderForm.methods"),
    getTranslations("replies"),
  ]);
  const message = t("message");
  const prompt = tCall("keypadConfirm");
  return (
    <div
      role="img"
      aria-label={t("alt", { message, prompt })}
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
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <PhoneCall className="size-4" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block text-sm font-semibold">{t("sender")}</span>
            <span className="block text-xs text-muted-foreground">
              {tMethods("call")} · {t("callTime")}
            </span>
          </span>
          <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-destructive text-destructive-foreground">
            <PhoneOff className="size-4" />
          </span>
        </div>
        <div className="space-y-3 bg-muted px-3 pt-3 pb-32">
          <div className="rounded-2xl rounded-tl-sm border bg-card px-3 py-2 text-sm text-card-foreground shadow-sm">
            <p className="flex items-center gap-1 text-[11px] font-medium text-muted-foreground">
              <Volume2 className="size-3.5 shrink-0" />
              {t("readAloud")}
            </p>
            <p className="mt-1 text-xs text-muted-foreground">
              {tCall("greeting", { sender: t("from"), product: t("sender") })}
            </p>
            <p className="mt-1">{message}</p>
            <p className="mt-1 text-xs text-muted-foreground">{prompt}</p>
          </div>
          <div className="mx-auto grid w-fit grid-cols-3 gap-1.5">
            {KEYPAD.map((key) => (
              <span
                key={key}
                className={cn(
                  "flex size-8 items-center justify-center rounded-full text-sm font-medium",
                  key === PRESSED
                    ? "bg-primary text-primary-foreground ring-4 ring-primary/30"
                    : "border bg-card text-card-foreground",
                )}
              >
                {key}
              </span>
            ))}
          </div>
        </div>
      </div>
      {/* The reminder as the app shows it, overlapping the phone's lower edge: the key is recorded. */}
      <div className="absolute inset-x-3 bottom-5 rounded-xl border bg-card p-3 text-card-foreground shadow-lg sm:right-8 sm:-left-10">
        <p className="flex items-center gap-2 text-sm font-semibold">
          <CalendarClock className="size-4 shrink-0 text-primary" />
          {t("schedule")}
        </p>
        <p className="mt-2 flex flex-wrap gap-1.5">
          <Badge variant="secondary">{tMethods("call")}</Badge>
          <Badge variant="outline">
            <CheckCheck />
            {t("confirmed")}
          </Badge>
        </p>
        <p className="mt-2 text-xs text-muted-foreground">
          {tReplies("keyLine", {
            time: t("answerTime"),
            body: PRESSED,
            action: tReplies("replyActions.confirm"),
          })}
        </p>
      </div>
    </div>
  );
}
