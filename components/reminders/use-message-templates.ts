"use client";

import { useCallback, useEffect, useState } from "react";
import { apiResult } from "@/lib/api-client/request";
import type { TemplateView } from "@/lib/templates/template-view";

export type SavedTemplate = Pick<TemplateView, "id" | "name" | "body" | "locale">;

/** The user's saved templates (GET /api/templates), reloaded after each change. */
export function useMessageTemplates() {
  const [templates, setTemplates] = useState<SavedTemplate[]>([]);
  const reload = useCallback(async () => {
    const result = await apiResult<SavedTemplate[]>("GET", "/api/templates").catch(() => null);
    if (result?.ok) setTemplates(result.data);
  }, []);
  useEffect(() => {
    // Loaded once per dialog; a failure leaves the built-in templates.
    void apiResult<SavedTemplate[]>("GET", "/api/templates")
      .then((result) => {
        if (result.ok) setTemplates(result.data);
      })
      .catch(() => undefined);
  }, []);
  return { templates, reload };
}
