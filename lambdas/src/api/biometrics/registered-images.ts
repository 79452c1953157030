import { RegisterHashesInput } from "@lg/domain/registered-images/register-input";
import { parseJson } from "../../shared/http/request.js";
import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { requireUserId } from "../../shared/http/session.js";
import { registeredImageService } from "../../shared/registered-images/services.js";

/**
 * Registered intimate-image hashes (issue 39). The body carries PDQ hashes the person's browser
 * computed, never a picture: a hash is 64 hex characters and a quality.
 */

/** POST /api/image-hashes: register hashes; 422 with the reason when every one is of too low quality. */
export const registerImageHashes: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  const { hashes } = parseJson(event, RegisterHashesInput);
  return json(200, await registeredImageService().register(userId, hashes));
};

/** GET /api/image-hashes: how many, with ids, dates and quality; never the hashes themselves. */
export const listImageHashes: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  return json(200, await registeredImageService().list(userId));
};

/** DELETE /api/image-hashes/{id}: one hash, unmatchable from the next comparison on. */
export const deleteImageHash: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  await registeredImageService().delete(userId, event.pathParameters?.id ?? "");
  return json(200, { deleted: 1 });
};

/** DELETE /api/image-hashes: every hash of the caller. */
export const deleteAllImageHashes: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  return json(200, { deleted: await registeredImageService().deleteAll(userId) });
};

/** GET /api/image-hashes/export: the caller's hashes as hash-sharing programmes read them (hex,quality a line). */
export const exportImageHashes: ApiHandler = async (event) => {
  const userId = await requireUserId(event);
  return {
    statusCode: 200,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "content-disposition": 'attachment; filename="likenessguard-pdq-hashes.txt"',
      "cache-control": "no-store",
    },
    body: await registeredImageService().exportLines(userId),
  };
};
