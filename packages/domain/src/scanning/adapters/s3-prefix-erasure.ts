import {
  DeleteObjectsCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  type S3Client,
} from "@aws-sdk/client-s3";

const DELETE_BATCH = 1000;

type ObjectRef = { Key: string; VersionId?: string };

export interface PrefixErasure {
  /** Distinct keys that had at least one version (or, without a versions API, current objects). */
  objects: number;
  /** Older versions and delete markers removed beyond one per key. */
  objectVersions: number;
}

export interface PrefixErasureOptions {
  /**
   * Sends x-amz-bypass-governance-retention: objects under Object Lock GOVERNANCE retention go too.
   * IAM decides whether it works (s3:BypassGovernanceRetention), and only the erasure function has it.
   */
  bypassGovernanceRetention?: boolean;
}

/**
 * Deletes every version and delete marker under `prefix`, so a versioned bucket keeps no old copy.
 * A store without a versions API (s3rver, locally) has only current objects, which a listing finds.
 */
export async function eraseEveryVersion(
  s3: S3Client,
  bucket: string,
  prefix: string,
  options: PrefixErasureOptions = {},
): Promise<PrefixErasure> {
  const versions = await listVersions(s3, bucket, prefix);
  const refs = versions ?? (await listCurrent(s3, bucket, prefix)).map((Key) => ({ Key }));
  for (let i = 0; i < refs.length; i += DELETE_BATCH) {
    const out = await s3.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: refs.slice(i, i + DELETE_BATCH), Quiet: true },
        ...(options.bypassGovernanceRetention ? { BypassGovernanceRetention: true } : {}),
      }),
    );
    if (out.Errors?.length) throw new Error(`Could not delete ${out.Errors.length} objects under ${bucket}/${prefix}`);
  }
  const objects = new Set(refs.map((r) => r.Key)).size;
  return { objects, objectVersions: versions ? refs.length - objects : 0 };
}

export async function listCurrent(s3: S3Client, bucket: string, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let ContinuationToken: string | undefined;
  do {
    const out = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }));
    keys.push(...(out.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])));
    ContinuationToken = out.NextContinuationToken;
  } while (ContinuationToken);
  return keys;
}

async function listVersions(s3: S3Client, bucket: string, prefix: string): Promise<ObjectRef[] | null> {
  const found: ObjectRef[] = [];
  let KeyMarker: string | undefined;
  let VersionIdMarker: string | undefined;
  try {
    do {
      const out = await s3.send(
        new ListObjectVersionsCommand({ Bucket: bucket, Prefix: prefix, KeyMarker, VersionIdMarker }),
      );
      for (const v of [...(out.Versions ?? []), ...(out.DeleteMarkers ?? [])]) {
        if (v.Key) found.push({ Key: v.Key, ...(v.VersionId ? { VersionId: v.VersionId } : {}) });
      }
      KeyMarker = out.IsTruncated ? out.NextKeyMarker : undefined;
      VersionIdMarker = out.IsTruncated ? out.NextVersionIdMarker : undefined;
    } while (KeyMarker);
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const name = (error as { name?: string }).name;
    if (name === "NotImplemented" || name === "MethodNotAllowed" || status === 501 || status === 405) return null;
    throw error;
  }
  return found;
}
