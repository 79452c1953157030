import type { z } from "zod";
import { UnexpectedFormatError } from "../errors.js";

/** Validates a platform's answer against the fields we rely on; unknown fields are ignored. */
export function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new UnexpectedFormatError(result.error.message);
  return result.data;
}
