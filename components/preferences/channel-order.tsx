"use client";

import { useContext, useEffect, useId, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { ArrowDown, ArrowUp } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { FieldError, FieldErrorsContext, fieldAria } from "@/components/ui/field-error";
import type { DeliveryMethod } from "@/db/schema/enums";

/**
 * The channels the contact accepts, ticked and ranked: ticking adds a channel after the others,
 * and the up and down buttons reorder them by keyboard or pointer (focus stays on the moved
 * channel's buttons, and a live region says where it went). Unticked channels follow, unranked.
 */
export function ChannelOrder({
  id,
  sender,
  choosable,
  accepted,
  whatsappConsented,
  onChange,
}: {
  /** The first checkbox's id: where a refusal of the list is shown and focused. */
  id: string;
  sender: string;
  choosable: readonly DeliveryMethod[];
  accepted: readonly DeliveryMethod[];
  whatsappConsented: boolean;
  onChange: (next: DeliveryMethod[]) => void;
}) {
  const t = useTranslations("preferencesPage");
  const prefix = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const focusAfterMove = useRef<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const ordered = [...accepted, ...choosable.filter((channel) => !accepted.includes(channel))];
  const name = (channel: DeliveryMethod) => t("channelName", { channel });
  const consentId = `${prefix}-consent`;
  const errors = useContext(FieldErrorsContext);

  // After the reordered list renders: the moved channel's button takes the focus back.
  useEffect(() => {
    const key = focusAfterMove.current;
    if (!key) return;
    focusAfterMove.current = null;
    buttons.current.get(key)?.focus();
  });

  function toggle(channel: DeliveryMethod, on: boolean) {
    onChange(on ? [...accepted, channel] : accepted.filter((item) => item !== channel));
  }

  function move(channel: DeliveryMethod, by: -1 | 1) {
    const from = accepted.indexOf(channel);
    const to = from + by;
    if (from < 0 || to < 0 || to >= accepted.length) return;
    const next = [...accepted];
    [next[from], next[to]] = [next[to], next[from]];
    onChange(next);
    // At either end the button pressed is disabled: its neighbour keeps the focus.
    const direction = (to === 0 && by < 0) || (to === next.length - 1 && by > 0) ? -by : by;
    focusAfterMove.current = `${channel}:${direction < 0 ? "up" : "down"}`;
    setAnnouncement(t("channels.moved", { channel: name(channel), rank: to + 1, count: next.length }));
  }

  return (
    <fieldset className="space-y-3" aria-describedby={consentId}>
      <legend className="text-lg font-semibold">{t("channels.title")}</legend>
      <p id={consentId} className="text-sm text-muted-foreground">
        {t("channels.consent", { sender })}
      </p>
      <ul className="space-y-2">
        {ordered.map((channel, index) => {
          const rank = accepted.indexOf(channel);
          const boxId = index === 0 ? id : `${prefix}-${channel}`;
          const whatsappNote = channel === "whatsapp" && !whatsappConsented;
          return (
            <li
              key={channel}
              data-testid={`channel-${channel}`}
              className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border p-3"
            >
              <input
                id={boxId}
                type="checkbox"
                className="size-5 shrink-0 accent-primary"
                checked={rank >= 0}
                onChange={(event) => toggle(channel, event.target.checked)}
                {...fieldAria(
                  index === 0 ? errors : {},
                  boxId,
                  whatsappNote ? `${prefix}-whatsapp` : undefined,
                )}
              />
              <label htmlFor={boxId} className="min-w-0 flex-1 font-medium">
                {name(channel)}
                {rank >= 0 ? (
                  <span className="ml-2 text-sm font-normal text-muted-foreground">
                    {t("channels.rank", { rank: rank + 1 })}
                  </span>
                ) : null}
              </label>
              {rank >= 0 ? (
                <span className="flex gap-1">
                  {(["up", "down"] as const).map((direction) => (
                    <button
                      key={direction}
                      ref={(element) => {
                        buttons.current.set(`${channel}:${direction}`, element);
                      }}
                      type="button"
                      className={buttonVariants({ variant: "outline", size: "icon" })}
                      disabled={direction === "up" ? rank === 0 : rank === accepted.length - 1}
                      aria-label={t(direction === "up" ? "channels.moveUp" : "channels.moveDown", {
                        channel: name(channel),
                      })}
                      onClick={() => move(channel, direction === "up" ? -1 : 1)}
                    >
                      {direction === "up" ? <ArrowUp aria-hidden /> : <ArrowDown aria-hidden />}
                    </button>
                  ))}
                </span>
              ) : null}
              {whatsappNote ? (
                <p id={`${prefix}-whatsapp`} className="w-full text-sm text-muted-foreground">
                  {t("channels.whatsappConsent", { sender })}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {accepted.length === 0 ? <p className="text-sm">{t("channels.none", { sender })}</p> : null}
      <FieldError htmlFor={id} />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}
