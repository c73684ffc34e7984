/** One element of a TwiML document: its verb, attributes and content, in document order. */
export interface TwimlElement {
  name: string;
  attributes: Record<string, string>;
  children: TwimlNode[];
}

export type TwimlNode = TwimlElement | string;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function unescape(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
    if (/^#x/i.test(name)) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? entity;
  });
}

/**
 * Reads a TwiML document as Twilio executes it: elements in order (a voice call runs its verbs
 * one after the other, so order matters, which an object-shaped XML reader loses). Throws on a
 * document that is not well-formed, as Twilio refuses one (error 12100).
 */
export function parseTwiml(xml: string): TwimlElement {
  const body = xml.replace(/^\s*<\?xml[^>]*\?>/, "");
  const root: TwimlElement = { name: "#document", attributes: {}, children: [] };
  const stack: TwimlElement[] = [root];
  const tag = /<(\/?)([A-Za-z][\w.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
  let at = 0;
  for (let match = tag.exec(body); match; match = tag.exec(body)) {
    const text = body.slice(at, match.index);
    if (/[<>]/.test(text)) throw new Error(`Malformed TwiML near ${JSON.stringify(text.slice(0, 40))}`);
    if (text.trim()) stack[stack.length - 1].children.push(unescape(text));
    at = tag.lastIndex;
    const [, closing, name, rawAttributes, selfClosing] = match;
    if (closing) {
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`Mismatched </${name}> in TwiML`);
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const [, key, , double, single] of rawAttributes.matchAll(
      /([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g,
    )) {
      attributes[key] = unescape(double ?? single ?? "");
    }
    const element: TwimlElement = { name, attributes, children: [] };
    stack[stack.length - 1].children.push(element);
    if (!selfClosing) stack.push(element);
  }
  if (stack.length !== 1 || body.slice(at).trim()) throw new Error("Unclosed TwiML element");
  const [response] = root.children;
  if (typeof response !== "object" || response.name !== "Response" || root.children.length !== 1) {
    throw new Error("A TwiML document is one <Response>");
  }
  return response;
}

/** The text content of an element (a <Say>'s words, a <Play>'s or <Redirect>'s URL). */
export function textOf(element: TwimlElement): string {
  return element.children.map((child) => (typeof child === "string" ? child : textOf(child))).join("");
}
