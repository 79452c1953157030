import { createHash } from "node:crypto";
import type { z } from "zod";
import { DomainError } from "../errors.js";
import type { ApiIdempotentRequest } from "../table/integration-entities.js";
import type { Sealer } from "./sealed-secrets.js";

export type IdempotentRequestRecord = z.infer<typeof ApiIdempotentRequest.schema>;

export interface IdempotencyStore {
  /** Claims the key (conditional put); null when claimed now, else the earlier claim as stored. */
  claim(request: IdempotentRequestRecord): Promise<IdempotentRequestRecord | null>;
  complete(request: IdempotentRequestRecord): Promise<void>;
  /** Frees an in-progress claim whose request failed, so a retry runs it again. */
  release(request: IdempotentRequestRecord): Promise<void>;
}

export interface StoredAnswer {
  statusCode: number;
  body: string;
}

const DAY_SECONDS = 24 * 3600;
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

/**
 * `Idempotency-Key` on every POST of the public API (the IETF draft's header, Stripe's rules): the
 * first request with a key runs and its answer is kept for a day; a retry with the same key and the
 * same request gets that answer again and runs nothing, so a retried POST never sends a second notice.
 * A retry while the first still runs is refused (409); the same key with another request, 422.
 * Only answers below 500 are kept: after a refusal or a failure of ours the key is free for a retry.
 */
export class Idempotency {
  constructor(
    private readonly deps: {
      store: IdempotencyStore;
      now: () => Date;
      /** Seals kept answers that carry a secret (`sealAnswer`), so the table never holds one in the clear. */
      answers?: Sealer;
    },
  ) {}

  async run(
    scope: { accountId: string; keyId: string },
    idempotencyKey: string | undefined,
    request: { method: string; path: string; body: string },
    execute: () => Promise<StoredAnswer>,
    options: { sealAnswer?: boolean } = {},
  ): Promise<StoredAnswer & { replayed: boolean }> {
    if (idempotencyKey === undefined)
      throw new DomainError(
        "invalid",
        "Idempotency-Key header is required on every POST (a unique value per operation, e.g. a UUID)",
      );
    if (!KEY_SHAPE.test(idempotencyKey))
      throw new DomainError("invalid", "Idempotency-Key must be 1 to 255 visible ASCII characters");
    const now = this.deps.now();
    const claim: IdempotentRequestRecord = {
      ...scope,
      idempotencyKey,
      fingerprint: createHash("sha256").update(`${request.method} ${request.path}\n${request.body}`).digest("hex"),
      state: "in_progress",
      createdAt: now.toISOString(),
      expiresAt: Math.floor(now.getTime() / 1000) + DAY_SECONDS,
    };
    const earlier = await this.deps.store.claim(claim);
    if (earlier) {
      if (earlier.fingerprint !== claim.fingerprint)
        throw new DomainError(
          "unprocessable",
          "This Idempotency-Key was used with another request; use a new key for a new operation",
        );
      if (earlier.state === "in_progress" || earlier.statusCode === undefined || earlier.body === undefined)
        throw new DomainError("conflict", "A request with this Idempotency-Key is still being processed; retry later");
      const body =
        earlier.encryptedDataKey === undefined
          ? earlier.body
          : await this.answerSealer().open(this.owner(claim), {
              sealed: earlier.body,
              encryptedDataKey: earlier.encryptedDataKey,
            });
      return { statusCode: earlier.statusCode, body, replayed: true };
    }
    let answer: StoredAnswer;
    try {
      answer = await execute();
    } catch (error) {
      // A refused or failed request changed nothing: its key is free for the retry to run it again.
      await this.deps.store.release(claim);
      throw error;
    }
    if (answer.statusCode >= 500) await this.deps.store.release(claim);
    else if (options.sealAnswer) {
      const { sealed, encryptedDataKey } = await this.answerSealer().seal(this.owner(claim), answer.body);
      await this.deps.store.complete({
        ...claim,
        state: "done",
        statusCode: answer.statusCode,
        body: sealed,
        encryptedDataKey,
      });
    } else await this.deps.store.complete({ ...claim, state: "done", ...answer });
    return { ...answer, replayed: false };
  }

  private answerSealer(): Sealer {
    if (!this.deps.answers) throw new Error("Idempotency has no sealer for answers that carry a secret");
    return this.deps.answers;
  }

  private owner(claim: IdempotentRequestRecord) {
    return { accountId: claim.accountId, keyId: claim.keyId, idempotencyKey: claim.idempotencyKey };
  }
}
