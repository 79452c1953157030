import { DynamoRegisteredHashes } from "@lg/domain/registered-images/adapters/dynamo-registered-hashes";
import { PdqIndex } from "@lg/domain/registered-images/pdq-index";
import { RegisteredImageService } from "@lg/domain/registered-images/registered-image-service";
import { dataKeys } from "./biometrics-services.js";
import { dynamo } from "./clients.js";
import { env } from "./env.js";
import { gallerySql } from "./gallery-services.js";
import { once } from "./once.js";

/** Registered intimate-image hashes: sealed in the table, indexed in the gallery database. */
export const pdqIndex = once(() => new PdqIndex(gallerySql()));
export const registeredImageService = once(
  () =>
    new RegisteredImageService({
      store: new DynamoRegisteredHashes(dynamo, env().TABLE_NAME),
      keys: dataKeys(),
      index: pdqIndex(),
      now: () => new Date(),
    }),
);
