import { z } from "zod";

/** `?ledger=<page>` on the billing page: a page number from 1; anything else shows the first page. */
export const ledgerPageSchema = z.coerce.number().int().min(1).max(100_000).catch(1);
