"use client";

import Form from "next/form";
import { Download } from "lucide-react";
import { useId } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Button, buttonVariants } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { LoadMoreList } from "@/components/ui/load-more-list";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { TRAIL_KIND_GROUP_NAMES } from "@/config/activity-trail";
import { useKeysetPages } from "@/lib/api-client/use-keyset-pages";
import { formatInZone } from "@/lib/reminders/format-in-zone";
import type { TrailEntry } from "@/lib/trail/trail-entry";
import type { TrailFilter } from "@/lib/validations/trail";

const PATH = "/settings/team/activity";

function TrailList({
  query,
  firstPage,
  timeZone,
  filtered,
}: {
  query: string;
  firstPage: { items: TrailEntry[]; nextCursor: string | null };
  timeZone: string;
  filtered: boolean;
}) {
  const t = useTranslations("trail");
  const locale = useLocale();
  const pages = useKeysetPages<TrailEntry>(`/api/team/activity${query ? `?${query}` : ""}`, firstPage);
  return (
    <LoadMoreList
      pages={pages}
      empty={t(filtered ? "emptyFiltered" : "empty")}
      label={t("results")}
      className="divide-y rounded-lg border"
    >
      {(entry) => (
        <li
          key={entry.id}
          className="flex flex-col gap-0.5 px-3 py-2.5 sm:flex-row sm:items-baseline sm:gap-4"
          data-testid="trail-line"
          data-kind={entry.kind}
        >
          <time dateTime={entry.at} className="shrink-0 text-sm text-muted-foreground sm:w-56">
            {formatInZone(entry.at, "fullDateTime", timeZone, locale)}
          </time>
          <span className="min-w-0 break-words">{entry.text}</span>
        </li>
      )}
    </LoadMoreList>
  );
}

/**
 * Settings → Team → Activity trail: who did what in the workspace, newest first. The filters are
 * a GET form (the URL holds them); 'Load more' follows GET /api/team/activity; the export
 * downloads every line of the same filters as CSV.
 */
export function TrailScreen({
  members,
  filters,
  firstPage,
  timeZone,
}: {
  members: { userId: string; name: string }[];
  filters: TrailFilter;
  firstPage: { items: TrailEntry[]; nextCursor: string | null };
  timeZone: string;
}) {
  const t = useTranslations("trail");
  const id = useId();
  const query = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  ).toString();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </div>
      <Form action={PATH} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div className="space-y-1">
          <Label htmlFor={`${id}-person`}>{t("filterPerson")}</Label>
          <NativeSelect id={`${id}-person`} name="actorId" defaultValue={filters.actorId ?? ""}>
            <NativeSelectOption value="">{t("everyone")}</NativeSelectOption>
            {members.map((member) => (
              <NativeSelectOption key={member.userId} value={member.userId}>
                {member.name}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-kind`}>{t("filterKind")}</Label>
          <NativeSelect id={`${id}-kind`} name="kind" defaultValue={filters.kind ?? ""}>
            <NativeSelectOption value="">{t("allKinds")}</NativeSelectOption>
            {TRAIL_KIND_GROUP_NAMES.map((group) => (
              <NativeSelectOption key={group} value={group}>
                {t(`kindGroups.${group}`)}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit">{t("apply")}</Button>
      </Form>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <a
          href={`/api/team/activity/export${query ? `?${query}` : ""}`}
          download
          className={buttonVariants({ variant: "outline" })}
        >
          <Download className="size-4" aria-hidden />
          {t("export")}
        </a>
        <p className="text-sm text-muted-foreground">{t("exportHint")}</p>
      </div>
      <TrailList
        key={query}
        query={query}
        firstPage={firstPage}
        timeZone={timeZone}
        filtered={query !== ""}
      />
    </div>
  );
}
