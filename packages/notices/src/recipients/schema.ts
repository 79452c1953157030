import { z } from "zod";

/** Where a notice goes: an address that can be mailed, or a form a person must fill in. */
export const Channel = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("email"),
    address: z.string().email(),
    label: z.string().min(1),
    /** True when the address was not confirmed against the live page: warn before sending. */
    needsVerification: z.boolean(),
  }),
  z.object({
    kind: z.literal("web_form"),
    url: z.string().url(),
    label: z.string().min(1),
    needsVerification: z.boolean(),
  }),
]);
export type Channel = z.infer<typeof Channel>;

const Channels = z.array(Channel);

export const RecipientEntry = z
  .object({
    platformId: z.string().min(1),
    name: z.string().min(1),
    operator: z.string().min(1),
    /** The platform hosts sexual content only (decides intimate-imagery routing with detection flags). */
    adultContent: z.boolean(),
    jurisdiction: z.object({
      /** Serves the US public, so 17 U.S.C. 512 and the TAKE IT DOWN Act apply. */
      usCovered: z.boolean(),
      /** Serves EU users through an EU establishment or is otherwise bound by the DSA notice-and-action duty. */
      euHosted: z.boolean(),
    }),
    /** Copyright (DMCA) designated agent and forms. */
    copyright: Channels,
    /** Impersonation / privacy / synthetic-likeness report channels. */
    impersonation: Channels,
    /** Non-consensual intimate imagery (TAKE IT DOWN Act) removal channels. */
    intimateImagery: Channels,
    /** DSA Article 16 notice-and-action mechanism, where the platform offers a dedicated one. */
    dsa: Channels,
    /** Why there is no channel at all (dark web, categories of many unrelated services). */
    noChannelReason: z.string().min(1).optional(),
    source: z.string().min(1),
    /** When someone last checked this entry against the live pages; null: not yet checked live. */
    verifiedAt: z.iso.date().nullable(),
  })
  .superRefine((entry, ctx) => {
    const total = entry.copyright.length + entry.impersonation.length + entry.intimateImagery.length + entry.dsa.length;
    if (total === 0 && !entry.noChannelReason) {
      ctx.addIssue({ code: "custom", message: `${entry.platformId}: no channel and no noChannelReason` });
    }
  });
export type RecipientEntry = z.infer<typeof RecipientEntry>;

export const RecipientsFile = z
  .object({ version: z.number().int().positive(), platforms: z.array(RecipientEntry).min(1) })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    for (const entry of file.platforms) {
      if (seen.has(entry.platformId)) {
        ctx.addIssue({ code: "custom", message: `duplicate platformId ${entry.platformId}` });
      }
      seen.add(entry.platformId);
    }
  });
export type RecipientsFile = z.infer<typeof RecipientsFile>;
