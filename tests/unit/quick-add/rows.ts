import type { QuickAddLocale } from "@/lib/quick-add";
import type { Row } from "./parse-table";
import { ROWS_EN_ONCE } from "./rows-en-once";
import { ROWS_EN_REPEAT } from "./rows-en-repeat";
import { ROWS_ES_ONCE } from "./rows-es-once";
import { ROWS_ES_REPEAT } from "./rows-es-repeat";
import { ROWS_FR_ONCE } from "./rows-fr-once";
import { ROWS_FR_REPEAT } from "./rows-fr-repeat";

/** Each language's table of phrases and the drafts they read to. */
export const ROWS: Record<QuickAddLocale, Row[]> = {
  en: [...ROWS_EN_ONCE, ...ROWS_EN_REPEAT],
  es: [...ROWS_ES_ONCE, ...ROWS_ES_REPEAT],
  fr: [...ROWS_FR_ONCE, ...ROWS_FR_REPEAT],
};
