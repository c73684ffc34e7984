// The e-mail send path's own cost, without a database: composing reminder-shaped messages, their
// DATA bytes (against nodemailer's MimeNode and DATA stream), then sendMail to a loopback SMTP
// sink; in time and V8 heap bytes allocated.
//   node scripts/with-node24.mjs node --expose-gc node_modules/.bin/tsx \
//     --import ./scripts/allow-server-only.mjs scripts/bench/mail-path.ts [count]
import { readFileSync } from "node:fs";
import { fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Readable } from "node:stream";
import { GCProfiler } from "node:v8";
import MimeNode from "nodemailer/lib/mime-node/index.js";
import DataStream from "nodemailer/lib/smtp-connection/data-stream.js";
import { composeMail } from "@/lib/mail/compose-mail";
import { escapeHtml } from "@/lib/mail/escape-html";
import type { ComposedMail, ComposeInput } from "@/lib/mail/mail-types";
import { dataBytes } from "@/lib/mail/smtp-connection";
import { closeMail, sendMail, setSmtpUrl } from "@/lib/mail/send-mail";
import { startSmtpSink } from "@/tests/support/smtp-sink";

const count = Number(process.argv[2] ?? 20_000);

type Catalogue = Record<string, string>;
const delivery = (locale: string): Catalogue =>
  (JSON.parse(readFileSync(path.join("messages", `${locale}.json`), "utf8")) as { delivery: Catalogue }).delivery;
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "");

const people = ["Ana García", "Léa Dubois", "John Smith", "Zoë Müller", "Íñigo Ortiz", "Chloé Lefèvre"];
const bodies = [
  "No olvides llamar a tu madre: hoy cumple 70 años.",
  "N'oublie pas le rendez-vous chez le médecin demain à 9 h.",
  "Remember to water the plants and feed the cat 🐈 before you leave.",
  "Mañana es la reunión del equipo; trae las cifras del trimestre.",
];

/** A reminder as lib/messages/render-message.ts writes it: greeting, body, signature, links, one-line HTML. */
function reminderInput(i: number): ComposeInput {
  const locale = ["en", "es", "fr"][i % 3];
  const t = catalogues[locale];
  const sender = people[i % people.length];
  const name = people[(i + 2) % people.length].split(" ")[0];
  const app = "https://app.remindful.example";
  const unsubscribe = `${app}/api/unsubscribe/${(1e15 + i * 7919).toString(36)}${"a1b2c3d4e5f6".repeat(3)}`;
  const preferences = `${app}/prefs/${(1e15 + i * 104729).toString(36)}${"f6e5d4c3b2a1".repeat(3)}`;
  const greeting = fill(t.greeting, { name });
  const body = bodies[i % bodies.length];
  const signature = fill(t.signature, { sender });
  const text = `${greeting}\n\n${body}\n\n${signature}\n\n${fill(t.preferences, { sender, url: preferences })}\n${fill(t.unsubscribe, { url: unsubscribe })}\n`;
  const html = [
    `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">`,
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(body)}</p>`,
    `<p style="color:#555">${escapeHtml(signature)}</p>`,
    `<p style="font-size:12px;color:#555"><a href="${escapeHtml(preferences)}">${escapeHtml(fill(t.preferencesLink, { sender }))}</a> &middot; `,
    `<a href="${escapeHtml(unsubscribe)}">${escapeHtml(t.unsubscribeLink)}</a></p>`,
    `</body></html>`,
  ].join("");
  return {
    from: `"${sender} via Remindful" <no-reply@remindful.example>`,
    to: `contact-${i}@example.com`,
    subject: fill(t.subject, { sender }),
    text,
    html,
    replyTo: `owner-${i % 50}@example.com`,
    messageId: `<delivery-${i}.0123456789abcdef@app.remindful.example>`,
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

const catalogues: Record<string, Catalogue> = { en: delivery("en"), es: delivery("es"), fr: delivery("fr") };

/** Wall time and V8 heap bytes allocated by `run` (used heap growth, plus what each GC freed). */
async function measure(label: string, run: () => unknown, per = count): Promise<void> {
  globalThis.gc?.();
  const profiler = new GCProfiler();
  const startUsed = process.memoryUsage().heapUsed;
  profiler.start();
  const started = performance.now();
  await run();
  const ms = performance.now() - started;
  const endUsed = process.memoryUsage().heapUsed;
  const stats = profiler.stop()?.statistics ?? [];
  let allocated = 0;
  let previous = startUsed;
  for (const gc of stats) {
    allocated += gc.beforeGC.heapStatistics.usedHeapSize - previous;
    previous = gc.afterGC.heapStatistics.usedHeapSize;
  }
  allocated += endUsed - previous;
  console.log(
    `${label.padEnd(40)} ${ms.toFixed(0).padStart(6)} ms  ${(allocated / 2 ** 20).toFixed(1).padStart(8)} MB` +
      `  ${(allocated / per / 1024).toFixed(1).padStart(6)} KB/message  (${stats.length} GCs)`,
  );
}

/** What smtp-connection's send does with the message it is given: through its DATA stream. */
function dataStream(message: Readable | Buffer): Promise<number> {
  const stream = new DataStream();
  let bytes = 0;
  return new Promise((resolve, reject) => {
    stream.on("data", (chunk: Buffer) => (bytes += chunk.length));
    stream.once("end", () => resolve(bytes));
    stream.once("error", reject);
    if (Buffer.isBuffer(message)) stream.end(message);
    else message.pipe(stream);
  });
}

/** A composed message to the bytes that go after DATA: nodemailer's way before, ours now. */
const handoffs: [string, (mail: ComposedMail) => Promise<number>][] = [
  [
    "hand-off, raw MimeNode through nodemailer's DATA stream (before)",
    (mail) => {
      const message = new MimeNode("message/rfc822", { baseBoundary: "raw" }).setRaw(mail.raw);
      message.setEnvelope({ from: mail.envelope.from, to: mail.envelope.to.join(", ") });
      message.setHeader("Message-ID", mail.messageId);
      message.getHeader("message-id");
      message.getEnvelope();
      message.messageId();
      return dataStream(message.createReadStream());
    },
  ],
  ["hand-off, dataBytes (the DATA bytes our SMTP client writes)", (mail) => Promise.resolve(dataBytes(mail.raw).length)],
];

/** sendMail itself, 25 in flight, to an SMTP sink in a child process: this process's CPU and heap. */
async function sendThroughSink(): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), ["--sink"], { execArgv: process.execArgv });
  const url = await new Promise<string>((resolve) => child.once("message", (m) => resolve(String(m))));
  setSmtpUrl(url);
  const sends = Math.min(count, 10_000);
  const run = async (total: number) => {
    let next = 0;
    const lane = async () => {
      while (next < total) await sendMail(reminderInput(next++));
    };
    await Promise.all(Array.from({ length: 25 }, lane));
  };
  await run(2_000);
  for (let round = 0; round < 2; round++) {
    const cpu = process.cpuUsage();
    await measure(`sendMail ×${sends}`, () => run(sends), sends);
    const used = process.cpuUsage(cpu);
    console.log(`  ${((used.user + used.system) / 1000).toFixed(0)} ms CPU`);
  }
  closeMail();
  child.kill();
}

async function main() {
  const inputs = Array.from({ length: count }, (_, i) => reminderInput(i));
  // Warm up (JIT) before measuring.
  for (let i = 0; i < 2_000; i++) composeMail(inputs[i]);
  let composed: ComposedMail[] = [];
  for (let round = 0; round < 3; round++) {
    composed = [];
    await measure(`compose ×${count}`, () => {
      for (const input of inputs) composed.push(composeMail(input));
    });
  }
  for (const [label, handoff] of handoffs) {
    for (let i = 0; i < 2_000; i++) await handoff(composed[i]);
    for (let round = 0; round < 3; round++) {
      await measure(`${label} ×${count}`, async () => {
        for (const mail of composed) await handoff(mail);
      });
    }
  }
  await sendThroughSink();
}

if (process.argv.includes("--sink")) {
  const sink = await startSmtpSink();
  process.send?.(sink.url);
  // Keep the child small: only the count matters here.
  setInterval(() => sink.messages.splice(0), 1_000);
} else {
  await main();
}
