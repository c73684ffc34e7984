import { z } from "zod";

/** "Delete my account": the user types their e-mail address to confirm. */
export const deleteAccountSchema = z
  .object({
    email: z
      .string({ error: "Type your email address to confirm" })
      .trim()
      .min(1, "Type your email address to confirm")
      .max(320),
  })
  .strict();
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
