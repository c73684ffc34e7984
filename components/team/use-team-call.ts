"use client";

import { useCallback, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import type { CallFailure } from "@/lib/api-client/call-result";
import { apiResult } from "@/lib/api-client/request";
import { useApiErrorText } from "@/lib/api-client/use-api-error-text";

export interface TeamRequest {
  method: "POST" | "PATCH" | "DELETE";
  url: string;
  body?: unknown;
}

export interface TeamCallWords {
  /** The toast once it is done. */
  done: string;
  /** The toast's title when it is refused; its text is the translated reason (`errors.<code>`). */
  failed: string;
}

export interface TeamCallOptions {
  /** Shows a refusal in place (beside a field); answers whether it did, else it is a toast. */
  onRefused?: (failure: CallFailure) => boolean;
  /** After success, before the page is read again (e.g. to go elsewhere). */
  onDone?: () => void;
}

/**
 * One team route's call from the Team page: on success a toast and the page read again from
 * the server (members, invitations and seats change together); a refusal shows its reason in
 * the person's language.
 */
export function useTeamCall() {
  const router = useRouter();
  const errorText = useApiErrorText();
  const [pending, startTransition] = useTransition();
  const call = useCallback(
    (request: TeamRequest, words: TeamCallWords, options: TeamCallOptions = {}) =>
      startTransition(async () => {
        const result = await apiResult(request.method, request.url, request.body);
        if (!result.ok) {
          if (!options.onRefused?.(result)) toast.error(words.failed, { description: errorText(result) });
          return;
        }
        toast.success(words.done);
        options.onDone?.();
        router.refresh();
      }),
    [errorText, router],
  );
  return { pending, call, errorText };
}
