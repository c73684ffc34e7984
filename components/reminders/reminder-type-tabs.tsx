"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import type { Dispatch, SetStateAction } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { MEDIA_KINDS, REMINDER_TYPES, type ReminderType } from "@/db/schema/enums";
import type { ReminderDto } from "@/lib/reminders/to-reminder-dto";
import type { ReminderUser } from "@/lib/reminders/types";
import { savedMediaOf, type ReminderFormState } from "./reminder-form-state";
import { ReminderMediaTab } from "./reminder-media-tab";

interface ReminderTypeTabsProps {
  state: ReminderFormState;
  setState: Dispatch<SetStateAction<ReminderFormState>>;
  user: ReminderUser;
  reminder?: ReminderDto;
  /** Changes when the dialog shows another reminder: the recorders start over. */
  formKey: string | null;
}

/**
 * Text, Voice or Video: the type tabs and the recorders' panels. A type the plan lacks is shown
 * disabled with the way to upgrade; a reminder that already has that type keeps it.
 */
export function ReminderTypeTabs({ state, setState, user, reminder, formKey }: ReminderTypeTabsProps) {
  const t = useTranslations("reminderForm");
  const tMedia = useTranslations("media");
  const offered = (type: ReminderType) =>
    type === "text" || user.mediaKinds.includes(type) || reminder?.type === type;
  const missingKinds = MEDIA_KINDS.filter((kind) => !offered(kind));
  const savedMedia = savedMediaOf(reminder);
  return (
    <Tabs
      value={state.type}
      onValueChange={(type) => setState((s) => ({ ...s, type: type as ReminderType }))}
      className="gap-4"
    >
      <TabsList aria-label={t("typeLabel")} className="h-auto w-full">
        {REMINDER_TYPES.map((type) => (
          <TabsTrigger
            key={type}
            value={type}
            disabled={!offered(type)}
            className="h-auto flex-col gap-0 whitespace-normal sm:flex-row sm:gap-1.5"
          >
            {t(`types.${type}`)}
            {!offered(type) && <span className="text-xs text-muted-foreground">({tMedia("upgrade")})</span>}
          </TabsTrigger>
        ))}
      </TabsList>
      {missingKinds.length > 0 && (
        <p className="text-sm text-muted-foreground" data-testid="media-not-in-plan">
          {tMedia("notInPlan", { kinds: missingKinds.length > 1 ? "both" : missingKinds[0] })}{" "}
          <Link href="/pricing" className="font-medium text-primary underline underline-offset-4">
            {tMedia("seePlans")}
          </Link>
        </p>
      )}
      {/* Text has no panel of its own (the message below serves every type); an empty one keeps
          its tab's aria-controls pointing somewhere. */}
      <TabsContent value="text" tabIndex={-1} />
      {/* Kept mounted while another tab shows, so that a clip survives a look at the other tabs.
          Not tab stops: the panels hold controls of their own. */}
      {MEDIA_KINDS.filter(offered).map((kind) => (
        <TabsContent
          key={kind}
          value={kind}
          tabIndex={-1}
          forceMount
          className="data-[state=inactive]:hidden"
        >
          <ReminderMediaTab
            key={formKey}
            kind={kind}
            active={state.type === kind}
            savedMedia={savedMedia?.kind === kind ? savedMedia : null}
            onMedia={(media) =>
              setState((s) => ({ ...s, media: { ...s.media, [kind]: media ?? undefined } }))
            }
          />
        </TabsContent>
      ))}
    </Tabs>
  );
}
