"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
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
import { FormError } from "@/components/ui/field-error";
import { usePreferencesAction } from "./use-preferences-action";

/**
 * "Forget me": asked once, after a confirmation. Then the page says when it was asked and what
 * happens next (the sender is told by e-mail and deletes; nothing is sent meanwhile).
 */
export function ForgetSection({
  token,
  sender,
  requestedOn,
}: {
  token: string;
  sender: string;
  requestedOn: string | null;
}) {
  const t = useTranslations("preferencesPage.forget");
  const { run, pending, error } = usePreferencesAction(token);
  const [open, setOpen] = useState(false);

  return (
    <section aria-labelledby="forget-title" className="space-y-3">
      <h2 id="forget-title" className="text-lg font-semibold">
        {t("title")}
      </h2>
      {requestedOn ? (
        <div role="status" className="space-y-2">
          <p className="font-medium">{t("requested", { sender, date: requestedOn })}</p>
          <p className="text-sm">{t("next", { sender })}</p>
        </div>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t("consent", { sender })}</p>
          <AlertDialog open={open} onOpenChange={setOpen}>
            <AlertDialogTrigger asChild>
              <Button
                type="button"
                variant="outline"
                disabled={pending}
                className="h-auto min-h-10 w-full whitespace-normal sm:w-auto"
              >
                {t("button", { sender })}
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>{t("confirmTitle", { sender })}</AlertDialogTitle>
                <AlertDialogDescription>{t("consent", { sender })}</AlertDialogDescription>
              </AlertDialogHeader>
              <FormError text={error} />
              <AlertDialogFooter>
                <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
                <AlertDialogAction
                  disabled={pending}
                  onClick={async (event) => {
                    event.preventDefault();
                    const result = await run({ action: "forget" });
                    if (result.ok) setOpen(false);
                  }}
                >
                  {t("confirm")}
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        </>
      )}
    </section>
  );
}
