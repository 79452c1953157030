import { API_KEY_AUTHORIZER } from "@lg/lambdas/api/routes";
import type { APIGatewayProxyEventV2, APIGatewayRequestAuthorizerEventV2 } from "aws-lambda";
import { loadHandler } from "../lambda/handler-modules.js";
import { lambdaContext } from "../lambda/lambda-context.js";

interface AuthorizerAnswer {
  isAuthorized: boolean;
  context?: Record<string, unknown>;
}

/**
 * What API Gateway does before a route with a Lambda authorizer: no identity source, 401; the
 * authorizer's simple response says yes or no (403), and a yes puts its context in
 * `requestContext.authorizer.lambda`. Answers are cached per identity for the configured time, as
 * in AWS, so the local stack shows the same cached behaviour the handlers must cope with.
 */
export class LocalLambdaAuthorizer {
  private readonly cache = new Map<string, { answer: AuthorizerAnswer; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The event to hand the route's handler, or the status API Gateway would answer with. */
  async authorize(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyEventV2 | 401 | 403> {
    const identity = event.headers?.[API_KEY_AUTHORIZER.identitySource];
    if (!identity) return 401;
    let cached = this.cache.get(identity);
    if (!cached || cached.until <= this.now()) {
      const handler = await loadHandler(API_KEY_AUTHORIZER.entry);
      const answer = (await handler(
        authorizerEvent(event, identity),
        lambdaContext("lg-local-api-key-authorizer"),
      )) as AuthorizerAnswer;
      cached = { answer, until: this.now() + API_KEY_AUTHORIZER.cacheSeconds * 1000 };
      this.cache.set(identity, cached);
    }
    if (!cached.answer.isAuthorized) return 403;
    return {
      ...event,
      requestContext: { ...event.requestContext, authorizer: { lambda: cached.answer.context ?? {} } },
    } as APIGatewayProxyEventV2;
  }
}

function authorizerEvent(event: APIGatewayProxyEventV2, identity: string): APIGatewayRequestAuthorizerEventV2 {
  return {
    version: "2.0",
    type: "REQUEST",
    routeArn: `arn:aws:execute-api:local:000000000000:local/$default/${event.routeKey.replace(" ", "")}`,
    identitySource: [identity],
    routeKey: event.routeKey,
    rawPath: event.rawPath,
    rawQueryString: event.rawQueryString,
    ...(event.cookies ? { cookies: event.cookies } : {}),
    headers: event.headers,
    ...(event.queryStringParameters ? { queryStringParameters: event.queryStringParameters } : {}),
    requestContext: event.requestContext,
    ...(event.pathParameters ? { pathParameters: event.pathParameters } : {}),
  } as APIGatewayRequestAuthorizerEventV2;
}
