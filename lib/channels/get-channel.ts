import "server-only";
import type { DeliveryMethod } from "@/db/schema/enums";
import { emailChannel } from "./email-channel";
import { twilioCallChannel } from "./twilio-call-channel";
import { twilioChannel } from "./twilio-channel";
import type { Channel } from "./types";

const channels: Record<DeliveryMethod, Channel> = {
  email: emailChannel,
  sms: twilioChannel("sms"),
  whatsapp: twilioChannel("whatsapp"),
  call: twilioCallChannel,
};

export function getChannel(method: DeliveryMethod): Channel {
  return channels[method];
}
