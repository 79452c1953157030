import { z } from "zod";

/** POST /api/people/invitations: whom to invite, by email or by phone (one of them). */
export const InviteInput = z.discriminatedUnion("method", [
  z.object({
    method: z.literal("email"),
    displayName: z
      .string({ error: "Enter the name of the person to protect" })
      .trim()
      .min(1, "Enter the name of the person to protect")
      .max(100, "Names are at most 100 characters"),
    email: z
      .string({ error: "Enter the email address to send the invitation to" })
      .trim()
      .toLowerCase()
      .max(254, "Email address is too long (at most 254 characters)")
      .email("Enter a valid email address"),
  }),
  z.object({
    method: z.literal("phone"),
    displayName: z
      .string({ error: "Enter the name of the person to protect" })
      .trim()
      .min(1, "Enter the name of the person to protect")
      .max(100, "Names are at most 100 characters"),
    phone: z
      .string({ error: "Enter the phone number to text the invitation to" })
      .trim()
      .max(32, "Enter the phone number in international format, e.g. +14155550123")
      .regex(/^\+[1-9]\d{6,14}$/, "Enter the phone number in international format, e.g. +14155550123"),
  }),
]);
export type InviteInput = z.infer<typeof InviteInput>;

/** POST /api/people/invitations/preview and /accept: the token from the invitation link. */
export const InvitationTokenInput = z.object({
  token: z
    .string({ error: "The invitation link is incomplete" })
    .min(1, "The invitation link is incomplete")
    .max(256, "This invitation link is not valid"),
});

/** What the web app sends: the bodies before parsing (docs/architecture.md, "The web contract"). */
export type InviteRequest = z.input<typeof InviteInput>;
export type InvitationTokenRequest = z.input<typeof InvitationTokenInput>;
