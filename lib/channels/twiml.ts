import "server-only";
function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A messaging TwiML answer: empty (no reply) or one <Message>. */
export function twiml(reply: string | null): string {
  const inner = reply ? `<Message>${escapeXml(reply)}</Message>` : "";
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${inner}</Response>`;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** XML text with its character and entity references undone. */
export function unescapeXml(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X"))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? entity;
  });
}

/** The texts of a TwiML answer's <Message> elements (what Twilio would send back), unescaped. */
export function twimlMessages(xml: string): string[] {
  return [...xml.matchAll(/<Message>([\s\S]*?)<\/Message>/g)].map(([, text]) => unescapeXml(text));
}
