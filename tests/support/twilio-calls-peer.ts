import { randomBytes } from "node:crypto";
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

export interface CallsPeerOptions {
  accountSid: string;
  authToken: string;
  /** Numbers of the account a call may come from (else 21210). */
  callerIds: string[];
  /** The account's calls per second: faster creates are accepted and queued (queueTimeMs). */
  callsPerSecond?: number;
  /** How early a create may come on the CPS grid without waiting (GCRA tolerance). */
  toleranceMs?: number;
}

type Reply = (status: number, body: unknown) => void;

const E164 = /^\+[1-9]\d{1,14}$/;
/** Redirects and Gather actions followed in one call at most (a loop is Twilio's problem too). */
const MAX_DOCUMENTS = 12;

/** RFC 2822 date as Twilio writes dates ("Mon, 23 Nov 2026 09:00:00 +0000"). */
const rfc2822 = (date: Date) => date.toUTCString().replace("GMT", "+0000");

function absoluteHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && !url.hostname.includes("_");
  } catch {
    return false;
  }
}

/**
 * Twilio's Calls API (POST and GET /2010-04-01/Accounts/{sid}/Calls.json) and what a call then
 * does, as Twilio's published description has it (https://www.twilio.com/docs/voice/api/call-resource):
 * a create needs To, From (a number of the account) and one of Url, Twiml or ApplicationSid,
 * answered 201 with the call resource, queued; an invalid one is refused with Twilio's error
 * (21201, 21213, 21205, 21217, 21210, 21609). Creates beyond the account's calls per second are
 * accepted and queued, as Twilio queues them. `run` then plays the call per the scenario its To
 * number was given: the status callbacks for the events asked for (always `completed`), in order,
 * with SequenceNumber, CallDuration and, with answering-machine detection, AnsweredBy; the TwiML
 * fetched from Url and executed (<Say>, <Play> fetched, <Gather> answered with the person's
 * digits at its action, <Redirect> followed, <Hangup>), every request signed as Twilio signs.
 */
export function createCallsPeer(options: CallsPeerOptions) {
  const calls: PeerCall[] = [];
  const scenarios = new Map<string, CallScenario>();
  let transport: AppTransport = (request) => fetch(request);
  const base = `/2010-04-01/Accounts/${options.accountSid}`;
  const listPath = `${base}/Calls.json`;
  const interval = 1_000 / (options.callsPerSecond ?? 1);
  const tolerance = options.toleranceMs ?? interval / 4;
  let theoretical: number | undefined;

  const resource = (call: PeerCall) => ({
    account_sid: options.accountSid,
    answered_by: call.answeredBy ? (call.answeredBy === "human" ? "human" : "machine") : null,
    api_version: "2010-04-01",
    caller_name: null,
    date_created: rfc2822(call.createdAt),
    date_updated: rfc2822(call.endTime ?? call.startTime ?? call.createdAt),
    direction: "outbound-api",
    duration: call.durationSeconds === null ? null : String(call.durationSeconds),
    end_time: call.endTime ? rfc2822(call.endTime) : null,
    forwarded_from: null,
    from: call.from,
    from_formatted: call.from,
    group_sid: null,
    parent_call_sid: null,
    phone_number_sid: null,
    price: null,
    price_unit: "USD",
    queue_time: String(Math.round(call.queueTimeMs)),
    sid: call.sid,
    start_time: call.startTime ? rfc2822(call.startTime) : null,
    status: call.status,
    subresource_uris: {
      recordings: `${base}/Calls/${call.sid}/Recordings.json`,
      notifications: `${base}/Calls/${call.sid}/Notifications.json`,
    },
    to: call.to,
    to_formatted: call.to,
    trunk_sid: null,
    uri: `${base}/Calls/${call.sid}.json`,
  });

  /** Twilio's refusal of a create, or null when it takes it. */
  function refusal(form: URLSearchParams): [number, string] | null {
    const to = form.get("To");
    const from = form.get("From");
    const url = form.get("Url");
    if (!to) return [21201, "No 'To' number is specified"];
    if (!from) return [21213, "No 'From' number is specified"];
    if (!url && !form.get("Twiml") && !form.get("ApplicationSid")) {
      return [
        21205,
        "Url parameter is required. For more information, see http://www.twilio.com/docs/api/twiml",
      ];
    }
    if (url && !absoluteHttpUrl(url)) return [21205, `Url is not a valid URL: ${url}`];
    const callback = form.get("StatusCallback");
    if (callback && !absoluteHttpUrl(callback)) return [21609, `Invalid StatusCallback: ${callback}`];
    if (!E164.test(to)) return [21217, "Phone number does not appear to be valid"];
    if (!options.callerIds.includes(from))
      return [21210, `The source phone number provided, ${from}, is not yet verified for your account.`];
    return null;
  }

  /** Creates a call from a valid request: queued, behind the calls this account created faster than its CPS. */
  function create(form: URLSearchParams): PeerCall {
    const now = performance.now();
    const tat = theoretical ?? now;
    const queueTimeMs = Math.max(0, tat - tolerance - now);
    theoretical = Math.max(now, tat) + interval;
    const call: PeerCall = {
      sid: `CA${randomBytes(16).toString("hex")}`,
      to: form.get("To")!,
      from: form.get("From")!,
      url: form.get("Url") ?? "",
      method: form.get("Method") ?? "POST",
      statusCallback: form.get("StatusCallback") ?? undefined,
      statusCallbackMethod: form.get("StatusCallbackMethod") ?? "POST",
      // Without StatusCallbackEvent, only `completed` is sent.
      statusCallbackEvents: form
        .getAll("StatusCallbackEvent")
        .flatMap((e) => e.split(" "))
        .filter(Boolean),
      timeout: form.get("Timeout") ?? undefined,
      timeLimit: form.get("TimeLimit") ?? undefined,
      machineDetection: form.get("MachineDetection") ?? undefined,
      createdAt: new Date(),
      createdAtMs: now,
      queueTimeMs,
      status: "queued",
      answeredBy: null,
      durationSeconds: null,
      startTime: null,
      endTime: null,
      ran: false,
      log: [],
    };
    calls.push(call);
    return call;
  }

  /** GET Calls.json: newest first, filtered by To, From, Status and StartTime (a date), paged. */
  function list(url: URL, reply: Reply) {
    const q = url.searchParams;
    const day = (call: PeerCall) => call.startTime?.toISOString().slice(0, 10) ?? null;
    const dateOf = (value: string) => new Date(value).toISOString().slice(0, 10);
    const matching = calls
      .filter((c) => !q.has("To") || c.to === q.get("To"))
      .filter((c) => !q.has("From") || c.from === q.get("From"))
      .filter((c) => !q.has("Status") || c.status === q.get("Status"))
      // A call not dialed yet has no start time: no StartTime filter keeps it.
      .filter((c) => !q.has("StartTime") || day(c) === dateOf(q.get("StartTime")!))
      .filter((c) => !q.has("StartTime>") || (day(c) !== null && day(c)! >= dateOf(q.get("StartTime>")!)))
      .filter((c) => !q.has("StartTime<") || (day(c) !== null && day(c)! <= dateOf(q.get("StartTime<")!)))
      .reverse();
    const pageSize = Math.min(1_000, Number(q.get("PageSize") ?? 50));
    const page = Number(q.get("Page") ?? 0);
    const slice = matching.slice(page * pageSize, (page + 1) * pageSize);
    const uri = (p: number) => {
      const next = new URLSearchParams(q);
      next.set("PageSize", String(pageSize));
      next.set("Page", String(p));
      return `${listPath}?${next}`;
    };
    reply(200, {
      calls: slice.map(resource),
      end: page * pageSize + Math.max(0, slice.length - 1),
      first_page_uri: uri(0),
      next_page_uri: (page + 1) * pageSize < matching.length ? uri(page + 1) : null,
      page,
      page_size: pageSize,
      previous_page_uri: page > 0 ? uri(page - 1) : null,
      start: page * pageSize,
      uri: uri(page),
    });
  }

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
    return transport(
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
        const response = await transport(new Request(url));
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
    const call = calls.find((c) => c.sid === sid);
    if (!call) throw new Error(`No call ${sid} at the peer`);
    if (call.ran) throw new Error(`Call ${sid} already ran`);
    call.ran = true;
    const scenario = scenarios.get(call.to) ?? { answer: "person" };
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
    calls,
    /** Whether a path is the Calls API's (the sink routes those requests here). */
    handles: (pathname: string) => pathname === listPath || pathname.startsWith(`${base}/Calls/`),
    /** A request to the Calls API, authenticated by the sink; `hang` / `error` modes are the sink's. */
    handle(
      method: string,
      url: URL,
      form: URLSearchParams,
      reply: Reply,
      answer: "answer" | "hang" | "fail",
    ) {
      if (url.pathname !== listPath) return reply(404, { code: 20404, message: "Not found", status: 404 });
      if (method === "GET") return list(url, reply);
      const refused = refusal(form);
      if (refused) return reply(400, { code: refused[0], message: refused[1], status: 400 });
      const call = create(form);
      if (answer === "hang") return;
      if (answer === "fail")
        return reply(500, { code: 20500, message: "Internal Server Error", status: 500 });
      reply(201, resource(call));
    },
    /** How the phone at `to` answers the calls placed to it (default: a person who presses nothing). */
    scenario(to: string, scenario: CallScenario) {
      scenarios.set(to, scenario);
    },
    /** How the peer reaches the app (default: fetch, an app listening at APP_URL). */
    setTransport(next: AppTransport) {
      transport = next;
    },
    run,
    /** Runs every call not yet run, in the order they were created. */
    async runAll(): Promise<PeerCall[]> {
      const due = calls.filter((c) => !c.ran);
      for (const call of due) await run(call.sid);
      return due;
    },
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

export type CallsPeer = ReturnType<typeof createCallsPeer>;
