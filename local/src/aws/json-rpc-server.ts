import http from "node:http";
import { AwsError } from "./aws-error.js";
import { listen, type RunningServer, readBody } from "./http-server.js";

export type JsonAction = (input: Record<string, unknown>) => Promise<unknown>;

/**
 * The AWS JSON protocol (1.0 and 1.1): POST / with `X-Amz-Target: <prefix>.<Action>` and a JSON body;
 * errors are `{ __type, message }`. KMS, Step Functions, DynamoDB and Cognito all speak it.
 */
export function startJsonRpcServer(options: {
  targetPrefix: string;
  contentType: "application/x-amz-json-1.0" | "application/x-amz-json-1.1";
  actions: Record<string, JsonAction>;
}): Promise<RunningServer> {
  const server = http.createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": options.contentType });
      res.end(JSON.stringify(body));
    };
    try {
      const target = String(req.headers["x-amz-target"] ?? "");
      const [prefix, actionName] = target.split(".");
      const action = prefix === options.targetPrefix && actionName ? options.actions[actionName] : undefined;
      if (!action) throw new AwsError("UnknownOperationException", `Unsupported operation ${target}`);
      const raw = (await readBody(req)).toString("utf8");
      send(200, (await action(raw ? (JSON.parse(raw) as Record<string, unknown>) : {})) ?? {});
    } catch (error) {
      if (error instanceof AwsError) send(error.statusCode, { __type: error.type, message: error.message });
      else send(500, { __type: "InternalFailure", message: (error as Error).message });
    }
  });
  return listen(server);
}
