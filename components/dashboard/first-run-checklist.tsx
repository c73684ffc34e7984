import Link from "next/link";
import { CircleCheck, Circle } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { ChecklistStep } from "@/lib/dashboard/first-run-checklist";
import { HideChecklistButton } from "./hide-checklist-button";

/**
 * A new account's first steps on the dashboard, each linking to where it is done and ticked
 * from the account's data; gone once all are done, or hidden with its button.
 */
export async function FirstRunChecklist({ steps }: { steps: ChecklistStep[] }) {
  const t = await getTranslations("dashboard.checklist");
  const done = steps.filter((step) => step.done).length;
  return (
    <Card data-testid="first-run-checklist" role="region" aria-labelledby="first-run-checklist-title">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <CardTitle id="first-run-checklist-title" className="text-lg">
            {t("title")}
          </CardTitle>
          <p className="text-sm text-muted-foreground">{t("progress", { done, total: steps.length })}</p>
        </div>
        <HideChecklistButton />
      </CardHeader>
      <CardContent>
        <ol className="grid gap-2 sm:grid-cols-3">
          {steps.map((step) => {
            const Icon = step.done ? CircleCheck : Circle;
            return (
              <li key={step.key} data-testid={`checklist-${step.key}`} data-done={step.done}>
                <Link
                  href={step.href}
                  className="flex h-full items-start gap-3 rounded-md border p-3 text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <Icon
                    className={`mt-0.5 size-5 shrink-0 ${step.done ? "text-primary" : "text-muted-foreground"}`}
                    aria-hidden="true"
                  />
                  <span className="min-w-0">
                    <span
                      className={`block font-medium ${step.done ? "text-muted-foreground line-through" : ""}`}
                    >
                      {t(`${step.key}.title`)}
                    </span>
                    <span className="block text-muted-foreground">{t(`${step.key}.hint`)}</span>
                    <span className="sr-only">{step.done ? t("done") : t("toDo")}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
