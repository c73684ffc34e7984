"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { undoToast } from "@/components/ui/undo-toast";
import type { SendNowMode } from "@/db/schema/enums";
import { apiResult, type ApiResult } from "@/lib/api-client/request";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";

/** Cancel, Send now and Retry, each with its success or error toast; `onChanged` runs after each success. */
export function useReminderActions(onChanged?: () => void) {
  const t = useTranslations("reminders");
  const tc = useTranslations("common");
  const router = useRouter();
  const errorText = useApiErrorText();
  const done = () => {
    onChanged?.();
    router.refresh();
  };
  const fail = (result: ApiResult<unknown>) =>
    toast.error(t("errorTitle"), { description: errorText(result) });

  /** No confirmation: the toast's Undo puts the reminder back for a few seconds. */
  async function cancel(id: string) {
    const result = await apiResult("DELETE", `/api/reminders/${id}`);
    if (!result.ok) return fail(result);
    undoToast(t("cancelled"), { undoLabel: tc("undo"), onUndo: () => void restore(id) });
    done();
  }

  async function restore(id: string) {
    const result = await apiResult("POST", `/api/reminders/${id}/restore`);
    if (!result.ok) return fail(result);
    toast.success(t("restored"));
    done();
  }

  /** `nextDate`: the next occurrence as the user reads it, which an extra message leaves in place. */
  async function send(id: string, mode?: SendNowMode, nextDate?: string) {
    const result = await apiResult<{ success?: boolean; error?: string | null }>(
      "POST",
      `/api/reminders/${id}/send`,
      mode ? { mode } : undefined,
    );
    if (!result.ok) return fail(result);
    if (!result.data?.success) {
      toast.error(t("sendFailed"), { description: result.data?.error || t("sendFailedDefault") });
      return;
    }
    if (mode === "extra" && nextDate)
      toast.success(t("sentExtra"), { description: t("sentExtraDescription", { date: nextDate }) });
    else toast.success(t("sent"));
    done();
  }

  async function retry(id: string) {
    const result = await apiResult<{ success?: boolean; error?: string | null }>(
      "POST",
      `/api/reminders/${id}/retry`,
    );
    if (!result.ok) return fail(result);
    if (!result.data?.success) {
      toast.error(t("errorTitle"), { description: result.data?.error || t("sendFailedDefault") });
      return;
    }
    toast.success(t("retried"), { description: t("retriedDescription") });
    done();
  }

  return { cancel, send, retry };
}
