import "./quiet-aws-sdk-v2.js";
import http from "node:http";
import path from "node:path";
import { DefaultConfig } from "cognito-local/lib/server/config.js";
import { Router } from "cognito-local/lib/server/Router.js";
import { createServer } from "cognito-local/lib/server/server.js";
import { CognitoServiceFactoryImpl } from "cognito-local/lib/services/cognitoService.js";
import { CryptoService } from "cognito-local/lib/services/crypto.js";
import { StormDBDataStoreFactory } from "cognito-local/lib/services/dataStore/stormDb.js";
import { DateClock, LambdaService, MessagesService, TriggersService } from "cognito-local/lib/services/index.js";
import { MessageDeliveryService } from "cognito-local/lib/services/messageDelivery/messageDelivery.js";
import { otp } from "cognito-local/lib/services/otp.js";
import { JwtTokenGenerator } from "cognito-local/lib/services/tokenGenerator.js";
import { UserPoolServiceFactoryImpl } from "cognito-local/lib/services/userPoolService.js";
import pino from "pino";
import { listen, type RunningServer, readBody } from "../aws/http-server.js";
import type { Outbox } from "../outbox/outbox.js";
import { type GapAction, gapActions, MfaChallenges } from "./gap-actions.js";
import { OutboxMessageSender } from "./outbox-message-sender.js";

/**
 * cognito-local, run in-process with codes delivered to the outbox, behind a front that answers the
 * Cognito actions cognito-local lacks (see gap-actions.ts) and passes every other action through.
 */
export async function startCognito(options: { dataDir: string; outbox: Outbox }): Promise<RunningServer> {
  const logger = pino({ level: process.env.LG_COGNITO_LOG_LEVEL ?? "error" });
  const dataDirectory = path.join(options.dataDir, "db");
  let app: http.RequestListener | undefined;
  let gaps: Record<string, GapAction> = {};
  const challenges = new MfaChallenges();
  /** Notes the authenticator challenge an InitiateAuth answer carries, for RespondToAuthChallenge to check. */
  const watchChallenge = (res: http.ServerResponse, request: Record<string, unknown>) => {
    const chunks: Buffer[] = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    res.write = ((chunk: unknown, ...rest: never[]) => {
      if (chunk) chunks.push(Buffer.from(chunk as Buffer));
      return write(chunk as Buffer, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: never[]) => {
      if (chunk && typeof chunk !== "function") chunks.push(Buffer.from(chunk as Buffer));
      try {
        challenges.issued(request, JSON.parse(Buffer.concat(chunks).toString("utf8")));
      } catch {
        // Not a JSON answer (an error page): no challenge to note.
      }
      return end(chunk as Buffer, ...rest);
    }) as typeof res.end;
  };

  const server = http.createServer(async (req, res) => {
    try {
      const target = String(req.headers["x-amz-target"] ?? "").split(".")[1] ?? "";
      if (req.method === "POST" && req.url === "/") {
        const raw = (await readBody(req)).toString("utf8");
        const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
        const answered = await gaps[target]?.({ logger }, body);
        if (answered) {
          res.writeHead(answered.status, { "content-type": "application/x-amz-json-1.1" });
          res.end(JSON.stringify(answered.body));
          return;
        }
        // body-parser skips requests whose body was already read when `_body` is set.
        Object.assign(req, { body, _body: true });
        if (target === "InitiateAuth") watchChallenge(res, body);
      }
      app?.(req, res);
    } catch (error) {
      res.writeHead(500, { "content-type": "application/x-amz-json-1.1" });
      res.end(JSON.stringify({ __type: "InternalErrorException", message: (error as Error).message }));
    }
  });
  const running = await listen(server);

  const config = {
    ...DefaultConfig,
    UserPoolDefaults: {},
    TokenConfig: { IssuerDomain: running.url },
    ServerConfig: { hostname: "127.0.0.1", port: running.port, https: false as const },
  };
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(dataDirectory);
  const cognito = await new CognitoServiceFactoryImpl(
    dataDirectory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create({ logger }, config.UserPoolDefaults);
  // No trigger functions are configured, so the Lambda client is never called.
  const triggers = new TriggersService(clock, cognito, new LambdaService({}, {} as never), new CryptoService());
  const messages = new MessagesService(triggers, new MessageDeliveryService(new OutboxMessageSender(options.outbox)));
  const services = {
    clock,
    cognito,
    config,
    messages,
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  app = createServer(Router(services), logger, config.ServerConfig, services).application as http.RequestListener;
  gaps = gapActions(services, challenges);
  return running;
}
