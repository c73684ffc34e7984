"use client";

import { useCallback, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import type { CallResult } from "@/lib/api-client/call-result";
import { apiResult } from "@/lib/api-client/request";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";
import type { PreferencesAction } from "@/lib/validations/preferences";

/**
 * Sends one action of the preferences page for its link, then reads the page again (the server
 * renders what now stands, in the language now chosen; what is typed and not yet saved stays).
 * `error` is the refusal's words, unless `shown` took it (a form showing it under a field).
 */
export function usePreferencesAction(token: string) {
  const router = useRouter();
  const t = useTranslations("preferencesPage");
  const errorText = useApiErrorText();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(
    async (
      action: PreferencesAction,
      shown?: (failure: CallResult<unknown>) => boolean,
    ): Promise<CallResult<unknown>> => {
      setPending(true);
      setError(null);
      try {
        const result = await apiResult("POST", `/api/prefs/${encodeURIComponent(token)}`, action);
        if (result.ok) router.refresh();
        else if (!shown?.(result))
          setError(result.status === 429 ? t("rateLimited") : result.code ? errorText(result) : t("failed"));
        return result;
      } catch {
        setError(t("failed"));
        return { ok: false, status: 0, code: null, message: "network", details: {} };
      } finally {
        setPending(false);
      }
    },
    [token, router, t, errorText],
  );

  return { run, pending, error, setError };
}
