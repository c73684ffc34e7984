import { afterAll, beforeAll } from "vitest";
import { closeMail, setSmtpUrl } from "@/lib/mail/send-mail";
import { startSmtpSink, type SmtpSink } from "./smtp-sink";
import { startTwilioSink, useTwilioSink, type TwilioSink } from "./twilio-sink";

/**
 * A test file's loopback SMTP server and Twilio peer, started before its tests with this process
 * pointed at them, and stopped after. Read `peers.smtp` / `peers.twilio` inside tests.
 */
export function loopbackPeers(): { readonly smtp: SmtpSink; readonly twilio: TwilioSink } {
  const peers = {} as { smtp: SmtpSink; twilio: TwilioSink };
  beforeAll(async () => {
    peers.twilio = await startTwilioSink();
    useTwilioSink(peers.twilio);
    peers.smtp = await startSmtpSink();
    setSmtpUrl(peers.smtp.url);
  });
  afterAll(async () => {
    closeMail();
    await peers.smtp.close();
    await peers.twilio.close();
  });
  return peers;
}
