"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { apiResult, type ApiResult } from "@/lib/api-client/request";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";

/** Cancel, Send now and Retry, each with its success or error toast; `onChanged` runs after each success. */
export function useReminderActions(onChanged?: () => void) {
  const t = useTranslations("reminders");
  const router = useRouter();
  const errorText = useApiErrorText();
  const done = () => {
    onChanged?.();
    router.refresh();
  };
  const fail = (result: ApiResult<unknown>) =>
    toast.error(t("errorTitle"), { description: errorText(result) });

  async function cancel(id: string) {
    const result = await apiResult("DELETE", `/api/reminders/${id}`);
    if (!result.ok) return fail(result);
    toast.success(t("cancelled"));
    done();
  }

  async function send(id: string) {
    const result = await apiResult<{ success?: boolean; error?: string | null }>(
      "POST",
      `/api/reminders/${id}/send`,
    );
    if (!result.ok) return fail(result);
    if (!result.data?.success) {
      toast.error(t("sendFailed"), { description: result.data?.error || t("sendFailedDefault") });
      return;
    }
    toast.success(t("sent"));
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
