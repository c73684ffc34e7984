/** A clip's length or position as m:ss (125 000 ms → "2:05"). */
export function formatClipTime(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
