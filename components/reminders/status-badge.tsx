import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

// Scheduled amber, sent green, failed red (text dark enough for contrast on the tint).
const COLOURS: Record<string, string> = {
  scheduled: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  sent: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100",
  failed: "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100",
  cancelled: "bg-muted text-muted-foreground",
};

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <Badge variant="outline" className={cn("border-transparent", COLOURS[status])} data-status={status}>
      {label}
    </Badge>
  );
}
