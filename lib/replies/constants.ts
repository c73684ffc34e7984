/** graphile-worker task name of the "not confirmed" e-mail (jobs/tasks/send-confirmation-follow-up.ts). */
export const CONFIRMATION_FOLLOW_UP_TASK = "send_confirmation_follow_up";

/** "Tell me if not confirmed after" choices, in minutes (the API accepts 5 to 10,080). */
export const FOLLOW_UP_CHOICES = [60, 180, 1440] as const;
