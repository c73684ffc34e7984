import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, LOCALE_STORAGE_KEY, LOCALES } from "@/i18n/locales";
import { TIME_ZONE_COOKIE } from "@/lib/time/time-zone-cookie";

export const THEME_STORAGE_KEY = "theme";

/**
 * Runs in <head> before first paint. Theme: the stored class (default light), so a dark page
 * never flashes light. Language: with no cookie yet (first visit), the server guessed from
 * Accept-Language; local storage, then navigator.languages, then English decide, the cookie
 * is written, and the page reloads once if the guess was wrong (only if the cookie stuck).
 * Time zone: the browser's IANA zone goes to a cookie (before the language's reload, so that
 * request carries it too); the account made at sign-in starts in that zone.
 */
export const headScript = `try{var t=localStorage.getItem("${THEME_STORAGE_KEY}")==="dark"?"dark":"light",c=document.documentElement.classList;c.remove("light","dark");c.add(t)}catch(e){}
try{var z=encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone||""),zm=document.cookie.match(/(?:^|; )${TIME_ZONE_COOKIE}=([^;]*)/);if(z&&(!zm||zm[1]!==z))document.cookie="${TIME_ZONE_COOKIE}="+z+"; path=/; max-age=${LOCALE_COOKIE_MAX_AGE}; samesite=lax"}catch(e){}
try{var L=${JSON.stringify(LOCALES)},K="${LOCALE_COOKIE}",m=document.cookie.match(new RegExp("(?:^|; )"+K+"=([^;]*)")),s=null;try{s=localStorage.getItem("${LOCALE_STORAGE_KEY}")}catch(e){}
var w=L.indexOf(s)>=0?s:null;if(!w){var n=navigator.languages||[navigator.language];for(var i=0;i<n.length&&!w;i++){var b=String(n[i]).toLowerCase().split("-")[0];if(L.indexOf(b)>=0)w=b}}w=w||"en";
var cur=m?m[1]:null;if(cur!==w&&(!m||L.indexOf(s)>=0)){document.cookie=K+"="+w+"; path=/; max-age=${LOCALE_COOKIE_MAX_AGE}; samesite=lax";if(document.documentElement.lang!==w&&document.cookie.indexOf(K+"="+w)>=0)location.reload()}}catch(e){}`;
