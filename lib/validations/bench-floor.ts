import { z } from "zod";

/** The API lists bench:web measures against an in-memory floor. */
export const BENCH_FLOOR_LISTS = ["contacts", "reminders"] as const;

export const benchFloorParams = z.object({ list: z.enum(BENCH_FLOOR_LISTS) });
