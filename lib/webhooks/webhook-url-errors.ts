/** The refusals of a webhook URL, as problems (lib/errors). */
export const WEBHOOK_URL_INVALID = {
  code: "webhook_url_invalid",
  message: "Enter a full http:// or https:// URL without a user name or password",
} as const;
export const WEBHOOK_URL_INSECURE = {
  code: "webhook_url_insecure",
  message: "Webhook URLs must use https://",
} as const;
export const WEBHOOK_URL_PRIVATE = {
  code: "webhook_url_private",
  message: "Webhook URLs must not point at a private, loopback or link-local address",
} as const;
export const WEBHOOK_URL_UNRESOLVABLE = {
  code: "webhook_url_unresolvable",
  message: "The webhook URL's host name could not be resolved",
} as const;
