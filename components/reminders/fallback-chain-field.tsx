"use client";

import { ArrowDown, ArrowUp, Plus, Sparkles, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import type { DeliveryMethod } from "@/db/schema/enums";
import { Button } from "@/components/ui/button";
import { FieldError, useFieldAria } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { chainSentence, type ChainTranslate } from "./chain-sentence";
import { FallbackWaitFields } from "./fallback-wait-fields";
import {
  canAskConfirmation,
  fallbackBody,
  nextStepChannel,
  sameChain,
  stepChoices,
  suggestedChain,
  withStepAdded,
  withStepChanged,
  withStepMoved,
  withStepRemoved,
  type ChainState,
} from "./fallback-form-state";

export const FALLBACK_CONTROL = "reminder-fallback";
const SENTENCE_ID = "reminder-fallback-sentence";
const stepId = (index: number, part = "") => `${FALLBACK_CONTROL}-${index}${part}`;

type Update = (patch: Partial<ChainState>) => void;

/**
 * "If it fails, try": the channels tried after the delivery method, in order, each with an
 * optional wait for a confirmation; the chain said in words under it; and, for a group, a
 * suggested chain in one click.
 */
export function FallbackChainField({
  state,
  offered,
  suggest,
  update,
}: {
  state: ChainState;
  /** The channels a step may use (configured, allowed for the type, reaching the contact). */
  offered: readonly DeliveryMethod[];
  /** Offer the suggested chain (a group is chosen). */
  suggest: boolean;
  update: Update;
}) {
  const t = useTranslations("groupReminders");
  const tMethods = useTranslations("reminderForm.methods");
  // Where focus goes after a step is added, moved or removed (the control it was on may be gone).
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });
  const body = fallbackBody(state);
  const sentence = chainSentence(state.deliveryMethod, body, t as unknown as ChainTranslate);
  const suggestion = suggest ? suggestedChain(offered) : null;
  const canAdd = nextStepChannel(state, offered) !== null;
  // Described by the sentence and its error; a fieldset takes no aria-invalid (its controls would).
  const { "aria-describedby": describedBy } = useFieldAria(
    FALLBACK_CONTROL,
    state.fallback.length > 0 ? SENTENCE_ID : undefined,
  );

  const add = () => {
    const patch = withStepAdded(state, offered);
    if (!patch) return;
    focusNext.current = stepId(state.fallback.length);
    update(patch);
  };
  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    const last = state.fallback.length - 1;
    // The same arrow at the step's new place, unless it is now at that end.
    focusNext.current =
      (by === -1 && to > 0) || (by === 1 && to < last)
        ? stepId(to, by === -1 ? "-up" : "-down")
        : stepId(to, by === -1 ? "-down" : "-up");
    update(withStepMoved(state, index, by));
  };
  const remove = (index: number) => {
    focusNext.current = `${FALLBACK_CONTROL}-add`;
    update(withStepRemoved(state, index));
  };

  return (
    <fieldset
      id={FALLBACK_CONTROL}
      tabIndex={-1}
      className="grid min-w-0 gap-2 outline-none"
      aria-describedby={describedBy}
    >
      <legend className="mb-1 text-sm font-medium">{t("chain.legend")}</legend>
      {suggestion && !sameChain(state, suggestion) && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="h-auto justify-start py-1.5 text-left whitespace-normal"
          onClick={() => update(suggestion)}
          data-testid="chain-suggestion"
        >
          <Sparkles aria-hidden="true" />
          {t("chain.suggestion", {
            chain: chainSentence(
              suggestion.deliveryMethod,
              fallbackBody(suggestion),
              t as unknown as ChainTranslate,
            ),
          })}
        </Button>
      )}
      {state.fallback.length > 0 && (
        <ol className="grid gap-2">
          {state.fallback.map((step, index) => (
            <li key={index} className="grid gap-2 rounded-md border p-2" data-testid="fallback-step">
              <div className="flex items-center justify-between gap-2">
                <Label htmlFor={stepId(index)}>{t("chain.stepLabel", { number: index + 1 })}</Label>
                <div className="flex gap-1">
                  <Button
                    id={stepId(index, "-up")}
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    disabled={index === 0}
                    aria-label={t("chain.moveUp", { number: index + 1 })}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    id={stepId(index, "-down")}
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    disabled={index === state.fallback.length - 1}
                    aria-label={t("chain.moveDown", { number: index + 1 })}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={t("chain.remove", { number: index + 1 })}
                    onClick={() => remove(index)}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </div>
              </div>
              <NativeSelect
                id={stepId(index)}
                value={step.channel}
                onChange={(e) =>
                  update(withStepChanged(state, index, { channel: e.target.value as DeliveryMethod }))
                }
              >
                {stepChoices(state, index, offered).map((m) => (
                  <NativeSelectOption key={m} value={m}>
                    {tMethods(m)}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
              {canAskConfirmation(state) && (
                <FallbackWaitFields
                  id={stepId(index)}
                  number={index + 1}
                  wait={step.wait}
                  onChange={(wait) => update(withStepChanged(state, index, { wait }))}
                />
              )}
            </li>
          ))}
        </ol>
      )}
      {canAdd && (
        <Button
          id={`${FALLBACK_CONTROL}-add`}
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={add}
        >
          <Plus aria-hidden="true" />
          {t(state.fallback.length === 0 ? "chain.addFirst" : "chain.add")}
        </Button>
      )}
      {state.fallback.length > 0 && (
        <p
          id={SENTENCE_ID}
          className="text-sm text-muted-foreground"
          aria-live="polite"
          data-testid="chain-sentence"
        >
          {sentence}
        </p>
      )}
      <FieldError htmlFor={FALLBACK_CONTROL} />
    </fieldset>
  );
}
