"use client";

import { useTranslations } from "next-intl";
import { Progress } from "@/components/ui/progress";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";
import { isErrorCode } from "@/lib/errors/error-codes";
import type { ClipUploadState } from "./use-clip-upload";

/**
 * Where the clip is: uploading (with its progress), being prepared, ready, or why it was
 * refused. Announced politely, so that a keyboard or screen-reader user hears when Save opens.
 */
export function ClipUploadStatus({ state, onRetry }: { state: ClipUploadState; onRetry?: () => void }) {
  const t = useTranslations("media");
  const tUpload = useTranslations("upload");
  const tErrors = useTranslations("errors");
  const errorText = useApiErrorText();
  if (state.step === "idle") return <div aria-live="polite" data-testid="media-upload-status" />;

  const failure =
    state.step === "failed"
      ? tErrors(
          isErrorCode(state.media.failureReason) ? state.media.failureReason : "media_processing_failed",
        )
      : state.step === "refused"
        ? // Our API's refusals have their translation; anything else (a proxy's error page, a
          // dropped connection) reads as the upload's own failure.
          isErrorCode(state.failure.code)
          ? errorText(state.failure)
          : tErrors("upload_incomplete")
        : null;
  const percent = state.step === "uploading" ? Math.round(state.progress * 100) : null;
  return (
    <div aria-live="polite" className="grid grid-cols-1 gap-2 text-sm" data-testid="media-upload-status">
      {state.step === "creating" && <p>{t("uploadStarting")}</p>}
      {percent !== null && (
        <>
          <p>{t("uploading", { percent })}</p>
          <Progress value={percent} aria-label={tUpload("uploading")} />
        </>
      )}
      {state.step === "processing" && <p>{t("preparing")}</p>}
      {state.step === "ready" && <p className="text-green-700 dark:text-green-400">{t("ready")}</p>}
      {failure && (
        <div role="alert" className="rounded-md bg-destructive/10 p-3 text-destructive">
          <p className="font-medium">{state.step === "failed" ? t("unusable") : tUpload("uploadFailed")}</p>
          <p>{failure}</p>
          {onRetry && state.step === "refused" && (
            <button type="button" className="mt-1 underline" onClick={onRetry}>
              {t("tryAgain")}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
