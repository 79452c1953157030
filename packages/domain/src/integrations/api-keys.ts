import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import { DomainError } from "../errors.js";
import type { MembershipTier } from "../table/entities.js";
import type { ApiKey, ApiKeyScope } from "../table/integration-entities.js";
import type { Actor } from "../team/audit-log.js";
import type { AuditAction } from "../team/ports.js";
import { TIERS } from "../tiers.js";

export type ApiKeyRecord = z.infer<typeof ApiKey.schema>;

/**
 * What a key looks like: `lg_live_`, its 16-hex id, `_`, and 43 characters of base64url (256 random
 * bits). The prefix lets secret scanners (and people) recognise a leaked key; the id lets the server
 * find the key with one read; only the whole secret's SHA-256 is stored.
 */
export const API_KEY_PREFIX = "lg_live_";
const SECRET_SHAPE = /^lg_live_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

export function newApiKeySecret(): { keyId: string; secret: string } {
  const keyId = randomBytes(8).toString("hex");
  return { keyId, secret: `${API_KEY_PREFIX}${keyId}_${randomBytes(32).toString("base64url")}` };
}

/** The key id a secret names, or null when it is not shaped like one of ours. */
export function keyIdOf(secret: string): string | null {
  return SECRET_SHAPE.exec(secret)?.[1] ?? null;
}

/**
 * What each plan allows (issue 38): Professional one key with read scopes, Enterprise several with
 * any. Defined in the plan catalogue (tiers.ts), which the pricing page reads too.
 */
export const API_KEY_ALLOWANCE: Readonly<Record<MembershipTier, { keys: number; scopes: readonly ApiKeyScope[] }>> = {
  personal: TIERS.personal.apiKeys,
  professional: TIERS.professional.apiKeys,
  enterprise: TIERS.enterprise.apiKeys,
};

/** Scopes that change something: each use is written to the account's audit log. */
export const WRITE_SCOPES: ReadonlySet<ApiKeyScope> = new Set(["takedowns:write", "analyses:write", "webhooks:manage"]);

export interface ApiKeyStore {
  put(key: ApiKeyRecord): Promise<void>;
  /** Strongly consistent. */
  get(keyId: string): Promise<ApiKeyRecord | null>;
  listForAccount(accountId: string): Promise<ApiKeyRecord[]>;
  /**
   * Records a use at `at` only while the key exists, is not revoked and has not expired (one conditional
   * update); null otherwise.
   */
  markUsed(keyId: string, at: string): Promise<ApiKeyRecord | null>;
  /** Revokes the account's key unless it already is; false when there is no such key of this account. */
  revoke(accountId: string, keyId: string, by: string, at: string): Promise<boolean>;
}

export interface KeyAudit {
  record(
    accountId: string,
    actor: Actor,
    action: AuditAction,
    subject?: string,
    details?: Record<string, string>,
  ): Promise<void>;
}

export interface NewApiKey {
  name: string;
  scopes: ApiKeyScope[];
  validUntil?: string;
}

/** A key as Settings and the API show it: never its secret or hash. */
export function apiKeyView(k: ApiKeyRecord, now: Date) {
  const expired = k.validUntil !== undefined && Date.parse(k.validUntil) <= now.getTime();
  return {
    id: k.keyId,
    name: k.name,
    scopes: k.scopes,
    hint: k.hint,
    createdAt: k.createdAt,
    ...(k.validUntil ? { validUntil: k.validUntil } : {}),
    ...(k.lastUsedAt ? { lastUsedAt: k.lastUsedAt } : {}),
    ...(k.revokedAt ? { revokedAt: k.revokedAt } : {}),
    state: k.revokedAt ? ("revoked" as const) : expired ? ("expired" as const) : ("active" as const),
  };
}

/** The key that made a request, as the audit log names it. */
export const keyActor = (k: Pick<ApiKeyRecord, "keyId" | "name">): Actor => ({
  userId: `apikey:${k.keyId}`,
  label: `API key "${k.name}"`,
});

const isLive = (k: ApiKeyRecord, now: Date) =>
  !k.revokedAt && (k.validUntil === undefined || Date.parse(k.validUntil) > now.getTime());

/** Creating, listing, revoking and checking an account's API keys (docs/public-api.md). */
export class ApiKeyService {
  constructor(private readonly deps: { store: ApiKeyStore; audit: KeyAudit; now: () => Date }) {}

  async create(accountId: string, actor: Actor, tier: MembershipTier, input: NewApiKey) {
    const now = this.deps.now();
    const allowance = API_KEY_ALLOWANCE[tier];
    if (allowance.keys === 0)
      throw new DomainError("forbidden", "API keys are available on the Professional and Enterprise plans");
    const refused = input.scopes.filter((s) => !allowance.scopes.includes(s));
    if (refused.length > 0)
      throw new DomainError(
        "forbidden",
        `Your plan's API keys may have only ${allowance.scopes.join(", ")}; not ${refused.join(", ")} (Enterprise has every scope)`,
      );
    if (input.validUntil !== undefined && Date.parse(input.validUntil) <= now.getTime())
      throw new DomainError("invalid", "validUntil must be in the future");
    const live = (await this.deps.store.listForAccount(accountId)).filter((k) => isLive(k, now));
    if (live.length >= allowance.keys)
      throw new DomainError(
        "forbidden",
        allowance.keys === 1
          ? "Your plan has one API key; revoke it to make another (Enterprise has several)"
          : `At most ${allowance.keys} API keys at once; revoke one to make another`,
      );
    const { keyId, secret } = newApiKeySecret();
    const record: ApiKeyRecord = {
      keyId,
      accountId,
      name: input.name,
      scopes: [...new Set(input.scopes)],
      secretHash: hashSecret(secret),
      hint: `${API_KEY_PREFIX}${keyId}_…${secret.slice(-4)}`,
      createdAt: now.toISOString(),
      createdBy: actor.userId,
      ...(input.validUntil ? { validUntil: new Date(input.validUntil).toISOString() } : {}),
    };
    await this.deps.store.put(record);
    await this.deps.audit.record(accountId, actor, "api_key.created", keyId, {
      name: record.name,
      scopes: record.scopes.join(" "),
      ...(record.validUntil ? { validUntil: record.validUntil } : {}),
    });
    // The secret leaves the server this once; only its hash stays.
    return { key: apiKeyView(record, now), secret };
  }

  async list(accountId: string) {
    const now = this.deps.now();
    return (await this.deps.store.listForAccount(accountId)).map((k) => apiKeyView(k, now));
  }

  async revoke(accountId: string, actor: Actor, keyId: string): Promise<void> {
    const revoked = await this.deps.store.revoke(accountId, keyId, actor.userId, this.deps.now().toISOString());
    if (!revoked) throw new DomainError("not-found", "No such API key");
    await this.deps.audit.record(accountId, actor, "api_key.revoked", keyId);
  }

  /** The authorizer's check: the key a secret is, if it is live and the secret is its own. */
  async authenticate(secret: string): Promise<ApiKeyRecord | null> {
    const keyId = keyIdOf(secret);
    if (!keyId) return null;
    const key = await this.deps.store.get(keyId);
    if (!key || !sameHash(key.secretHash, hashSecret(secret))) return null;
    return isLive(key, this.deps.now()) ? key : null;
  }

  /**
   * Every request's own check, after the (cached) authorizer's: the key is still live now, so a
   * revocation or an expiry holds from the next request, and its last use is recorded.
   */
  async admit(keyId: string, accountId: string): Promise<ApiKeyRecord> {
    const key = await this.deps.store.markUsed(keyId, this.deps.now().toISOString());
    if (!key || key.accountId !== accountId)
      throw new DomainError("unauthorized", "This API key has been revoked or has expired");
    return key;
  }

  async recordWrite(key: ApiKeyRecord, operation: string, subject: string): Promise<void> {
    await this.deps.audit.record(key.accountId, keyActor(key), "api_key.used", subject, {
      operation,
      keyId: key.keyId,
    });
  }
}

function sameHash(stored: string, given: string): boolean {
  const a = Buffer.from(stored, "hex");
  const b = Buffer.from(given, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
