import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";

// A short gathering delay so the test waits seconds, not minutes (read when lib/env loads).
vi.hoisted(() => {
  process.env.FAILURE_ALERT_DELAY_SECONDS = "2";
});

import { workspaces } from "@/db/schema";
import { db, pool } from "@/lib/db";
import { JOB_TASKS } from "@/jobs/registry";
import { startDeliveryEngine, type DeliveryEngine } from "@/lib/delivery/engine";
import { closeMail, setSmtpUrl } from "@/lib/mail/send-mail";
import { createContact, createReminder, createSender } from "@/tests/support/delivery-fixtures";
import { startSmtpSink, type SmtpSink } from "@/tests/support/smtp-sink";
import { createSignedInMember } from "@/tests/support/users";

let sink: SmtpSink;
let engine: DeliveryEngine;

beforeAll(async () => {
  sink = await startSmtpSink();
  setSmtpUrl(sink.url);
  // The tasks every process registers (jobs/registry.ts), as startEngineFromEnv passes them.
  engine = await startDeliveryEngine({ workerId: "alerts-test", concurrency: 2, tasks: JOB_TASKS });
});

afterAll(async () => {
  await engine.stop();
  closeMail();
  await sink.close();
});

async function waitFor<T>(
  read: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 25_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function alertJob(workspaceId: string) {
  const { rows } = await pool.query<{ run_at: Date; attempts: number }>(
    `select run_at, attempts from graphile_worker.jobs where key = $1`,
    [`failure-alert:${workspaceId}`],
  );
  return rows[0];
}

/** A reminder to an opted-out contact, due now: the engine fails it at once (opted_out). */
async function failingReminder(workspaceId: string, name: string, createdBy?: string) {
  const contact = await createContact(workspaceId, { name, emailOptOut: true });
  return createReminder(workspaceId, contact.id, new Date(), {
    message: `For ${name}`,
    ...(createdBy ? { createdBy } : {}),
  });
}

/** The message as text: quoted-printable soft breaks and =XX escapes undone (UTF-8). */
function decoded(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = /^=([0-9A-F]{2})/.exec(joined.slice(i, i + 3));
    if (hex) {
      bytes.push(parseInt(hex[1], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]));
  }
  return Buffer.from(bytes).toString("utf8");
}

function mailsTo(address: string) {
  return sink.messages.filter((m) => m.to.includes(address));
}

describe("failure alerts to the workspace (through the engine's failure_alert task)", () => {
  it("three failures within the hour make one e-mail, in the owner's language, linking to the activity page", async () => {
    const user = await createSender({ locale: "es", timezone: "Europe/Madrid" });
    await failingReminder(user.id, "Carmen");
    await sleep(500);
    await failingReminder(user.id, "Diego");
    await sleep(500);
    await failingReminder(user.id, "Elena");

    const mail = await waitFor(() => mailsTo(user.email)[0]);
    expect(mail.headers.get("subject")).toBe("No se pudieron enviar 3 recordatorios");
    const body = decoded(mail.raw);
    for (const name of ["Carmen", "Diego", "Elena"]) expect(body).toContain(`${name} por Correo electrónico`);
    expect(body).toContain("El contacto se dio de baja de estos mensajes. (opted_out)");
    expect(body).toContain("http://localhost:3000/activity?status=failed");
    // The job ran and is gone; nothing else is queued.
    await waitFor(async () => ((await alertJob(user.id)) ? undefined : true));
    expect(mailsTo(user.email)).toHaveLength(1);

    // A fourth failure, right after the e-mail: its alert waits for the end of the hour.
    const [sent] = await db.select().from(workspaces).where(eq(workspaces.id, user.workspace.id));
    expect(sent.failureAlertSentAt).not.toBeNull();
    await failingReminder(user.id, "Fabio");
    const job = await waitFor(() => alertJob(user.id));
    expect(job.run_at.getTime() - sent.failureAlertSentAt!.getTime()).toBeGreaterThanOrEqual(3_600_000);
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it("a user who turned alerts off gets no job and no e-mail", async () => {
    const quiet = await createSender({ failureAlerts: false });
    const loud = await createSender();
    await failingReminder(quiet.id, "Gema");
    await failingReminder(loud.id, "Hugo");
    // The other user's alert arriving shows the engine got this far for both.
    await waitFor(() => mailsTo(loud.email)[0]);
    expect(await alertJob(quiet.id)).toBeUndefined();
    expect(mailsTo(quiet.email)).toHaveLength(0);
  });

  it("one alert per workspace, to each owner, admin and member with alerts on, each in their own language", async () => {
    const owner = await createSender({ locale: "es", timezone: "Europe/Madrid" });
    const admin = await createSignedInMember(owner.workspace, "admin", {
      locale: "fr",
      timezone: "Europe/Paris",
    });
    const quiet = await createSignedInMember(owner.workspace, "member", { failureAlerts: false });
    const member = await createSignedInMember(owner.workspace, "member", { locale: "en" });
    const viewer = await createSignedInMember(owner.workspace, "viewer", { locale: "en" });
    // Failures of reminders two members made: one workspace, one alert.
    await failingReminder(owner.workspace.id, "Irene", member.user.id);
    await failingReminder(owner.workspace.id, "Jorge", quiet.user.id);

    const toOwner = await waitFor(() => mailsTo(owner.email)[0]);
    const toAdmin = await waitFor(() => mailsTo(admin.user.email)[0]);
    const toMember = await waitFor(() => mailsTo(member.user.email)[0]);
    expect(toOwner.headers.get("subject")).toBe("No se pudieron enviar 2 recordatorios");
    expect(toAdmin.headers.get("subject")).toBe("2 rappels n’ont pas pu être envoyés");
    expect(toMember.headers.get("subject")).toBe("2 reminders could not be sent");
    for (const mail of [toOwner, toAdmin, toMember]) {
      expect(decoded(mail.raw)).toContain("Irene");
      expect(decoded(mail.raw)).toContain("Jorge");
    }
    await waitFor(async () => ((await alertJob(owner.workspace.id)) ? undefined : true));
    // Alerts off, or a viewer: nothing, and no alert of anyone's own workspace either.
    expect(mailsTo(quiet.user.email)).toHaveLength(0);
    expect(mailsTo(viewer.user.email)).toHaveLength(0);
    expect(await alertJob(member.user.id)).toBeUndefined();
    expect(
      [mailsTo(owner.email), mailsTo(admin.user.email), mailsTo(member.user.email)].map((m) => m.length),
    ).toEqual([1, 1, 1]);
    const [sent] = await db.select().from(workspaces).where(eq(workspaces.id, owner.workspace.id));
    expect(sent.failureAlertSentAt).not.toBeNull();
  });
});
