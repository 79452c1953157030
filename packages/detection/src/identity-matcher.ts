import { matchFace } from "./face/match.js";
import type { EnrolledIdentity, IdentityMatch } from "./identity.js";
import { matchVoice } from "./voice/matching.js";

/**
 * Whose face or voice an embedding is, among the people being looked for. A person's own scan
 * holds their few decrypted embeddings and compares in memory; a crawl that serves everyone asks
 * a gallery of all enrolled people instead (a vector index, then a confirming check), which is
 * why the answer is asynchronous. Either way a bystander's embedding is only compared, never kept.
 */
export interface IdentityMatcher {
  matchFace(descriptor: Float32Array): Promise<IdentityMatch | null>;
  matchVoice(embedding: Float32Array): Promise<IdentityMatch | null>;
}

/** The people to look for: their embeddings, or a matcher that knows them. */
export type Identities = readonly EnrolledIdentity[] | IdentityMatcher;

const isMatcher = (identities: Identities): identities is IdentityMatcher =>
  typeof (identities as IdentityMatcher).matchFace === "function";

export function identityMatcher(identities: Identities): IdentityMatcher {
  if (isMatcher(identities)) return identities;
  const enrolled = [...identities];
  return {
    matchFace: async (descriptor) => matchFace(descriptor, enrolled),
    matchVoice: async (embedding) => matchVoice(embedding, enrolled),
  };
}
