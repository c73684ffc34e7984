import { readFileSync } from "node:fs";
import path from "node:path";

export const dynamic = "force-dynamic";

const LISTS = new Set(["contacts", "reminders"]);
const payloads = new Map<string, unknown>();

/**
 * The JSON floor: what the app's list answered at the start of the run (FLOOR_PAYLOAD_DIR, written
 * by bench:web), parsed once and serialised from memory on every request.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ list: string }> }) {
  const { list } = await params;
  const dir = process.env.FLOOR_PAYLOAD_DIR;
  if (!dir || !LISTS.has(list)) return new Response(null, { status: 404 });
  if (!payloads.has(list))
    payloads.set(list, JSON.parse(readFileSync(path.join(dir, `${list}.json`), "utf8")));
  return Response.json(payloads.get(list));
}
