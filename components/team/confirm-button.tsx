"use client";

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
import { Button, buttonVariants } from "@/components/ui/button";

/** A button whose action happens only once a dialog saying what it does is confirmed (`destructive`: a red confirm). */
export function ConfirmButton({
  label,
  ariaLabel,
  title,
  description,
  confirm,
  cancel,
  onConfirm,
  disabled,
  destructive = false,
  size = "sm",
  testId,
}: {
  label: string;
  /** When the visible label alone is ambiguous (one "Remove" per row); it starts with the label. */
  ariaLabel?: string;
  title: string;
  description: string;
  confirm: string;
  cancel: string;
  onConfirm: () => void;
  disabled?: boolean;
  destructive?: boolean;
  size?: "sm" | "default";
  testId?: string;
}) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          variant="outline"
          size={size}
          disabled={disabled}
          aria-label={ariaLabel}
          data-testid={testId}
        >
          {label}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle className="break-words">{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{cancel}</AlertDialogCancel>
          <AlertDialogAction
            onClick={onConfirm}
            className={destructive ? buttonVariants({ variant: "destructive" }) : undefined}
          >
            {confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
