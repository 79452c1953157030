/**
 * A match is a Hamming distance of at most 31 of PDQ's 256 bits: ThreatExchange's own confident
 * match threshold (python-threatexchange, signal_type/pdq/pdq_utils.py PDQ_CONFIDENT_MATCH_THRESHOLD,
 * and the PDQ write-up hashing/hashing.pdf), the one StopNCII's partner platforms match with.
 */
export const PDQ_MATCH_DISTANCE = 31;

/**
 * Below quality 50 a PDQ hash describes a flat or featureless picture that matches far too much
 * (ThreatExchange's VPDQ_CONFIDENT_QUALITY_THRESHOLD; hashing.pdf advises discarding such hashes).
 */
export const PDQ_MIN_QUALITY = 50;

/** A video yields a hash per sampled frame; a request carries at most this many (64 KB of JSON). */
export const MAX_HASHES_PER_REQUEST = 200;
/** An account's cap: thousands of pictures and frames, far below what would slow a scan's matching. */
export const MAX_HASHES_PER_ACCOUNT = 5_000;

/** Why a hash was not registered, in words for the person. */
export const lowQualityReason = (quality: number) =>
  `Quality ${quality} is below ${PDQ_MIN_QUALITY}: the picture is too flat or plain for its hash to tell it apart from other pictures, so it would match unrelated images. Try the original, full-size picture.`;
