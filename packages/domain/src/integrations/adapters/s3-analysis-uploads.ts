import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { ANALYSIS_UPLOAD_PREFIX, type AnalysisUploads } from "../analyses.js";
/** How long an upload URL works; the analysis workflow waits about as long for the file. */
export const UPLOAD_URL_SECONDS = 600;

const keyOf = (k: { accountId: string; analysisId: string }) =>
  `${ANALYSIS_UPLOAD_PREFIX}${k.accountId}/${k.analysisId}`;

/**
 * Files API clients put for analysis. Content-Length and Content-Type are signed headers of the URL,
 * so S3 refuses a body of another size or type than the request declared.
 */
export class S3AnalysisUploads implements AnalysisUploads {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
    private readonly presigner: S3Client,
    private readonly now: () => Date,
  ) {}

  async uploadUrl(key: { accountId: string; analysisId: string }, file: { contentType: string; bytes: number }) {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: keyOf(key),
      ContentLength: file.bytes,
      ContentType: file.contentType,
    });
    const url = await getSignedUrl(this.presigner, command, {
      expiresIn: UPLOAD_URL_SECONDS,
      signableHeaders: new Set(["content-type", "content-length"]),
    });
    return {
      url,
      headers: { "content-type": file.contentType },
      expiresAt: new Date(this.now().getTime() + UPLOAD_URL_SECONDS * 1000).toISOString(),
    };
  }

  async read(key: { accountId: string; analysisId: string }) {
    try {
      const out = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: keyOf(key) }));
      return out.Body ? await out.Body.transformToByteArray() : null;
    } catch (error) {
      const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async remove(key: { accountId: string; analysisId: string }) {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: keyOf(key) }));
  }
}
