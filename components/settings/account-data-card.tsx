"use client";

import { useId, useState, useTransition } from "react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { apiResult } from "@/lib/api-client/request";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";

// The theme's dark destructive red is too light under white text (axe contrast): a darker red in both themes.
const DANGER = "bg-red-700 text-white hover:bg-red-800 dark:bg-red-700 dark:hover:bg-red-800";

/** Settings' "Your data" card: a JSON export, and account deletion confirmed by typing the e-mail. */
export function AccountDataCard({ email }: { email: string }) {
  const t = useTranslations("settings.data");
  const router = useRouter();
  const errorText = useApiErrorText();
  const inputId = useId();
  const [typed, setTyped] = useState("");
  const [pending, startTransition] = useTransition();
  const matches = typed.trim().toLowerCase() === email.toLowerCase();

  const remove = () =>
    startTransition(async () => {
      const res = await apiResult("DELETE", "/api/account", { email: typed });
      if (res.ok) {
        // The session is gone: leave the signed-in screens and drop their cached renders.
        router.replace("/");
        router.refresh();
        return;
      }
      toast.error(t("deleteFailed"), { description: errorText(res) });
    });

  return (
    <Card data-testid="account-data">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <a href="/api/account/export" download className={buttonVariants({ variant: "outline" })}>
          {t("export")}
        </a>
        <AlertDialog onOpenChange={() => setTyped("")}>
          <AlertDialogTrigger asChild>
            <Button variant="destructive" className={DANGER}>
              {t("delete")}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{t("deleteTitle")}</AlertDialogTitle>
              <AlertDialogDescription>{t("deleteDescription")}</AlertDialogDescription>
            </AlertDialogHeader>
            <div className="space-y-2">
              <Label htmlFor={inputId}>{t("confirmLabel", { email })}</Label>
              <Input
                id={inputId}
                type="email"
                autoComplete="off"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
              />
            </div>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={pending}>{t("cancel")}</AlertDialogCancel>
              <Button
                variant="destructive"
                className={DANGER}
                disabled={!matches || pending}
                onClick={remove}
              >
                {pending ? t("deleting") : t("confirm")}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
