"use client";

import { createContext, useContext } from "react";
import { CircleAlert } from "lucide-react";
import { cn } from "@/lib/utils";

/** The errors a form shows, by the id of the control each concerns. */
export type ControlErrors = Readonly<Partial<Record<string, string>>>;
export const FieldErrorsContext = createContext<ControlErrors>({});

export const fieldErrorId = (controlId: string) => `${controlId}-error`;

/**
 * The aria attributes of the control `id`: invalid and described by its error while it has one,
 * and by `describedBy` (its hints) always.
 */
export function fieldAria(errors: ControlErrors, id: string, describedBy?: string) {
  const error = errors[id];
  const ids = [describedBy, error && fieldErrorId(id)].filter(Boolean).join(" ");
  return { "aria-invalid": error ? true : undefined, "aria-describedby": ids || undefined } as const;
}

/** `fieldAria` inside a form that provides its errors. */
export function useFieldAria(id: string, describedBy?: string) {
  return fieldAria(useContext(FieldErrorsContext), id, describedBy);
}

/**
 * The error of the control `htmlFor` (the form's context, or `text`), under it: announced when it
 * appears, an icon beside the colour.
 */
export function FieldError({
  htmlFor,
  text,
  className,
}: {
  htmlFor: string;
  text?: string;
  className?: string;
}) {
  const error = useContext(FieldErrorsContext)[htmlFor] ?? text;
  if (!error) return null;
  return <ErrorLine id={fieldErrorId(htmlFor)} text={error} className={className} />;
}

/** A refusal of the whole form (not of one field), above its buttons. */
export function FormError({ text, className }: { text: string | null; className?: string }) {
  if (!text) return null;
  return <ErrorLine text={text} className={className} />;
}

function ErrorLine({ id, text, className }: { id?: string; text: string; className?: string }) {
  return (
    <p
      id={id}
      role="alert"
      data-slot="field-error"
      className={cn("flex items-start gap-1.5 text-sm text-destructive", className)}
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}
