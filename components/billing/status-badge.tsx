import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { statusBadgeColour } from "@/lib/billing/status-badge-colour";
import { cn } from "@/lib/utils";

const KNOWN = new Set(["trial", "active", "cancelled", "expired"]);

export function StatusBadge({ status }: { status: string }) {
  const t = useTranslations("billing.status");
  return (
    <Badge
      data-testid="status-badge"
      data-status={status}
      className={cn("border-transparent", statusBadgeColour(status))}
    >
      {KNOWN.has(status) ? t(status as "trial") : status}
    </Badge>
  );
}
