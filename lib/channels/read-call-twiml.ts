import { unescapeXml } from "./twiml";

/** One instruction of a call's TwiML, as the dev outbox shows it. */
export type CallStep =
  | { kind: "say"; text: string }
  | { kind: "play"; url: string }
  | { kind: "pause"; seconds: number }
  | { kind: "gather"; timeout: number | null; steps: CallStep[] }
  | { kind: "hangup" }
  | { kind: "redirect"; url: string };

// The verbs lib/channels/call-twiml.ts writes; <Gather> nests only <Say> and <Play>, never itself.
const VERB = /<(Say|Play|Pause|Gather|Hangup|Redirect)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/g;
const ATTRIBUTE = /([A-Za-z]+)="([^"]*)"/g;

function attributes(text: string): Record<string, string> {
  return Object.fromEntries(
    [...text.matchAll(ATTRIBUTE)].map(([, name, value]) => [name, unescapeXml(value)]),
  );
}

/**
 * The steps of a call's TwiML in order (what is said, played, waited for): the TwiML answered
 * when a call connects or after a key, read back for the dev outbox. Verbs it does not use are
 * left out.
 */
export function readCallTwiml(xml: string): CallStep[] {
  return [...xml.matchAll(VERB)].map(([, verb, attrs, inner = ""]): CallStep => {
    const attr = attributes(attrs);
    switch (verb) {
      case "Say":
        return { kind: "say", text: unescapeXml(inner) };
      case "Play":
        return { kind: "play", url: unescapeXml(inner.trim()) };
      case "Pause":
        return { kind: "pause", seconds: Number(attr.length ?? 1) };
      case "Gather":
        return {
          kind: "gather",
          timeout: attr.timeout ? Number(attr.timeout) : null,
          steps: readCallTwiml(inner),
        };
      case "Redirect":
        return { kind: "redirect", url: unescapeXml(inner.trim()) };
      default:
        return { kind: "hangup" };
    }
  });
}

/** What the call says, in order (inside a <Gather> too): its <Say> texts. */
export function spokenLines(steps: CallStep[]): string[] {
  return steps.flatMap((step) =>
    step.kind === "say" ? [step.text] : step.kind === "gather" ? spokenLines(step.steps) : [],
  );
}
