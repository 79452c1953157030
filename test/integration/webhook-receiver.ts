import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * A webhook receiver on the loopback address (the local stack lets plain http reach it): it records
 * every request as it came, for a test to verify, and answers with `answer` (204 unless told).
 */
export async function startWebhookReceiver(
  answer: (path: string, res: http.ServerResponse, url: (path: string) => string) => void = (_, res) =>
    res.writeHead(204).end(),
) {
  const received: ReceivedRequest[] = [];
  const url = (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const path = req.url ?? "";
      received.push({ path, headers, body: Buffer.concat(chunks).toString("utf8") });
      answer(path, res, url);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { received, url, close: () => server.close() };
}
