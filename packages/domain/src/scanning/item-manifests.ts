/**
 * A platform's discovered items as a JSON manifest the scan's Distributed Map reads (ItemReader), so
 * the items fan out to batched child workflows without passing through the parent's state: one state
 * transition per batch instead of about three per item (docs/scale.md, "Fan-out in batches").
 */

/** Where a manifest lies: the workflow carries this, not the items. */
export interface ManifestLocation {
  bucket: string;
  key: string;
}

export interface ItemManifestStore {
  /** Writes (or, for a retried Discover, replaces) the manifest of one platform of one scan. */
  write(key: string, items: readonly unknown[]): Promise<ManifestLocation>;
}

/** Account erasure removes the account's manifests at once rather than at their day's expiry. */
export interface ManifestEraser {
  /** Deletes every manifest under the prefix; answers how many went. */
  eraseAll(prefix: string): Promise<number>;
}

/**
 * One platform of one scan, under the account's prefix: what a retried Discover rewrites, and a
 * prefix erasure can name. The bucket's lifecycle expires manifests after a day (lib/constructs/workflows.ts).
 */
export function manifestKey(userId: string, scanId: string, platformId: string): string {
  return `${userManifestPrefix(userId)}${part(scanId)}/${part(platformId)}.json`;
}

/** Every manifest of one account's scans. */
export const userManifestPrefix = (userId: string) => `manifests/${part(userId)}/`;

// Encoded, so no id can reach into another account's prefix.
const part = (id: string) => encodeURIComponent(id);
