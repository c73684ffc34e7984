import { useId } from "react";
import { useTranslations } from "next-intl";
import type { OutboxCall } from "@/lib/channels/outbox-call";
import type { CallStep } from "@/lib/channels/read-call-twiml";

/** One step of the call in words; a <Gather> lists what it says while it waits. */
function Step({ step }: { step: CallStep }) {
  const t = useTranslations("outbox.call");
  switch (step.kind) {
    case "say":
      return <li>{t("say", { text: step.text })}</li>;
    case "play":
      return (
        <li>
          {t("play")}{" "}
          <a href={step.url} className="text-primary break-all underline">
            {step.url}
          </a>
        </li>
      );
    case "pause":
      return <li className="text-muted-foreground">{t("pause", { seconds: step.seconds })}</li>;
    case "gather":
      return (
        <li>
          {t("gather", { seconds: step.timeout ?? 5 })}
          <Steps steps={step.steps} />
        </li>
      );
    case "redirect":
      return <li>{t("redirect")}</li>;
    case "hangup":
      return <li className="text-muted-foreground">{t("hangup")}</li>;
  }
}

function Steps({ steps }: { steps: CallStep[] }) {
  return (
    <ol className="list-decimal space-y-1 pl-5">
      {steps.map((step, index) => (
        <Step key={index} step={step} />
      ))}
    </ol>
  );
}

/**
 * A call of the dev outbox in words: what it says and plays, where it waits for a key, when it
 * hangs up (an answer to a key names the key), with the TwiML itself folded away.
 */
export function CallScript({ call, twiml }: { call: OutboxCall; twiml: string }) {
  const t = useTranslations("outbox.call");
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="mt-3 space-y-2 rounded bg-muted p-3 text-sm"
      data-testid="call-script"
    >
      <h2 id={id} className="font-medium">
        {call.key ? t("answerTo", { key: call.key }) : t("script")}
      </h2>
      <Steps steps={call.steps} />
      <details>
        <summary className="cursor-pointer text-muted-foreground">{t("twiml")}</summary>
        <pre className="mt-2 whitespace-pre-wrap break-all text-xs">{twiml}</pre>
      </details>
    </section>
  );
}
