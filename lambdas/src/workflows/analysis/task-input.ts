import { z } from "zod";

/** The analysis workflow's input: which analysis of which account (never the media, its URL or its result). */
export const AnalysisTaskInput = z.object({ accountId: z.string().min(1), analysisId: z.string().min(1) });
