import { z } from "zod";
import { MAX_EXTRA_SEATS } from "@/config/plans";

/** The billing page's 'Add seats': how many members to add to the workspace's subscription. */
export const addSeatsSchema = z
  .object({
    seats: z.coerce
      .number({ message: "Enter a number of members" })
      .int("Enter a whole number of members")
      .min(1, "Add at least one member")
      .max(MAX_EXTRA_SEATS, `At most ${MAX_EXTRA_SEATS} members at once`),
  })
  .strict();

export type AddSeatsInput = z.output<typeof addSeatsSchema>;
