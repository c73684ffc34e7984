"use client";

import { useId, useState, useTransition } from "react";
import { useTranslations } from "next-intl";
import { Copy } from "lucide-react";
import { toast } from "sonner";
import { copyText } from "@/components/ui/copy-text";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { CallResult } from "@/lib/api-client/call-result";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";

export type CreateCalendarFeedLink = (input: Record<string, never>) => Promise<CallResult<{ url: string }>>;

/** Settings' "Calendar feed" card: the secret ICS link, copy, create and regenerate (with a confirmation). */
export function CalendarFeedCard({
  initialUrl,
  createLink,
}: {
  initialUrl: string | null;
  createLink: CreateCalendarFeedLink;
}) {
  const t = useTranslations("calendarFeed");
  const errorText = useApiErrorText();
  const inputId = useId();
  const [url, setUrl] = useState(initialUrl);
  const [pending, startTransition] = useTransition();

  const create = (regenerating: boolean) =>
    startTransition(async () => {
      const result = await createLink({});
      if (result.ok) {
        setUrl(result.data.url);
        toast.success(regenerating ? t("regenerated") : t("created"));
      } else {
        toast.error(t("failed"), { description: errorText(result) });
      }
    });

  const copy = () =>
    url ? copyText(url, inputId, { copied: t("copied"), failed: t("copyFailed") }) : undefined;

  return (
    <Card data-testid="calendar-feed">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {url ? (
          <div className="space-y-2">
            <Label htmlFor={inputId}>{t("urlLabel")}</Label>
            <div className="flex flex-wrap gap-2 sm:flex-nowrap">
              <Input
                id={inputId}
                readOnly
                value={url}
                aria-describedby={`${inputId}-private`}
                onFocus={(event) => event.currentTarget.select()}
                className="min-w-0 font-mono text-xs"
              />
              <Button type="button" variant="outline" onClick={copy}>
                <Copy aria-hidden="true" className="size-4" />
                {t("copy")}
              </Button>
            </div>
            <p id={`${inputId}-private`} className="text-sm text-muted-foreground">
              {t("private")}
            </p>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t("none")}</p>
        )}
        {url ? (
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button type="button" variant="outline" disabled={pending}>
                {pending ? t("regenerating") : t("regenerate")}
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>{t("regenerateTitle")}</AlertDialogTitle>
                <AlertDialogDescription>{t("regenerateDescription")}</AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
                <AlertDialogAction onClick={() => create(true)}>{t("regenerateConfirm")}</AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        ) : (
          <Button type="button" onClick={() => create(false)} disabled={pending}>
            {pending ? t("creating") : t("create")}
          </Button>
        )}
        <div className="space-y-1 text-sm">
          <h3 className="font-medium">{t("howToTitle")}</h3>
          <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
            <li>{t("howToGoogle")}</li>
            <li>{t("howToApple")}</li>
            <li>{t("howToOutlook")}</li>
          </ul>
          <p className="text-muted-foreground">{t("howToNote")}</p>
        </div>
      </CardContent>
    </Card>
  );
}
