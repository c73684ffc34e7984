"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { apiResult } from "@/lib/api-client/request";
import { OUTBOX_CALL_KEYS } from "@/lib/validations/outbox-reply";

export interface OutboxKeypadLabels {
  /** "Press a key as +34…" */
  legend: string;
  /** Each key's accessible name ("Press 1: confirm"). */
  keys: Record<(typeof OUTBOX_CALL_KEYS)[number], string>;
  /** With `{key}`. */
  pressed: string;
  /** With `{text}`. */
  says: string;
  ended: string;
  again: string;
  /** With `{message}`. */
  failed: string;
}

interface PressResult {
  answers?: string[];
  redirect?: boolean;
  hungUp?: boolean;
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/**
 * Under a call of the dev outbox: its keypad, with the keys the call offers. A key is posted to the call's Gather action as
 * Twilio would post it (signed, `Digits`); what the call answers shows here and in the outbox.
 */
export function OutboxKeypad({
  messageId,
  keys,
  labels,
}: {
  messageId: number;
  /** The keys this call offers (1, 2 and 3 only when it asks for a confirmation). */
  keys: readonly (typeof OUTBOX_CALL_KEYS)[number][];
  labels: OutboxKeypadLabels;
}) {
  const router = useRouter();
  const [result, setResult] = useState<string[] | null>(null);
  const [pending, startTransition] = useTransition();

  const press = (key: string) =>
    startTransition(async () => {
      const res = await apiResult<PressResult>("POST", "/dev/outbox/reply", { messageId, body: key });
      if (!res.ok) {
        setResult([fill(labels.failed, { message: res.message })]);
        return;
      }
      const { answers = [], redirect = false, hungUp = false } = res.data;
      setResult([
        fill(labels.pressed, { key }),
        ...answers.map((text) => fill(labels.says, { text })),
        ...(redirect ? [labels.again] : []),
        ...(hungUp ? [labels.ended] : []),
      ]);
      router.refresh();
    });

  return (
    <fieldset className="mt-3 space-y-2" data-testid="outbox-keypad">
      <legend className="text-sm font-medium">{labels.legend}</legend>
      <div className="grid max-w-xs grid-cols-3 gap-2">
        {keys.map((key) => (
          <Button
            key={key}
            type="button"
            variant="outline"
            className="h-11 text-lg"
            aria-label={labels.keys[key]}
            title={labels.keys[key]}
            disabled={pending}
            onClick={() => press(key)}
          >
            {key}
          </Button>
        ))}
      </div>
      <div aria-live="polite" className="text-sm text-muted-foreground" data-testid="outbox-keypad-result">
        {result?.map((line, index) => (
          <p key={index}>{line}</p>
        ))}
      </div>
    </fieldset>
  );
}
