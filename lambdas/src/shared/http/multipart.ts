import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { badRequest, payloadTooLarge, unsupportedMediaType } from "./http-errors.js";
import { bodyBytes, header } from "./request.js";

export interface UploadedFile {
  field: string;
  filename: string;
  declaredType: string;
  bytes: Uint8Array;
}

export interface MultipartLimits {
  maxFileBytes: number;
  maxFiles: number;
}

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * multipart/form-data parsed with the runtime's own (undici) parser. Limits are checked on the
 * whole body first, so an oversized request is refused before it is parsed.
 */
export async function parseMultipart(event: APIGatewayProxyEventV2, limits: MultipartLimits) {
  const contentType = header(event, "content-type") ?? "";
  if (!/^multipart\/form-data;.*boundary=/i.test(contentType)) {
    throw unsupportedMediaType("Send the photos and recording as multipart/form-data");
  }
  const body = bodyBytes(event);
  const maxBody = limits.maxFileBytes * limits.maxFiles + 64 * 1024;
  if (body.byteLength > maxBody) throw payloadTooLarge(`Upload is too large: ${mb(body.byteLength)}`);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw badRequest("Malformed multipart body");
  }
  const files = new Map<string, UploadedFile>();
  const fields = new Map<string, string>();
  for (const [field, value] of form.entries()) {
    if (typeof value === "string") {
      fields.set(field, value);
      continue;
    }
    if (files.size >= limits.maxFiles) throw badRequest(`At most ${limits.maxFiles} files per request`);
    if (value.size > limits.maxFileBytes) {
      throw payloadTooLarge(`${field} is too large: ${mb(value.size)}, the limit is ${mb(limits.maxFileBytes)}`);
    }
    files.set(field, {
      field,
      filename: value.name,
      declaredType: value.type,
      bytes: new Uint8Array(await value.arrayBuffer()),
    });
  }
  return { files, fields };
}
