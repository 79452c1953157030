import http from "node:http";

/**
 * Requests from a chosen loopback address, so tests that meet per-source limits (codes, sign-ups,
 * texts) each have a source of their own, whatever other test files spent before them (Linux answers
 * on all of 127.0.0.0/8). The path goes on the wire exactly as written.
 */
export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: () => { message?: string } & Record<string, unknown>;
}

export interface SendInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  from?: string;
}

export function loopbackClient(stackUrl: string) {
  const port = new URL(stackUrl).port;
  const send = (path: string, init: SendInit = {}): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          path,
          method: init.method ?? "GET",
          headers: init.headers ?? {},
          localAddress: init.from ?? "127.0.0.1",
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
          });
        },
      );
      req.on("error", reject);
      if (init.body !== undefined) req.write(init.body);
      req.end();
    });
  const postJson = (path: string, body: unknown, init: { cookie?: string; from?: string; method?: string } = {}) =>
    send(path, {
      method: init.method ?? "POST",
      headers: { "content-type": "application/json", ...(init.cookie ? { cookie: init.cookie } : {}) },
      body: JSON.stringify(body),
      ...(init.from ? { from: init.from } : {}),
    });
  return { send, postJson };
}

/** A loopback address no other test uses. */
let nextHost = 10 + Math.floor(Math.random() * 200);
export const freshSource = () => `127.0.${nextHost++ % 250}.${2 + Math.floor(Math.random() * 250)}`;
