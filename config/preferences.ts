import { PLAYBACK_LINK_DAYS } from "./media";

/** A preferences link works as long as a playback link sent with the same message. */
export const PREFERENCES_LINK_DAYS = PLAYBACK_LINK_DAYS;

/** How long a request to take a channel back waits for its confirming reply. */
export const CONSENT_REQUEST_HOURS = 24;
