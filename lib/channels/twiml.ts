import "server-only";
function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A messaging TwiML answer: empty (no reply) or one <Message>. */
export function twiml(reply: string | null): string {
  const inner = reply ? `<Message>${escapeXml(reply)}</Message>` : "";
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${inner}</Response>`;
}
