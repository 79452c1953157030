import { publicApiDocument } from "@lg/domain/integrations/openapi";
import type { TakedownListQuery } from "@lg/domain/integrations/public-api-contract";
import type { z } from "zod";
import { requestKey } from "../../shared/http/api-key-guard.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { publicApiService } from "../../shared/public-api/services.js";
import { op, operationInput, respond } from "./respond.js";

/** GET /api/v1/takedowns */
export const listTakedowns: ApiHandler = async (event) => {
  const { query } = operationInput(op("listTakedowns"), event);
  const accountId = requestKey(event).accountId;
  return respond(
    op("listTakedowns"),
    await publicApiService().listTakedowns(accountId, query as z.infer<typeof TakedownListQuery>),
  );
};

/** GET /api/v1/takedowns/{id}: 404 for another organisation's notice. */
export const getTakedown: ApiHandler = async (event) => {
  const { params } = operationInput(op("getTakedown"), event);
  return respond(
    op("getTakedown"),
    await publicApiService().getTakedown(requestKey(event).accountId, (params as { id: string }).id),
  );
};

/** GET /api/v1/people: names and protection states, never biometric data. */
export const listPeople: ApiHandler = async (event) =>
  respond(op("listPeople"), await publicApiService().listPeople(requestKey(event).accountId));

/** GET /api/v1/openapi.json: the document generated from the contract's schemas (public). */
export const openApiDocument: ApiHandler = async () => json(200, publicApiDocument());
