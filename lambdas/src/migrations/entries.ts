/** Migrations run after each deploy (CDK trigger) and at each local start; entries from the repository root. */
export const FACE_REENROLMENT_ENTRY = "lambdas/src/migrations/reenrol-faces.ts";
