import { z } from "zod";
import { demoService } from "../../shared/demo/services.js";
import { badRequest } from "../../shared/http/http-errors.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";

const Query = z.enum(["personal", "professional", "enterprise"]);

/** GET /api/demo/threats?demoType=: the demo persona's threats, found by the real engine. */
export const listDemoThreats: ApiHandler = async (event) => {
  const demoType = Query.safeParse(event.queryStringParameters?.demoType ?? "personal");
  if (!demoType.success) throw badRequest("demoType must be personal, professional or enterprise");
  return json(200, await demoService().threatsFor(demoType.data));
};
