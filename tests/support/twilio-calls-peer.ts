import { randomBytes } from "node:crypto";
import type { AppTransport } from "./app-transport";
import { createCallRunner, rfc2822, type CallScenario, type PeerCall } from "./twilio-call-runner";

export type { CallScenario, CallStep, PeerCall } from "./twilio-call-runner";

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

  const runner = createCallRunner({
    accountSid: options.accountSid,
    authToken: options.authToken,
    transport: () => transport,
    find: (sid) => calls.find((c) => c.sid === sid),
    scenarioOf: (to) => scenarios.get(to) ?? { answer: "person" },
  });

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
    /** Plays a created call through to its end per its number's scenario; resolves with the call. */
    run: runner.run,
    /** Runs every call not yet run, in the order they were created. */
    async runAll(): Promise<PeerCall[]> {
      const due = calls.filter((c) => !c.ran);
      for (const call of due) await runner.run(call.sid);
      return due;
    },
    /** A webhook POST to the app as Twilio makes it (replays, forgeries): see createCallRunner. */
    deliver: runner.deliver,
  };
}

export type CallsPeer = ReturnType<typeof createCallsPeer>;
