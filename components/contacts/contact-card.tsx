"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { Bell, Mail, MoreVertical, Pencil, Phone, Trash2 } from "lucide-react";
import { useCan } from "@/components/layout/permissions";
import { AuthorshipLines } from "@/components/trail/authorship-lines";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { initialsOf, type ContactView } from "@/lib/contacts/contact-view";
import { ContactChannelStatus } from "./contact-channel-status";
import { ContactConsentHistory } from "./contact-consent-history";
import { ContactForgetRequest } from "./contact-forget-request";
import { ContactDatesList } from "./contact-dates-list";
import { formatPhone } from "@/lib/validations/phone";
import { cn } from "@/lib/utils";
import type { GroupView } from "./group-calls";

export interface ContactCardProps {
  contact: ContactView;
  onEdit(): void;
  onDelete(): void;
  /** The owner's zone: a contact without one of their own is reminded in it. */
  ownerTimezone: string;
  /** A reminder was made from one of the contact's dates. */
  onChanged(): void;
  /** The groups the contact is in, by name. */
  groups: readonly GroupView[];
  /** Select mode: a checkbox, and a click anywhere on the card ticks it. */
  selection?: { selected: boolean; onToggle(selected: boolean): void };
}

/**
 * One contact: photo or initials, a request to be forgotten (with its Delete), details, groups,
 * reminder figures, who added and last changed it, its consent history, and for a role that may
 * write, Send Reminder and a menu to edit or delete it.
 */
export function ContactCard({
  contact,
  onEdit,
  onDelete,
  ownerTimezone,
  onChanged,
  groups,
  selection,
}: ContactCardProps) {
  const t = useTranslations("contacts");
  const tg = useTranslations("groups");
  const format = useFormatter();
  const canWrite = useCan("write");
  const checkboxId = `select-contact-${contact.id}`;
  return (
    <Card
      data-testid="contact-card"
      data-selected={selection?.selected ? "" : undefined}
      className={cn("relative flex h-full min-w-0 flex-col", selection?.selected && "ring-2 ring-primary")}
    >
      {selection ? (
        // The whole card is the checkbox's label for the pointer; the checkbox alone is in the tab order.
        <label htmlFor={checkboxId} aria-hidden className="absolute inset-0 z-10 cursor-pointer rounded-lg" />
      ) : null}
      <CardContent className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex items-start gap-3">
          {selection ? (
            <Checkbox
              id={checkboxId}
              checked={selection.selected}
              onCheckedChange={(checked) => selection.onToggle(checked === true)}
              aria-label={tg("selectContact", { name: contact.name })}
              className="relative z-20 mt-4 size-5"
            />
          ) : null}
          <Avatar className="size-12">
            {contact.avatarUrl ? <AvatarImage src={contact.avatarUrl} alt={contact.name} /> : null}
            <AvatarFallback aria-hidden>{initialsOf(contact.name)}</AvatarFallback>
          </Avatar>
          <div className="min-w-0 flex-1">
            {/* Whole names wrap (never cut off); the grid's cards stretch to one height per row. */}
            <h2 className="font-semibold wrap-break-word">{contact.name}</h2>
            {contact.relationship ? (
              <Badge variant="secondary" className="mt-1 max-w-full whitespace-normal wrap-break-word">
                {contact.relationship}
              </Badge>
            ) : null}
          </div>
          {selection || !canWrite ? null : (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="ghost" size="icon" aria-label={t("menuLabel", { name: contact.name })}>
                  <MoreVertical />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuItem onSelect={onEdit}>
                  <Pencil /> {t("editContact")}
                </DropdownMenuItem>
                <DropdownMenuItem variant="destructive" onSelect={onDelete}>
                  <Trash2 /> {t("deleteContact")}
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          )}
        </div>
        {/* Shown first: the contact's request waits on the sender, and its button is one click. */}
        {contact.forgetRequestedAt ? (
          <div inert={selection !== undefined} className={cn(selection && "pointer-events-none")}>
            <ContactForgetRequest contact={contact} onDelete={onDelete} />
          </div>
        ) : null}
        {groups.length > 0 ? (
          <ul className="flex flex-wrap gap-1" aria-label={tg("cardGroups")} data-testid="contact-groups">
            {groups.map((group) => (
              <li key={group.id} className="min-w-0 max-w-full">
                <Badge variant="outline" className="max-w-full whitespace-normal wrap-break-word">
                  {group.name}
                </Badge>
              </li>
            ))}
          </ul>
        ) : null}
        <ul className="grid grid-cols-1 gap-1 text-sm text-muted-foreground">
          {contact.email ? (
            <>
              <li className="flex items-center gap-2">
                <Mail className="size-4 shrink-0" aria-hidden />
                <span className="min-w-0 wrap-anywhere">{contact.emailDisplay ?? contact.email}</span>
                {contact.emailSuppressedAt ? (
                  <Badge
                    variant="destructive"
                    data-testid="email-suppressed"
                    title={t("emailSuppressedReason", { reason: contact.emailSuppressedReason ?? "" })}
                  >
                    {t("emailSuppressed")}
                  </Badge>
                ) : null}
              </li>
              {contact.emailSuppressedAt ? (
                <li className="text-xs text-destructive">
                  {t("emailSuppressedReason", { reason: contact.emailSuppressedReason ?? "" })}
                </li>
              ) : null}
            </>
          ) : null}
          {contact.phone ? (
            <li className="flex items-center gap-2">
              <Phone className="size-4 shrink-0" aria-hidden />
              <span data-testid="contact-phone">{formatPhone(contact.phone)}</span>
            </li>
          ) : null}
          <ContactChannelStatus contact={contact} />
          <li className="flex items-center gap-2">
            <Bell className="size-4 shrink-0" aria-hidden />
            <span>{t("reminderCount", { count: contact.reminderCount })}</span>
          </li>
          <li className="text-xs">
            {contact.lastReminder
              ? t("lastReminder", {
                  date: format.dateTime(new Date(contact.lastReminder), { dateStyle: "medium" }),
                })
              : t("neverReminded")}
          </li>
        </ul>
        <AuthorshipLines authorship={contact.authorship} />
        {/* In Select mode the card's own controls sleep (no focus, no pointer): Tab goes from
            checkbox to checkbox, and a click lands on the card's label. */}
        <div
          className={cn("flex flex-1 flex-col gap-4", selection && "pointer-events-none")}
          inert={selection !== undefined}
        >
          <ContactDatesList contact={contact} ownerTimezone={ownerTimezone} onChanged={onChanged} />
          <ContactConsentHistory contact={contact} />
          {canWrite && (
            <Button asChild variant="outline" className="mt-auto">
              <Link href={`/reminders?new=1&contactId=${encodeURIComponent(contact.id)}`}>
                {t("sendReminder")}
              </Link>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
