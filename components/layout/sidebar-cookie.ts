/** The sidebar remembers expanded/collapsed for 7 days. */
export const SIDEBAR_COOKIE = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE = 604_800;
