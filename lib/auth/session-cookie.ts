/** Auth.js names its session cookie with the __Secure- prefix on https origins. */
export const SESSION_COOKIE = "authjs.session-token";
export const SECURE_SESSION_COOKIE = "__Secure-authjs.session-token";
export const SESSION_COOKIES = [SECURE_SESSION_COOKIE, SESSION_COOKIE] as const;

/** Tells the browser to drop the session cookie, under either name. */
export function expireSessionCookies(headers: Headers): void {
  for (const name of SESSION_COOKIES) {
    const secure = name === SECURE_SESSION_COOKIE ? "; Secure" : "";
    headers.append("set-cookie", `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
  }
}
