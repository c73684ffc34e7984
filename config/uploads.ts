/** Largest avatar image accepted, by the browser widget and by the server: 5 MB. */
export const AVATAR_MAX_BYTES = 5_242_880;
