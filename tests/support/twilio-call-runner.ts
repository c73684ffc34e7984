import type { CallStatus } from "@/db/schema/enums";
import { twilioSignature } from "@/lib/channels/verify-twilio-signature";
import type { AppTransport } from "./app-transport";
import { parseTwiml, textOf, type TwimlElement } from "./twiml-document";

/**
 * How the phone a call rings answers (chosen per To number by the test): a person, who presses
 * `digits` one per <Gather> in order; a machine (a voicemail: AnsweredBy machine_end_beep unless
 * said otherwise); or no answer, a busy line, or a call the carrier could not connect.
 */
export type CallScenario =
  | { answer: "person"; digits?: string[]; durationSeconds?: number }
  | {
      answer: "machine";
      answeredBy?: "machine_end_beep" | "machine_end_silence" | "machine_end_other" | "fax";
      durationSeconds?: number;
    }
  | { answer: "no-answer" }
  | { answer: "busy" }
  | { answer: "failed" };

/** What a call did, in order, as seen from Twilio's side. */
export type CallStep =
  | { kind: "callback"; url: string; params: Record<string, string>; status: number }
  /** A TwiML request: the call's Url, a <Gather> action, a <Redirect>; `body` is the app's answer. */
  | { kind: "twiml"; url: string; params: Record<string, string>; status: number; body: string }
  /** A <Play>: Twilio fetches the audio with a plain GET. */
  | { kind: "play"; url: string; status: number; contentType: string | null; bytes: number }
  | { kind: "say"; text: string; voice?: string; language?: string }
  | { kind: "gather"; action: string }
  | { kind: "press"; digits: string };

export interface PeerCall {
  sid: string;
  to: string;
  from: string;
  url: string;
  method: string;
  statusCallback?: string;
  statusCallbackMethod: string;
  statusCallbackEvents: string[];
  timeout?: string;
  timeLimit?: string;
  machineDetection?: string;
  createdAt: Date;
  /** performance.now() when the create request was taken: calls created at the peer, spaced. */
  createdAtMs: number;
  /** How long Twilio would hold the call in its queue: calls over the account's CPS wait. */
  queueTimeMs: number;
  status: CallStatus;
  answeredBy: string | null;
  durationSeconds: number | null;
  startTime: Date | null;
  endTime: Date | null;
  /** Run (its callbacks sent) once: `run` refuses a second time. */
  ran: boolean;
  log: CallStep[];
}

/** Redirects and Gather actions followed in one call at most (a loop is Twilio's problem too). */
const MAX_DOCUMENTS = 12;

/** RFC 2822 date as Twilio writes dates ("Mon, 23 Nov 2026 09:00:00 +0000"). */
export const rfc2822 = (date: Date) => date.toUTCString().replace("GMT", "+0000");

export interface CallRunnerOptions {
  accountSid: string;
  authToken: string;
  /** How the peer reaches the app now. */
  transport: () => AppTransport;
  find: (sid: string) => PeerCall | undefined;
  scenarioOf: (to: string) => CallScenario;
}

/**
 * What Twilio does once a call is created, against the app's webhooks: the status callbacks for
 * the events asked for (always `completed`), in order, with SequenceNumber, Timestamp,
 * CallDuration and, with answering-machine detection, AnsweredBy; the TwiML fetched from the
 * call's Url and executed (<Say> logged, <Play> fetched, a person's next digit posted to the
 * <Gather> action as Digits, <Redirect> followed, <Hangup>); every request signed as Twilio signs
 * it (https://www.twilio.com/docs/usage/webhooks/webhooks-security).
 */
export function createCallRunner(options: CallRunnerOptions) {
  /**
   * A request to the app, signed as Twilio signs it (the full URL, then each POST parameter sorted
   * by name); `signature` null sends none, a string sends that one instead.
   */
  async function request(
    url: string,
    method: string,
    params: Record<string, string>,
    signature?: string | null,
  ): Promise<Response> {
    const target =
      method === "GET" ? `${url}${url.includes("?") ? "&" : "?"}${new URLSearchParams(params)}` : url;
    const headers: Record<string, string> = {};
    const signed = twilioSignature(options.authToken, target, method === "GET" ? {} : params);
    if (signature !== null) headers["x-twilio-signature"] = signature ?? signed;
    if (method !== "GET") headers["content-type"] = "application/x-www-form-urlencoded";
    return options.transport()(
      new Request(target, {
        method,
        headers,
        body: method === "GET" ? undefined : new URLSearchParams(params).toString(),
      }),
    );
  }

  /** The parameters Twilio sends with every request about a call. */
  function callParams(call: PeerCall): Record<string, string> {
    return {
      AccountSid: options.accountSid,
      ApiVersion: "2010-04-01",
      CallSid: call.sid,
      CallStatus: call.status,
      Called: call.to,
      Caller: call.from,
      Direction: "outbound-api",
      From: call.from,
      To: call.to,
    };
  }

  async function progress(
    call: PeerCall,
    event: string,
    sequence: { n: number },
    extra: Record<string, string> = {},
  ) {
    if (!call.statusCallback) return;
    if (event !== "completed" && !call.statusCallbackEvents.includes(event)) return;
    const params = {
      ...callParams(call),
      CallbackSource: "call-progress-events",
      SequenceNumber: String(sequence.n++),
      Timestamp: rfc2822(new Date()),
      ...extra,
    };
    const response = await request(call.statusCallback, call.statusCallbackMethod, params);
    call.log.push({ kind: "callback", url: call.statusCallback, params, status: response.status });
  }

  /** Fetches a TwiML document and executes it; a Gather action or Redirect hands over to the next. */
  async function execute(
    call: PeerCall,
    url: string,
    method: string,
    params: Record<string, string>,
    digits: string[],
  ) {
    for (let documents = 0; documents < MAX_DOCUMENTS; documents++) {
      const response = await request(url, method, params);
      const body = await response.text();
      call.log.push({ kind: "twiml", url, params, status: response.status, body });
      // An error or a document Twilio cannot read ends the call ("an application error has occurred").
      if (!response.ok) return;
      let document: TwimlElement;
      try {
        document = parseTwiml(body);
      } catch {
        return;
      }
      const next = await runDocument(call, document, url, digits);
      if (!next) return;
      ({ url, method, params } = next);
    }
  }

  /** Runs one document's verbs; returns the request that takes over (Gather action, Redirect), if any. */
  async function runDocument(call: PeerCall, document: TwimlElement, documentUrl: string, digits: string[]) {
    const verbs = (element: TwimlElement) =>
      element.children.filter((c): c is TwimlElement => typeof c !== "string");
    const speak = async (verb: TwimlElement) => {
      if (verb.name === "Say") {
        call.log.push({
          kind: "say",
          text: textOf(verb),
          voice: verb.attributes.voice,
          language: verb.attributes.language,
        });
      } else if (verb.name === "Play") {
        const url = new URL(textOf(verb).trim(), documentUrl).toString();
        const response = await options.transport()(new Request(url));
        const bytes = (await response.arrayBuffer()).byteLength;
        call.log.push({
          kind: "play",
          url,
          status: response.status,
          contentType: response.headers.get("content-type"),
          bytes,
        });
      }
    };
    for (const verb of verbs(document)) {
      if (verb.name === "Hangup") return null;
      if (verb.name === "Redirect") {
        const url = new URL(textOf(verb).trim(), documentUrl).toString();
        return { url, method: verb.attributes.method ?? "POST", params: callParams(call) };
      }
      if (verb.name === "Gather") {
        const action = new URL(verb.attributes.action ?? documentUrl, documentUrl).toString();
        call.log.push({ kind: "gather", action });
        for (const inner of verbs(verb)) await speak(inner);
        // Only a person's scenario has digits to press.
        const pressed = digits.shift();
        if (pressed !== undefined) {
          call.log.push({ kind: "press", digits: pressed });
          return {
            url: action,
            method: verb.attributes.method ?? "POST",
            params: { ...callParams(call), Digits: pressed, FinishedOnKey: "" },
          };
        }
        if (verb.attributes.actionOnEmptyResult === "true") {
          return {
            url: action,
            method: verb.attributes.method ?? "POST",
            params: { ...callParams(call), Digits: "" },
          };
        }
        continue;
      }
      await speak(verb);
    }
    return null;
  }

  /** Plays a created call through to its end per its number's scenario; resolves with the call. */
  async function run(sid: string): Promise<PeerCall> {
    const call = options.find(sid);
    if (!call) throw new Error(`No call ${sid} at the peer`);
    if (call.ran) throw new Error(`Call ${sid} already ran`);
    call.ran = true;
    const scenario = options.scenarioOf(call.to);
    const sequence = { n: 0 };
    const end = async (status: CallStatus, extra: Record<string, string> = {}) => {
      call.status = status;
      call.endTime = new Date();
      await progress(call, "completed", sequence, extra);
    };
    call.startTime = new Date();
    call.status = "initiated";
    await progress(call, "initiated", sequence);
    if (scenario.answer === "failed" || scenario.answer === "busy") {
      await end(scenario.answer, { CallDuration: "0" });
      return call;
    }
    call.status = "ringing";
    await progress(call, "ringing", sequence);
    if (scenario.answer === "no-answer") {
      await end("no-answer", { CallDuration: "0" });
      return call;
    }
    call.status = "in-progress";
    await progress(call, "answered", sequence);
    const detected = call.machineDetection
      ? scenario.answer === "machine"
        ? (scenario.answeredBy ?? "machine_end_beep")
        : "human"
      : null;
    call.answeredBy = detected;
    const amd: Record<string, string> = detected ? { AnsweredBy: detected } : {};
    const digits = scenario.answer === "person" ? [...(scenario.digits ?? [])] : [];
    await execute(call, call.url, call.method, { ...callParams(call), ...amd }, digits);
    call.durationSeconds = scenario.durationSeconds ?? 30;
    await end("completed", { CallDuration: String(call.durationSeconds), ...amd });
    return call;
  }

  return {
    run,
    /**
     * A webhook POST to the app as Twilio makes it, for replays and forgeries: signed, unless
     * `signature` is null (none) or a string (sent as it is).
     */
    async deliver(url: string, params: Record<string, string>, signature?: string | null) {
      const response = await request(url, "POST", params, signature);
      return { status: response.status, text: await response.text() };
    },
  };
}
