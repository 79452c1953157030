import { censoredPreview } from "@lg/detection/media/censored-preview";
import { DynamoRegisteredHashes } from "@lg/domain/registered-images/adapters/dynamo-registered-hashes";
import { DynamoAutomationOutcomes } from "@lg/domain/takedowns/adapters/dynamo-automation-outcomes";
import { DynamoNoticeRepository } from "@lg/domain/takedowns/adapters/dynamo-takedowns";
import { DynamoThreatListing } from "@lg/domain/threats/adapters/dynamo-threat-listing";
import { ThreatQueries } from "@lg/domain/threats/threat-queries";
import { ThreatTriage } from "@lg/domain/threats/threat-triage";
import { accountStore } from "../accounts/services.js";
import { dynamo } from "../aws/clients.js";
import { once } from "../once.js";
import { evidenceStore, scanRepository, threatRepository } from "../threats/services.js";
import { threatUpdatedEvents } from "../threats/threat-events.js";
import { env } from "./env.js";

/** The threats context's queries for the app: lists, counts, a threat's page and its censored previews. */
export const threatListing = once(() => new DynamoThreatListing(dynamo, env().TABLE_NAME));

/** Threat changes of the app's and the API's triage, each told to the account's webhooks (threat.updated). */
export const threatChangeEvents = once(() =>
  threatUpdatedEvents((userId, threatId) => threatRepository().get(userId, threatId)),
);

export const threatTriage = once(
  () => new ThreatTriage({ listing: threatListing(), threats: threatRepository(), events: threatChangeEvents() }),
);

export const threatQueries = once(
  () =>
    new ThreatQueries({
      accounts: accountStore(),
      threats: threatRepository(),
      scans: scanRepository(),
      evidence: evidenceStore(),
      renderPreview: censoredPreview,
      now: () => new Date(),
      notices: new DynamoNoticeRepository(dynamo, env().TABLE_NAME),
      counters: threatListing(),
      automation: new DynamoAutomationOutcomes(dynamo, env().TABLE_NAME),
      registeredImages: new DynamoRegisteredHashes(dynamo, env().TABLE_NAME),
    }),
);
