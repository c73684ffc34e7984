/** Auth.js names its session cookie with the __Secure- prefix on https origins. */
export const SESSION_COOKIE = "authjs.session-token";
export const SECURE_SESSION_COOKIE = "__Secure-authjs.session-token";
export const SESSION_COOKIES = [SECURE_SESSION_COOKIE, SESSION_COOKIE] as const;
