import { z } from "zod";
import { defineEntity } from "../entity.js";

/** One band of a threat's perceptual hash: the key a scan finds the threat's near-duplicates by. */
export const ThreatHashBand = defineEntity({
  name: "ThreatHashBand",
  description:
    "One of the 7 near-duplicate keys of a threat that has a 64-bit perceptual hash: the hash cut into 7 bands (threats/near-duplicate-bands.ts), each key naming its band's position and value. Two hashes at most 6 bits apart share at least one band, so a scan finds every stored near-duplicate of a finding under the finding's own 7 keys.",
  schema: z.object({
    userId: z.string().min(1),
    /** Band position and value, e.g. `3.1f2`. */
    band: z.string().min(1),
    threatId: z.string().min(1),
    perceptualHash: z.string(),
  }),
  primary: { pk: "USER#{userId}", sk: "PHASH#{band}#{threatId}" },
  accessPatterns: [
    "Find the stored threats that may be near-duplicates of a scan's finding: one query per band of its perceptual hash (begins_with `PHASH#<band>#`), then the Hamming distance of the full hashes decides; the same media is the threat's own key (ids derive from the media hash), read with BatchGet",
  ],
  notes: [
    "Written before their threat (so a threat never exists unfindable; a key whose threat was never written points at nothing and is ignored). The threat's conditional put decides between two scans recording the same media at once; two different but near-identical pictures recorded at the same moment by two scans can still become two threats of one media group.",
    "Threats recorded before these keys existed get them from the after-deploy backfill (`backfillNearDuplicateKeys`), which keys each threat with a perceptual hash and no `hashBandsKeyed` once.",
  ],
});
