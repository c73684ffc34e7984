import { z } from "zod";

const optional = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const flag = z
  .string()
  .optional()
  .transform((value) => value === "1" || value === "true");

/** Every environment variable the app reads; `.env.example` documents each one. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  APP_URL: z.url().default("http://localhost:3000"),
  DATA_DIR: z.string().default(".data"),
  DATABASE_URL: optional,
  AUTH_SECRET: optional,
  AUTH_GOOGLE_ID: optional,
  AUTH_GOOGLE_SECRET: optional,
  AUTH_GITHUB_ID: optional,
  AUTH_GITHUB_SECRET: optional,
  SMTP_URL: optional,
  SMTP_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  MAIL_FROM: z.string().default("Remindful <no-reply@remindful.local>"),
  DEV_OUTBOX: flag,
  TWILIO_ACCOUNT_SID: optional,
  TWILIO_AUTH_TOKEN: optional,
  TWILIO_SMS_FROM: optional,
  TWILIO_WHATSAPP_FROM: optional,
  TWILIO_API_BASE: z.url().default("https://api.twilio.com"),
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_HOST: optional,
  STRIPE_API_PORT: z.coerce.number().int().positive().optional(),
  STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
  // Lets a production build (the e2e suite) use the demo checkout; never set it in a real deployment.
  STRIPE_DEMO_CHECKOUT: flag,
  S3_ENDPOINT: optional,
  S3_REGION: z.string().default("us-east-1"),
  S3_BUCKET: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: flag,
  WORKER_MODE: z.enum(["inline", "external"]).default("inline"),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(20),
  WORKER_PARALLEL: z.coerce.number().int().min(1).max(200).optional(),
  // bench:web only: serves its in-memory floor routes from this folder; unset everywhere else.
  BENCH_FLOOR_DIR: optional,
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  ENTERPRISE_EMAIL: z.email().default("sales@remindful.app"),
});

export type Env = z.infer<typeof envSchema>;

function parseEnv(): Env {
  const result = envSchema.safeParse(process.env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join("\n  ")}`);
  }
  // `next build` evaluates modules in production mode too; the secret is a runtime need.
  const building = process.env.NEXT_PHASE === "phase-production-build";
  if (result.data.NODE_ENV === "production" && !result.data.AUTH_SECRET && !building) {
    throw new Error("Invalid environment:\n  AUTH_SECRET: required in production");
  }
  return result.data;
}

/** Validated once, when first imported. */
export const env = parseEnv();

export const isProduction = env.NODE_ENV === "production";
