import { pool } from "@/lib/db";

const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"]);
const START_WORDS = new Set(["START", "UNSTOP"]);

/**
 * An inbound message from a phone: STOP words opt every contact with that number out of
 * SMS and WhatsApp; START words opt them back in. Returns what changed.
 */
export async function handleTwilioInbound(params: Record<string, string>): Promise<{
  action: "opt_out" | "opt_in" | "none";
  contacts: number;
}> {
  const word = (params.Body ?? "").trim().toUpperCase();
  const phone = (params.From ?? "").replace(/^whatsapp:/, "").trim();
  const optOut = STOP_WORDS.has(word) ? true : START_WORDS.has(word) ? false : null;
  if (optOut === null || !phone) return { action: "none", contacts: 0 };
  const result = await pool.query(
    `update contacts set sms_opt_out = $2, whatsapp_opt_out = $2, updated_at = now() where phone = $1`,
    [phone, optOut],
  );
  return { action: optOut ? "opt_out" : "opt_in", contacts: result.rowCount ?? 0 };
}
