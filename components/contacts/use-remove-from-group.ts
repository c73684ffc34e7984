"use client";

import { useCallback } from "react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { undoToast } from "@/components/ui/undo-toast";
import { addToGroup, removeFromGroup, type GroupView } from "./group-calls";
import { useGroupErrorText } from "./use-group-error-text";

/**
 * Takes contacts out of a group at once (no question first: the toast's Undo puts them back),
 * then reloads the screen; answers whether they were taken out.
 */
export function useRemoveFromGroup(onChanged: () => Promise<void>) {
  const t = useTranslations("groups");
  const tc = useTranslations("common");
  const errorText = useGroupErrorText();

  return useCallback(
    async (group: GroupView, contactIds: readonly string[]) => {
      const result = await removeFromGroup(group.id, contactIds);
      if (!result.ok) {
        toast.error(t("errorTitle"), { description: errorText(result) });
        return false;
      }
      undoToast(t("removed", { name: group.name }), {
        description: t("removedCount", { count: result.data.count }),
        undoLabel: tc("undo"),
        onUndo: () =>
          void addToGroup(group.id, contactIds).then((back) => {
            if (!back.ok) toast.error(t("errorTitle"), { description: errorText(back) });
            return onChanged();
          }),
      });
      await onChanged();
      return true;
    },
    [t, tc, errorText, onChanged],
  );
}
