import { z } from "zod";

/** Ids in paths and bodies: our ids are UUIDs and hashes; DynamoDB keys stop at 1 KB (2 KB pk). */
export const MAX_ID_LENGTH = 128;

/** An id a request names, refused with a message that says which (`name`) and why. */
export const entityId = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .min(1, `${name} is required`)
    .max(MAX_ID_LENGTH, `${name} is too long (at most ${MAX_ID_LENGTH} characters)`)
    .regex(/^[A-Za-z0-9._:~-]+$/, `${name} may hold only letters, digits and . _ : ~ -`);
