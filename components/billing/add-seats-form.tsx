"use client";

import { useId, useMemo, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { FieldError, FieldErrorsContext, fieldAria } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { addSeats } from "@/lib/actions/add-seats";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";

/** 'Add seats': how many members to add to the running subscription, and the price of one. */
export function AddSeatsForm({ priceNote }: { priceNote: string }) {
  const t = useTranslations("billing.seats");
  const errorText = useApiErrorText();
  const router = useRouter();
  const id = useId();
  const noteId = `${id}-note`;
  const [seats, setSeats] = useState("1");
  const [pending, startTransition] = useTransition();
  const controls = useMemo(() => ({ seats: id }), [id]);
  const fieldErrors = useFieldErrors(controls);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    fieldErrors.clear();
    startTransition(async () => {
      const result = await addSeats({ seats: Number(seats) });
      if (result.ok) {
        toast.success(t("added"));
        router.refresh();
      } else if (!fieldErrors.show(result)) toast.error(t("failed"), { description: errorText(result) });
    });
  };
  return (
    <FieldErrorsContext value={fieldErrors.errors}>
      <form onSubmit={submit} className="space-y-2" data-testid="add-seats-form" noValidate>
        <div className="flex flex-wrap items-end gap-2">
          <div className="space-y-1">
            <Label htmlFor={id}>{t("howMany")}</Label>
            <Input
              id={id}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={seats}
              className="w-28"
              {...fieldAria(fieldErrors.errors, id, noteId)}
              onChange={(event) => {
                fieldErrors.clear(id);
                setSeats(event.target.value);
              }}
            />
          </div>
          <Button type="submit" disabled={pending}>
            {t("add")}
          </Button>
        </div>
        <FieldError htmlFor={id} />
        <p id={noteId} className="text-muted-foreground">
          {priceNote}
        </p>
      </form>
    </FieldErrorsContext>
  );
}
