import "server-only";
/** Trial blue, active green, cancelled orange, expired red, anything else gray. */
const COLOURS: Record<string, string> = {
  trial: "bg-blue-100 text-blue-800 dark:bg-blue-900 dark:text-blue-100",
  active: "bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100",
  cancelled: "bg-orange-100 text-orange-800 dark:bg-orange-900 dark:text-orange-100",
  expired: "bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100",
};
const GRAY = "bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-100";

export function statusBadgeColour(status: string): string {
  return COLOURS[status] ?? GRAY;
}
