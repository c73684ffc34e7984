import type { QuickAddLocale } from "@/lib/quick-add";
import type { Row } from "./parse-table";
import { ROWS_EN_ONCE } from "./rows-en-once";
import { ROWS_EN_PEOPLE } from "./rows-en-people";
import { ROWS_EN_REPEAT } from "./rows-en-repeat";
import { ROWS_ES_ONCE } from "./rows-es-once";
import { ROWS_ES_PEOPLE } from "./rows-es-people";
import { ROWS_ES_REPEAT } from "./rows-es-repeat";
import { ROWS_FR_ONCE } from "./rows-fr-once";
import { ROWS_FR_PEOPLE } from "./rows-fr-people";
import { ROWS_FR_REPEAT } from "./rows-fr-repeat";

/** Each language's table of phrases and the drafts they read to. */
export const ROWS: Record<QuickAddLocale, Row[]> = {
  en: [...ROWS_EN_ONCE, ...ROWS_EN_REPEAT, ...ROWS_EN_PEOPLE],
  es: [...ROWS_ES_ONCE, ...ROWS_ES_REPEAT, ...ROWS_ES_PEOPLE],
  fr: [...ROWS_FR_ONCE, ...ROWS_FR_REPEAT, ...ROWS_FR_PEOPLE],
};

/** The rows that read sentences as people write them (verbs, names anywhere, every schedule). */
export const PEOPLE_ROWS: Record<QuickAddLocale, Row[]> = {
  en: ROWS_EN_PEOPLE,
  es: ROWS_ES_PEOPLE,
  fr: ROWS_FR_PEOPLE,
};
