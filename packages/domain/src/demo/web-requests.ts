import { z } from "zod";
import { ProfileSetupInput } from "../accounts/profile-shapes.js";

/**
 * What the web app sends to the demo routes, written once: the handlers validate with these (same
 * messages) and the web app types the bodies it sends from them (docs/architecture.md, "The web contract").
 */

/** POST /api/demo/profile: the landing chooser's {demoType}, or the profile-setup form. */
export const DemoProfileBody = z.union([
  ProfileSetupInput,
  z.object({ demoType: z.enum(["personal", "professional", "enterprise"]) }),
]);

/** POST /api/demo/dmca: a demo threat's id, as the demo threat list gives it. */
export const DemoNoticeBody = z.object({
  threatId: z
    .string()
    .max(64, "threatId must be a demo threat's id")
    .regex(/^demo_(personal|professional|enterprise)_\d+$/, "threatId must be a demo threat's id"),
});

export type DemoProfileRequest = z.input<typeof DemoProfileBody>;
export type DemoNoticeRequest = z.input<typeof DemoNoticeBody>;
