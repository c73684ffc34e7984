"use client";

import Form from "next/form";
import { useId } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { LoadMoreList } from "@/components/ui/load-more-list";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { DELIVERY_METHODS } from "@/db/schema/enums";
import type { ActivityPage } from "@/lib/activity/list-activity";
import { ACTIVITY_STATUSES } from "@/lib/validations/delivery";
import { DeliveryEntryItem } from "./delivery-entry-item";
import type { DeliveryEntry } from "@/lib/activity/to-delivery-entry";
import { useKeysetPages } from "@/lib/api-client/use-keyset-pages";

interface Filters {
  status?: string;
  channel?: string;
  contactId?: string;
}

function ActivityList({
  query,
  firstPage,
  timeZone,
}: {
  query: string;
  firstPage: ActivityPage;
  timeZone: string;
}) {
  const t = useTranslations("deliveryLog");
  const pages = useKeysetPages<DeliveryEntry>(`/api/deliveries${query ? `?${query}` : ""}`, firstPage);
  return (
    <LoadMoreList
      pages={pages}
      empty={t("activity.empty")}
      label={t("activity.results")}
      className="space-y-2"
    >
      {(entry) => <DeliveryEntryItem key={entry.id} entry={entry} timeZone={timeZone} showContact />}
    </LoadMoreList>
  );
}

/**
 * `/activity`: filters are a GET form (the URL holds them, so a filtered view can be shared and
 * reloaded); the list continues with 'Load more' through GET /api/deliveries.
 */
export function ActivityScreen({
  timeZone,
  contacts,
  filters,
  firstPage,
}: {
  timeZone: string;
  contacts: { id: string; name: string }[];
  filters: Filters;
  firstPage: ActivityPage;
}) {
  const t = useTranslations("deliveryLog");
  const id = useId();
  const query = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  ).toString();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{t("activity.title")}</h1>
        <p className="text-muted-foreground">{t("activity.subtitle")}</p>
      </div>
      <Form action="/activity" className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
        <div className="space-y-1">
          <Label htmlFor={`${id}-status`}>{t("activity.filterStatus")}</Label>
          <NativeSelect id={`${id}-status`} name="status" defaultValue={filters.status ?? ""}>
            <NativeSelectOption value="">{t("activity.all")}</NativeSelectOption>
            {ACTIVITY_STATUSES.map((status) => (
              <NativeSelectOption key={status} value={status}>
                {t(`activity.statuses.${status}`)}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-channel`}>{t("activity.filterChannel")}</Label>
          <NativeSelect id={`${id}-channel`} name="channel" defaultValue={filters.channel ?? ""}>
            <NativeSelectOption value="">{t("activity.all")}</NativeSelectOption>
            {DELIVERY_METHODS.map((channel) => (
              <NativeSelectOption key={channel} value={channel}>
                {t(`channels.${channel}`)}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-contact`}>{t("activity.filterContact")}</Label>
          <NativeSelect id={`${id}-contact`} name="contactId" defaultValue={filters.contactId ?? ""}>
            <NativeSelectOption value="">{t("activity.allContacts")}</NativeSelectOption>
            {contacts.map((contact) => (
              <NativeSelectOption key={contact.id} value={contact.id}>
                {contact.name}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit">{t("activity.apply")}</Button>
      </Form>
      <ActivityList key={query} query={query} firstPage={firstPage} timeZone={timeZone} />
    </div>
  );
}
