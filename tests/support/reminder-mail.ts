import type { ComposeInput } from "@/lib/mail/mail-types";

/**
 * A reminder e-mail as the engine composes one: text and HTML, non-ASCII names, Reply-To,
 * List-Unsubscribe, a given Message-ID, and a line starting with a dot (SMTP dot-stuffing).
 */
export const REMINDER_MAIL: ComposeInput = {
  from: '"Ana García via Remindful" <no-reply@remindful.example>',
  to: "lea@example.com",
  subject: "Un recordatorio de Ana García",
  text: "Hola, Léa:\n\n.Una línea que empieza por un punto\n\nEnviado por Ana García a través de Remindful.\n\nPara darte de baja: https://remindful.example/api/unsubscribe/abc\n",
  html: '<!doctype html><html><body><p>Hola, Léa:</p><p><a href="https://remindful.example/api/unsubscribe/abc">Darse de baja</a></p></body></html>',
  replyTo: "ana@example.com",
  messageId: "<delivery-42.0123456789abcdef@remindful.example>",
  headers: {
    "List-Unsubscribe": "<https://remindful.example/api/unsubscribe/abc>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  },
};
