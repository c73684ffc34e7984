import { z } from "zod";
import { MEDIA_TOOL_LIMITS } from "@/config/media";
import { PARTITION_MONTHS_AHEAD, RETENTION_FAMILIES, type RetentionFamily } from "@/config/retention";

const optional = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/** A Twilio Content template SID: HX and 32 hex digits. */
const contentSid = optional.pipe(
  z
    .string()
    .regex(/^HX[0-9a-fA-F]{32}$/, "must be a Content template SID (HX followed by 32 hex digits)")
    .optional(),
);

/** A PostgreSQL connection string, when given. */
const databaseUrl = optional.pipe(
  z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// connection string")
    .optional(),
);

const flag = z
  .string()
  .optional()
  .transform((value) => value === "1" || value === "true");

const intIn = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const keep = (name: RetentionFamily["name"]) => {
  const { min, max, fallback } = RETENTION_FAMILIES.find((family) => family.name === name)!.keep;
  return intIn(min, max, fallback);
};

/**
 * Twilio's settings, read on first use rather than at import (`readTwilioEnv`, kept by
 * lib/channels/twilio-config.ts; `setTwilioConfig` points a test at another provider).
 */
const twilioSchema = z.object({
  TWILIO_ACCOUNT_SID: optional,
  TWILIO_AUTH_TOKEN: optional,
  TWILIO_SMS_FROM: optional,
  // Twilio's examples write the WhatsApp sender as `whatsapp:+1…`: kept as the bare number, the
  // code adds the prefix where Twilio wants it.
  TWILIO_WHATSAPP_FROM: optional.transform((value) => value?.replace(/^whatsapp:\s*/i, "")),
  /** SMS through a Messaging Service (its sender pool) instead of TWILIO_SMS_FROM. */
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .trim()
    .regex(/^MG[0-9a-fA-F]{32}$/, "a Messaging Service SID (MG + 32 hex digits)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Throughput of the SMS sender: long code 1 message/s, toll-free 3, short code 100. */
  TWILIO_SMS_SENDER_TYPE: z.enum(["long_code", "toll_free", "short_code"]).default("long_code"),
  /** Messages per second for the SMS sender; overrides the sender type's figure. */
  TWILIO_SMS_MPS: z.coerce
    .number()
    .positive()
    .max(1000)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  TWILIO_WHATSAPP_MPS: z.coerce.number().positive().max(1000).default(10),
  /** Seconds Twilio may keep a message in its queue before dropping it (1 to 36,000). */
  TWILIO_VALIDITY_PERIOD: intIn(1, 36_000, 14_400),
  /** How long a create-message request may take before it counts as ambiguous. */
  TWILIO_TIMEOUT_MS: intIn(100, 120_000, 15_000),
  TWILIO_API_BASE: z.url().default("https://api.twilio.com"),
  // Approved WhatsApp Content templates per language ({{1}} sender, {{2}} message); English is the fallback.
  TWILIO_WHATSAPP_TEMPLATE_EN: contentSid,
  TWILIO_WHATSAPP_TEMPLATE_ES: contentSid,
  TWILIO_WHATSAPP_TEMPLATE_FR: contentSid,
  // Quick-reply templates (same variables, YES / NO / LATER buttons) for reminders that ask for a
  // confirmation; unset for a language: the plain template above, without the ask.
  TWILIO_WHATSAPP_CONFIRM_TEMPLATE_EN: contentSid,
  TWILIO_WHATSAPP_CONFIRM_TEMPLATE_ES: contentSid,
  TWILIO_WHATSAPP_CONFIRM_TEMPLATE_FR: contentSid,
  // Media-header templates (twilio/media, a video header) for video reminders whose video fits
  // WhatsApp: {{1}} sender, {{2}} message, {{3}} the video's path after `<APP_URL>/api/play/`.
  // Unset for a language: the text template above, with the playback link in the message.
  TWILIO_WHATSAPP_MEDIA_TEMPLATE_EN: contentSid,
  TWILIO_WHATSAPP_MEDIA_TEMPLATE_ES: contentSid,
  TWILIO_WHATSAPP_MEDIA_TEMPLATE_FR: contentSid,
  /** Caller ID of reminder calls: a voice-capable number of the account; unset, TWILIO_SMS_FROM. */
  TWILIO_VOICE_FROM: optional,
  /** Calls created per second on the account (Twilio's default CPS is 1; raise it with Twilio first). */
  TWILIO_CALLS_PER_SECOND: z.coerce.number().positive().max(100).default(1),
  /** Answering-machine detection on reminder calls (leaves the message after the greeting); off: read to whoever answers. */
  TWILIO_CALL_MACHINE_DETECTION: z
    .string()
    .optional()
    .transform((value) => value !== "0" && value !== "false"),
});

/**
 * Kept-open SMTP connections. Each carries one message at a time, and a message takes the
 * relay's reply plus two round trips (MAIL FROM, RCPT TO and DATA pipelined, then the body; four
 * with a relay without PIPELINING). 25 stays under Postfix's default of 50 connections per client.
 */
export const SMTP_POOL_SIZE_DEFAULT = 25;

/** Every environment variable the app reads; `.env.example` documents each one. */
const envSchema = twilioSchema.extend({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  // Empty counts as unset (.env.example leaves it empty for development). Unset: the port the
  // server listens on (Next sets PORT), so links made outside a request (unsubscribe links in
  // reminders, metadata) follow `PORT=3917 npm run dev` too.
  APP_URL: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.url().default(() => `http://localhost:${process.env.PORT || 3000}`),
  ),
  DATA_DIR: z.string().default(".data"),
  DATABASE_URL: optional,
  // What lives on one server session (LISTEN, session advisory locks, graphile-worker's pool,
  // migrations): a direct or session-pooled URL. Unset: DATABASE_URL.
  DATABASE_SESSION_URL: databaseUrl,
  // Reads that tolerate a replica's lag (activity pages, data export, calendar feed). Unset: the primary.
  DATABASE_REPLICA_URL: databaseUrl,
  // How DATABASE_URL and DATABASE_REPLICA_URL reach PostgreSQL: `session` (directly, or a pooler in
  // session mode) or `transaction` (a pooler in transaction mode: statements are sent unnamed).
  DATABASE_POOLING: z.enum(["session", "transaction"]).default("session"),
  AUTH_SECRET: optional,
  AUTH_GOOGLE_ID: optional,
  AUTH_GOOGLE_SECRET: optional,
  AUTH_GITHUB_ID: optional,
  AUTH_GITHUB_SECRET: optional,
  SMTP_URL: optional,
  SMTP_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(SMTP_POOL_SIZE_DEFAULT),
  MAIL_FROM: z.string().default("Remindful <no-reply@remindful.local>"),
  DEV_OUTBOX: flag,
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_HOST: optional,
  STRIPE_API_PORT: z.coerce.number().int().positive().optional(),
  STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
  // Stripe Tax on Checkout (VAT and sales tax from the buyer's address, business tax ids); needs
  // Stripe Tax set up in the dashboard with the registrations where tax is collected.
  STRIPE_AUTOMATIC_TAX: flag,
  // Lets a production build (the e2e suite) use the demo checkout; never set it in a real deployment.
  STRIPE_DEMO_CHECKOUT: flag,
  S3_ENDPOINT: optional,
  S3_REGION: z.string().default("us-east-1"),
  S3_BUCKET: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: flag,
  // Stores without S3's POST form uploads (Cloudflare R2): the uploader sends every file in parts.
  S3_MULTIPART_ONLY: flag,
  // ffmpeg and ffprobe of one release (the OS package); unset, each is looked up on PATH.
  FFMPEG_PATH: optional.pipe(z.string().startsWith("/", "an absolute path to the ffmpeg binary").optional()),
  FFPROBE_PATH: optional.pipe(
    z.string().startsWith("/", "an absolute path to the ffprobe binary").optional(),
  ),
  /** Clips one process encodes at once; a busy process leaves further clips to others. */
  MEDIA_CONCURRENCY: intIn(1, 16, 1),
  /** Address space of one ffmpeg or ffprobe run (prlimit --as). */
  MEDIA_MEMORY_LIMIT_MB: intIn(
    MEDIA_TOOL_LIMITS.memoryMb.min,
    MEDIA_TOOL_LIMITS.memoryMb.max,
    MEDIA_TOOL_LIMITS.memoryMb.fallback,
  ),
  /** Time one encode may take; past it ffmpeg is killed and the clip refused for good. */
  MEDIA_ENCODE_TIMEOUT_SECONDS: intIn(
    MEDIA_TOOL_LIMITS.encodeSeconds.min,
    MEDIA_TOOL_LIMITS.encodeSeconds.max,
    MEDIA_TOOL_LIMITS.encodeSeconds.fallback,
  ),
  WORKER_MODE: z.enum(["inline", "external"]).default("inline"),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(20),
  WORKER_PARALLEL: z.coerce.number().int().min(1).max(200).optional(),
  /** Failure alerts wait this long after the first failure so a burst becomes one e-mail. */
  FAILURE_ALERT_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(300),
  // Outgoing webhooks to http:// and private, loopback or link-local addresses. Unset: allowed
  // outside production (local receivers), refused in production (lib/webhooks/webhook-url-policy.ts).
  WEBHOOK_ALLOW_PRIVATE_URLS: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(["true", "false"]).optional(),
  ),
  // At start: how long to wait for a database that cannot be reached yet before exiting with 1.
  STARTUP_DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  // On SIGTERM: how long sends in flight may take to finish (under Docker's 10 s grace period).
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(8_000),
  // Proxies in front of the app that append to X-Forwarded-For (a load balancer, a CDN): the
  // client's address for rate limits is read that many entries from the right. 0 trusts none.
  // Required in production, 0 included: without it every signed-out caller shares one address.
  TRUSTED_PROXY_HOPS: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number().int().min(0).max(10).optional(),
  ),
  // Magic links the whole site sends per 10 minutes, whoever asks (docs/security.md).
  MAGIC_LINK_SITE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  // Bearer token of GET /api/metrics (Prometheus). Unset: the endpoint answers 404. Long enough
  // that guessing it is out of reach (openssl rand -hex 32).
  METRICS_TOKEN: optional.pipe(
    z.string().min(32, "at least 32 characters (openssl rand -hex 32)").optional(),
  ),
  ENTERPRISE_EMAIL: z.email().default("sales@remindful.app"),
  // Retention of the partitioned logs (config/retention.ts): whole months are dropped once past it.
  DELIVERY_RETENTION_MONTHS: keep("deliveries"),
  WEBHOOK_RETENTION_DAYS: keep("webhooks"),
  OUTBOX_RETENTION_DAYS: keep("outbox"),
  PARTITION_MONTHS_AHEAD: intIn(
    PARTITION_MONTHS_AHEAD.min,
    PARTITION_MONTHS_AHEAD.max,
    PARTITION_MONTHS_AHEAD.fallback,
  ),
});

export type Env = z.infer<typeof envSchema>;

/** The process environment read through `schema`; an invalid value throws, naming each variable. */
function readEnvironment<S extends z.ZodType>(schema: S): z.output<S> {
  const result = schema.safeParse(process.env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join("\n  ")}`);
  }
  return result.data;
}

/** The database URLs that only make sense together. */
function databaseProblems(data: Env): string[] {
  const problems: string[] = [];
  // The embedded server has no pooler and no replica: a second URL would point elsewhere.
  if (!data.DATABASE_URL) {
    if (data.DATABASE_SESSION_URL) problems.push("DATABASE_SESSION_URL: needs DATABASE_URL");
    if (data.DATABASE_REPLICA_URL) problems.push("DATABASE_REPLICA_URL: needs DATABASE_URL");
  }
  if (data.DATABASE_POOLING === "transaction" && !data.DATABASE_SESSION_URL) {
    problems.push(
      "DATABASE_SESSION_URL: required with DATABASE_POOLING=transaction (LISTEN and the job runner need a session: a direct or session-pooled URL)",
    );
  }
  return problems;
}

function parseEnv(): Env {
  const data = readEnvironment(envSchema);
  const database = databaseProblems(data);
  if (database.length > 0) throw new Error(`Invalid environment:\n  ${database.join("\n  ")}`);
  // `next build` evaluates modules in production mode too; these are runtime needs.
  const building = process.env.NEXT_PHASE === "phase-production-build";
  if (data.NODE_ENV !== "production" || building) return data;
  const missing = [
    data.AUTH_SECRET ? null : "AUTH_SECRET: required in production (openssl rand -base64 33)",
    // The public address every e-mailed link and redirect uses: a default would be localhost.
    process.env.APP_URL?.trim() ? null : "APP_URL: required in production (e.g. https://remindful.example)",
    // How many proxies append to X-Forwarded-For decides whom a per-address limit counts.
    data.TRUSTED_PROXY_HOPS !== undefined
      ? null
      : "TRUSTED_PROXY_HOPS: required in production (0 when nothing stands in front of the app, else the number of proxies)",
  ].filter((problem) => problem !== null);
  if (missing.length > 0) throw new Error(`Invalid environment:\n  ${missing.join("\n  ")}`);
  return data;
}

/** Validated once, when first imported. */
export const env = parseEnv();

export const isProduction = env.NODE_ENV === "production";

/** Whether APP_URL was given; in development without it the public URL follows the request. */
export const appUrlIsSet = Boolean(process.env.APP_URL?.trim());

export type TwilioEnv = z.infer<typeof twilioSchema>;

/** Twilio's settings as the process environment holds them now; an invalid value throws, naming it. */
export function readTwilioEnv(): TwilioEnv {
  return readEnvironment(twilioSchema);
}
