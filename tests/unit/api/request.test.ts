import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiRequestError, apiGet, apiRequest, errorMessage } from "@/lib/api/request";

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

describe("apiGet", () => {
  it("joins key segments and can treat 401 as no data", async () => {
    expect(await apiGet([base, "signed-out"], { on401: "null" })).toBeNull();
    await expect(apiGet([base, "signed-out"])).rejects.toThrow('401: {"message":"Unauthorized"}');
    expect(await apiGet<{ ok: boolean }>([base, "ok"])).toMatchObject({ ok: true });
  });
});
