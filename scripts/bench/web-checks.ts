import { readFileSync } from "node:fs";
import path from "node:path";
import { FLOOR_LISTS } from "./web-floor";

/** Strings the dashboard renders (messages/en.json) and the landing page does not. */
function dashboardMarkers(): string[] {
  const en = JSON.parse(readFileSync("messages/en.json", "utf8")) as { dashboard: Record<string, string> };
  return [en.dashboard.totalContacts, en.dashboard.activeReminders];
}

/** What the signed-in `/` and the landing page answer: problems found, empty when both are right. */
export async function checkPages(base: string, cookie: string): Promise<string[]> {
  const problems: string[] = [];
  const markers = dashboardMarkers();
  const signedIn = await fetch(`${base}/`, { headers: { cookie }, redirect: "manual" });
  const html = await signedIn.text();
  if (signedIn.status !== 200) problems.push(`signed-in / answered ${signedIn.status}`);
  for (const m of markers)
    if (!html.includes(m)) problems.push(`signed-in / lacks "${m}" (not the dashboard)`);
  const landing = await fetch(`${base}/`, { redirect: "manual" });
  const landingHtml = await landing.text();
  if (landing.status !== 200) problems.push(`landing answered ${landing.status}`);
  if (markers.some((m) => landingHtml.includes(m))) problems.push("landing shows the dashboard");
  return problems;
}

/** What the floor answers: problems found, empty when its JSON is byte for byte what the app answered. */
export async function checkFloor(floorBase: string, payloadDir: string): Promise<string[]> {
  const problems: string[] = [];
  for (const list of FLOOR_LISTS) {
    const body = await (await fetch(`${floorBase}/api/${list}`)).text();
    if (body !== readFileSync(path.join(payloadDir, `${list}.json`), "utf8"))
      problems.push(`the floor's ${list} JSON differs from the app's`);
  }
  return problems;
}
