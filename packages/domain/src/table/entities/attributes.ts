import { z } from "zod";

export const isoDate = z.string().datetime({ offset: true });
export const epochSeconds = z.number().int().nonnegative();
