import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiRequestError, apiRequest, apiResult, errorMessage } from "@/lib/api-client/request";

let server: http.Server;
let base = "";
const seen: { method?: string; contentType?: string; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      seen.push({ method: req.method, contentType: req.headers["content-type"], body });
      if (req.url === "/bad")
        return res
          .writeHead(400, { "Content-Type": "application/json" })
          .end('{"message":"name: Name is required"}');
      if (req.url === "/empty-error") return res.writeHead(503, "Service Unavailable").end();
      if (req.url === "/signed-out") return res.writeHead(401).end('{"message":"Unauthorized"}');
      if (req.url === "/limit")
        return res
          .writeHead(403, { "Content-Type": "application/json" })
          .end('{"code":"reminder_limit","message":"Reminder limit reached","limit":"reminders"}');
      res
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify({ ok: true, echo: body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("apiRequest", () => {
  it("sends JSON only when there is a body", async () => {
    await apiRequest("POST", `${base}/ok`, { name: "Ana" });
    await apiRequest("DELETE", `${base}/ok`);
    expect(seen.at(-2)).toMatchObject({
      method: "POST",
      contentType: "application/json",
      body: '{"name":"Ana"}',
    });
    expect(seen.at(-1)).toMatchObject({ method: "DELETE", contentType: undefined, body: "" });
  });

  it("throws '<status>: <body>' and keeps the server's message for toasts", async () => {
    const error = await apiRequest("POST", `${base}/bad`, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as Error).message).toBe('400: {"message":"name: Name is required"}');
    expect(errorMessage(error)).toBe("name: Name is required");
  });

  it("uses the status text when the body is empty", async () => {
    await expect(apiRequest("GET", `${base}/empty-error`)).rejects.toThrow("503: Service Unavailable");
  });
});

describe("apiResult", () => {
  it("answers failures with the status, headers and a readable message instead of throwing", async () => {
    const bad = await apiResult("POST", `${base}/bad`, {});
    expect(bad).toMatchObject({ ok: false, status: 400, message: "name: Name is required" });
    const empty = await apiResult("GET", `${base}/empty-error`);
    expect(empty).toMatchObject({ ok: false, status: 503, message: "503: Service Unavailable" });
    const ok = await apiResult<{ ok: boolean }>("GET", `${base}/ok`);
    expect(ok).toMatchObject({ ok: true, data: { ok: true } });
    expect(ok.headers.get("content-type")).toBe("application/json");
  });

  it("answers a refusal in the shape server actions answer: status, code, message, details", async () => {
    const { headers, ...limit } = await apiResult("POST", `${base}/limit`, {});
    expect(limit).toEqual({
      ok: false,
      status: 403,
      code: "reminder_limit",
      message: "Reminder limit reached",
      details: { limit: "reminders" },
    });
    expect(headers.get("content-type")).toBe("application/json");
    expect(await apiResult("GET", `${base}/empty-error`)).toMatchObject({ code: null, details: {} });
  });

  it("keeps the parsed error body for codes such as contact_limit", async () => {
    const error = await apiRequest("GET", `${base}/signed-out`).catch((e: unknown) => e);
    expect((error as ApiRequestError).body).toEqual({ message: "Unauthorized" });
  });
});
