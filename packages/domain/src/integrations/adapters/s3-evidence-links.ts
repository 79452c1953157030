import { GetObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { EvidenceLinks } from "../evidence-media.js";

/** Presigned GETs of the evidence bucket's objects, signed with the function's own read grant. */
export class S3EvidenceLinks implements EvidenceLinks {
  constructor(
    private readonly presigner: S3Client,
    private readonly bucket: string,
  ) {}

  presignGet(key: string, expiresInSeconds: number) {
    return getSignedUrl(this.presigner, new GetObjectCommand({ Bucket: this.bucket, Key: key }), {
      expiresIn: expiresInSeconds,
    });
  }
}
