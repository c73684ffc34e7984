import "server-only";
import type { DeliveryMethod } from "@/db/schema/enums";
import { emailChannel } from "./email-channel";
import { twilioChannel } from "./twilio-channel";
import { ChannelError, type Channel } from "./types";

const channels: Record<DeliveryMethod, Channel> = {
  email: emailChannel,
  sms: twilioChannel("sms"),
  whatsapp: twilioChannel("whatsapp"),
  // Placed through Twilio's Calls API once that channel is in; until then nothing is called.
  call: {
    async send() {
      throw new ChannelError("Calls are not configured", false, "channel_not_configured");
    },
  },
};

export function getChannel(method: DeliveryMethod): Channel {
  return channels[method];
}
