"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { apiResult } from "@/lib/api-client/request";
import { OUTBOX_REPLY_WORDS } from "@/lib/validations/outbox-reply";

export interface OutboxReplyLabels {
  /** "Reply as +34…" */
  legend: string;
  other: string;
  send: string;
  /** With `{body}`. */
  sent: string;
  /** With `{text}`. */
  answer: string;
  noAnswer: string;
  /** With `{message}`. */
  failed: string;
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/**
 * Under an SMS or WhatsApp message of the dev outbox: answer it as the recipient would (one
 * button per keyword, or any text), through the signed inbound webhook; the app's answer shows
 * here and in the outbox.
 */
export function OutboxReply({ messageId, labels }: { messageId: number; labels: OutboxReplyLabels }) {
  const router = useRouter();
  const id = useId();
  const [text, setText] = useState("");
  const [result, setResult] = useState<string[] | null>(null);
  const [pending, startTransition] = useTransition();

  const reply = (body: string) =>
    startTransition(async () => {
      const res = await apiResult<{ answers?: string[] }>("POST", "/dev/outbox/reply", { messageId, body });
      if (!res.ok) {
        setResult([fill(labels.failed, { message: res.message })]);
        return;
      }
      const answers = res.data.answers ?? [];
      setResult([
        fill(labels.sent, { body }),
        ...(answers.length
          ? answers.map((answer) => fill(labels.answer, { text: answer }))
          : [labels.noAnswer]),
      ]);
      setText("");
      router.refresh();
    });

  return (
    <fieldset className="mt-3 space-y-2" data-testid="outbox-reply">
      <legend className="text-sm font-medium">{labels.legend}</legend>
      <div className="flex flex-wrap gap-2">
        {OUTBOX_REPLY_WORDS.map((word) => (
          <Button
            key={word}
            type="button"
            size="sm"
            variant="outline"
            disabled={pending}
            onClick={() => reply(word)}
          >
            {word}
          </Button>
        ))}
      </div>
      <form
        className="flex flex-wrap gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) reply(text.trim());
        }}
      >
        <Input
          id={`${id}-text`}
          aria-label={labels.other}
          placeholder={labels.other}
          value={text}
          maxLength={1600}
          onChange={(event) => setText(event.target.value)}
          className="max-w-xs"
        />
        <Button type="submit" size="sm" disabled={pending || !text.trim()}>
          {labels.send}
        </Button>
      </form>
      <div aria-live="polite" className="text-sm text-muted-foreground" data-testid="outbox-reply-result">
        {result?.map((line, index) => (
          <p key={index}>{line}</p>
        ))}
      </div>
    </fieldset>
  );
}
