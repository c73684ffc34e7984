"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field-error";
import { usePreferencesAction } from "./use-preferences-action";

/** Everything from this sender stopped at once, or taken back: the sentence shown is what is recorded. */
export function StopSection({
  token,
  sender,
  stoppedOn,
}: {
  token: string;
  sender: string;
  /** The day everything was stopped, in the contact's words; null: reminders come. */
  stoppedOn: string | null;
}) {
  const t = useTranslations("preferencesPage.stop");
  const { run, pending, error } = usePreferencesAction(token);
  const [done, setDone] = useState<string | null>(null);
  const stopped = stoppedOn !== null;

  async function toggle() {
    setDone(null);
    const result = await run({ action: stopped ? "resume" : "stop" });
    if (result.ok) setDone(t(stopped ? "doneResumed" : "doneStopped", { sender }));
  }

  return (
    <section aria-labelledby="stop-title" className="space-y-3">
      <h2 id="stop-title" className="text-lg font-semibold">
        {t("title")}
      </h2>
      {stopped ? <p className="font-medium">{t("stopped", { sender, date: stoppedOn })}</p> : null}
      <p className="text-sm text-muted-foreground">
        {stopped ? t("resumeConsent", { sender }) : t("consent", { sender })}
      </p>
      <Button
        type="button"
        variant={stopped ? "default" : "destructive"}
        disabled={pending}
        onClick={toggle}
        className="h-auto min-h-10 w-full whitespace-normal sm:w-auto"
      >
        {stopped ? t("resumeButton") : t("button")}
      </Button>
      <FormError text={error} />
      <p role="status" className="text-sm font-medium">
        {done ?? ""}
      </p>
    </section>
  );
}
