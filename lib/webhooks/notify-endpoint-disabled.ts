import "server-only";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { sendMail } from "@/lib/mail/send-mail";
import type { DisabledEndpoint } from "./disable-failing-endpoints";
import { renderEndpointDisabledMail } from "./render-endpoint-disabled-mail";

/** E-mails each owner that their endpoint was disabled; a mail error is logged, not thrown. */
export async function notifyEndpointDisabled(endpoints: DisabledEndpoint[]): Promise<void> {
  for (const endpoint of endpoints) {
    logger.warn("webhooks.endpoint_disabled", { endpointId: endpoint.id });
    try {
      await sendMail({
        to: endpoint.email,
        ...renderEndpointDisabledMail({ locale: endpoint.locale, url: endpoint.url, appUrl: env.APP_URL }),
      });
    } catch (error) {
      logger.warn("webhooks.disabled_mail_failed", { endpointId: endpoint.id, error });
    }
  }
}
