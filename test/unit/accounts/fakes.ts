import type { ErasedAccounts, UnfinishedErasure } from "../../../packages/domain/src/accounts/erased-accounts.js";
import type {
  AccountSecurityProvider,
  AccountStatus,
  AccountStore,
  ContactChange,
  IdentityProvider,
  MfaChallenge,
  SignedIn,
  StoredItem,
} from "../../../packages/domain/src/accounts/ports.js";
import type { RateCounterStore } from "../../../packages/domain/src/accounts/rate-limits.js";
import { challengeFromItem, challengeItem } from "../../../packages/domain/src/biometrics/adapters/dynamo-liveness.js";
import type { LivenessChallenge } from "../../../packages/domain/src/biometrics/liveness-challenge.js";
import type {
  BiometricAnalyser,
  BiometricObjectStore,
  DataKeyService,
  FacePhotoAnalysis,
  LiveFrameAnalysis,
  LivenessStore,
  ReportedFace,
  ReportedVoice,
} from "../../../packages/domain/src/biometrics/ports.js";
import { DomainError } from "../../../packages/domain/src/errors.js";
import type { BiometricSampleRecord } from "../../../packages/domain/src/records.js";
import type { EvidenceEraser, EvidenceStore } from "../../../packages/domain/src/scanning/evidence.js";
import {
  BiometricConsent,
  BiometricSample,
  fromItem,
  Session,
  toItem,
  UserProfile,
} from "../../../packages/domain/src/table/index.js";

/** Challenges over the memory table, keyed like the real ones. */
export class MemoryLivenessStore implements LivenessStore {
  constructor(private readonly table: MemoryAccountStore) {}
  async putChallenge(challenge: LivenessChallenge) {
    const item = challengeItem(challenge);
    this.table.items.set(`${item.pk}|${item.sk}`, item);
  }
  async takeChallenge(userId: string, challengeId: string) {
    const key = `USER#${userId}|LIVENESS#${challengeId}`;
    const item = this.table.items.get(key);
    this.table.items.delete(key);
    return item ? challengeFromItem(item) : null;
  }
}

/** An in-memory single table keyed like the real one, so erasure tests see every item. */
export class MemoryAccountStore implements AccountStore {
  readonly items = new Map<string, Record<string, unknown>>();
  private key = (pk: string, sk: string) => `${pk}|${sk}`;
  private putItem(item: Record<string, unknown>) {
    this.items.set(this.key(String(item.pk), String(item.sk)), item);
  }
  private byPrefix(pk: string, sk: string) {
    return [...this.items.values()].filter((i) => i.pk === pk && String(i.sk).startsWith(sk));
  }
  async getProfile(userId: string) {
    const item = this.items.get(this.key(`USER#${userId}`, "PROFILE"));
    return item ? fromItem(UserProfile, item) : null;
  }
  async putProfile(p: Parameters<AccountStore["putProfile"]>[0]) {
    this.putItem(toItem(UserProfile, p));
  }
  async putSession(s: Parameters<AccountStore["putSession"]>[0]) {
    this.putItem(toItem(Session, s));
  }
  async getSession(hash: string) {
    const item = this.items.get(this.key(`SESSION#${hash}`, "SESSION"));
    return item ? fromItem(Session, item) : null;
  }
  async deleteSession(hash: string) {
    this.items.delete(this.key(`SESSION#${hash}`, "SESSION"));
  }
  async listSessions(userId: string) {
    return [...this.items.values()]
      .filter((i) => i.gsi1pk === `USER#${userId}#SESSIONS`)
      .map((i) => fromItem(Session, i));
  }
  async listConsents(userId: string) {
    return this.byPrefix(`USER#${userId}`, "CONSENT#").map((i) => fromItem(BiometricConsent, i));
  }
  async putConsent(c: Parameters<AccountStore["putConsent"]>[0]) {
    this.putItem(toItem(BiometricConsent, c));
  }
  async listSamples(userId: string) {
    return this.byPrefix(`USER#${userId}`, "BIOMETRIC#").map((i) => fromItem(BiometricSample, i));
  }
  async putSample(s: BiometricSampleRecord) {
    this.putItem(toItem(BiometricSample, s));
  }
  async deleteSample(s: BiometricSampleRecord) {
    const item = toItem(BiometricSample, s);
    this.items.delete(this.key(String(item.pk), String(item.sk)));
  }
  async listUserItems(userId: string) {
    return this.byPrefix(`USER#${userId}`, "") as StoredItem[];
  }
  async deleteItems(keys: { pk: string; sk: string }[]) {
    for (const k of keys) this.items.delete(this.key(k.pk, k.sk));
  }
}

export class MemoryObjectStore implements BiometricObjectStore {
  readonly objects = new Map<string, { bytes: Uint8Array; tags: Record<string, string> }>();
  async presignUpload(key: string) {
    return `https://bucket.example/biometrics/${key}?X-Amz-Signature=test`;
  }
  keyFromUploadUrl(url: string) {
    const path = new URL(url).pathname;
    return path.startsWith("/biometrics/") ? decodeURIComponent(path.slice("/biometrics/".length)) : null;
  }
  async head(key: string) {
    const o = this.objects.get(key);
    return o ? { size: o.bytes.byteLength } : null;
  }
  async read(key: string) {
    const o = this.objects.get(key);
    if (!o) throw new Error("missing");
    return o.bytes;
  }
  async write(key: string, bytes: Uint8Array, _type: string, tags: Record<string, string>) {
    this.objects.set(key, { bytes, tags });
  }
  async setTags(key: string, tags: Record<string, string>) {
    const o = this.objects.get(key);
    if (o) o.tags = tags;
  }
  async deleteAll(prefix: string) {
    const keys = [...this.objects.keys()].filter((k) => k.startsWith(prefix));
    for (const k of keys) this.objects.delete(k);
    return { objects: keys.length, objectVersions: 0 };
  }
  async list(prefix: string) {
    return [...this.objects.keys()].filter((k) => k.startsWith(prefix));
  }
}

/** The evidence bucket: write-once objects, erased as a whole per user with the account. */
export class MemoryEvidenceStore implements EvidenceStore, EvidenceEraser {
  readonly objects = new Map<string, Uint8Array>();
  async putIfAbsent(key: string, body: Uint8Array) {
    if (this.objects.has(key)) return "exists" as const;
    this.objects.set(key, body);
    return "created" as const;
  }
  async get(key: string) {
    return this.objects.get(key) ?? null;
  }
  async eraseAll(prefix: string) {
    const keys = [...this.objects.keys()].filter((k) => k.startsWith(prefix));
    for (const k of keys) this.objects.delete(k);
    return { objects: keys.length, objectVersions: 0 };
  }
}

/** Tombstones of erased accounts, as the table keeps them (by key, read after write). */
export class MemoryErasedAccounts implements ErasedAccounts {
  readonly marked = new Set<string>();
  readonly open = new Map<string, UnfinishedErasure>();
  async mark(userId: string, at: Date, username?: string) {
    this.marked.add(userId);
    this.open.set(userId, { userId, ...(username ? { username } : {}), erasedAt: at.toISOString() });
  }
  async finished(userId: string) {
    this.open.delete(userId);
  }
  async unfinished(startedBefore: Date) {
    return [...this.open.values()].filter((e) => e.erasedAt < startedBefore.toISOString());
  }
  async isErased(userId: string) {
    return this.marked.has(userId);
  }
}

/** Wraps data keys by XOR with a fixed pad: enough to prove the plaintext key is never stored. */
export class FakeDataKeys implements DataKeyService {
  private pad = new Uint8Array(32).fill(0x5a);
  async generateDataKey() {
    const plaintext = crypto.getRandomValues(new Uint8Array(32));
    return { plaintext: new Uint8Array(plaintext), wrapped: plaintext.map((b, i) => b ^ (this.pad[i] ?? 0)) };
  }
  async unwrapDataKey(wrapped: Uint8Array) {
    return wrapped.map((b, i) => b ^ (this.pad[i] ?? 0));
  }
}

/**
 * Test photos are tiny JPEG-signed byte strings whose text says what the engine should "see":
 * `person=<n>;yaw=<deg>` or `reject=<reason>`.
 */
export const photo = (spec: string) => new Uint8Array([0xff, 0xd8, 0xff, ...new TextEncoder().encode(spec)]);
export const wav = (spec: string) =>
  new Uint8Array([...new TextEncoder().encode("RIFF\0\0\0\0WAVE"), ...new TextEncoder().encode(spec)]);

/**
 * Eyes, nose tip and mouth corners of a head model (units of half the eye span; the nose tip stands
 * out 1.1 from the eyes, about 3.5 cm on a real face, the mouth 0.3) turned by `yawDegrees` and seen
 * from the front, in `box`. A flat picture of a face has every point in one plane: turning it moves
 * the nose as much as its neighbours.
 */
export function headLandmarks(yawDegrees: number, box: { x: number; y: number; width: number }, flat = false) {
  const model = [
    [-1, -0.6, 0],
    [1, -0.6, 0],
    [0, 0.2, 1.1],
    [-0.7, 0.9, 0.3],
    [0.7, 0.9, 0.3],
  ] as const;
  const t = (yawDegrees * Math.PI) / 180;
  const scale = box.width / 4;
  return model.map(([x, y, z]) => ({
    x: box.x + box.width / 2 + scale * (x * Math.cos(t) + (flat ? 0 : z) * Math.sin(t)),
    y: box.y + box.width / 2 + scale * y,
  }));
}

export class FakeAnalyser implements BiometricAnalyser {
  async analyseFacePhoto(bytes: Uint8Array): Promise<FacePhotoAnalysis> {
    const text = new TextDecoder().decode(bytes.subarray(3));
    const reject = /reject=([^;]+)/.exec(text)?.[1];
    if (reject) return { ok: false, reason: reject };
    const person = Number(/person=(\d+)/.exec(text)?.[1] ?? 0);
    const yaw = Number(/yaw=(-?\d+)/.exec(text)?.[1] ?? 0);
    const perceptualHash = /phash=([0-9a-f]{16})/.exec(text)?.[1];
    const [x = 100, y = 100, size = 200] = (/box=([\d,]+)/.exec(text)?.[1] ?? "")
      .split(",")
      .filter(Boolean)
      .map(Number);
    return {
      ok: true,
      descriptor: new Float32Array([person, 0, 0]),
      yawDegrees: yaw,
      quality: { sizePx: 200 },
      box: { x, y, width: size, height: size },
      ...(perceptualHash ? { perceptualHash } : {}),
    };
  }
  /**
   * A live frame: the photo's spec, its `light=` (face then background RGB; an unlit grey without
   * one), and the 5 landmarks of a head model turned to its yaw (`flat=1`: of a flat picture of it).
   */
  async analyseLiveFrame(bytes: Uint8Array): Promise<LiveFrameAnalysis> {
    const analysis = await this.analyseFacePhoto(bytes);
    if (!analysis.ok) return analysis;
    const text = new TextDecoder().decode(bytes.subarray(3));
    const [fr = 150, fg = 120, fb = 100, br = 90, bg = 90, bb = 90] = (/light=([\d,]+)/.exec(text)?.[1] ?? "")
      .split(",")
      .filter(Boolean)
      .map(Number);
    const box = analysis.box ?? { x: 100, y: 100, width: 200, height: 200 };
    return {
      ...analysis,
      box,
      landmarks: headLandmarks(analysis.yawDegrees, box, /flat=1/.test(text)),
      light: { face: [fr, fg, fb], background: [br, bg, bb] },
    };
  }
  /** Reported faces pass when the browser saw one face of at least 80 px, like the engine's gate. */
  assessReportedFace(face: ReportedFace): FacePhotoAnalysis {
    if (face.faceCount !== 1 || face.quality.sizePx < 80) return { ok: false, reason: "Face too small or not alone" };
    return { ok: true, descriptor: face.descriptor, yawDegrees: face.yawDegrees, quality: face.quality };
  }
  async analyseVoice(bytes: Uint8Array) {
    const text = new TextDecoder().decode(bytes.subarray(12));
    const reject = /reject=([^;]+)/.exec(text)?.[1];
    if (reject) return { ok: false as const, reason: reject };
    // `speaker=N` names whose voice it is (the embedding's first value); speaker 1 by default.
    const speaker = Number(/speaker=(\d+)/.exec(text)?.[1] ?? 1);
    return { ok: true as const, embedding: new Float32Array([speaker, 2, 3]), speechSeconds: 8 };
  }
  prepared = 0;
  async prepareTranscription() {
    this.prepared++;
  }
  /** What a fake recording says: its `said=` words (up to the next `;`), nothing without. */
  async transcribe(bytes: Uint8Array) {
    return /said=([^;]*)/.exec(new TextDecoder().decode(bytes.subarray(12)))?.[1] ?? "";
  }
  /** Reported voices pass with at least 4 s of speech, like the engine's gate. */
  assessReportedVoice(voice: ReportedVoice) {
    if (voice.speechSeconds < 4) return { ok: false as const, reason: "Speech too short" };
    return { ok: true as const, embedding: voice.embedding, speechSeconds: voice.speechSeconds };
  }
  sameFace(a: Float32Array, b: Float32Array) {
    const same = a[0] === b[0];
    return { same, confidence: same ? 95 : 5 };
  }
  sameVoice(a: Float32Array, b: Float32Array) {
    const same = a[0] === b[0];
    return { same, confidence: same ? 95 : 5 };
  }
}

export class FakeIdentityProvider implements IdentityProvider, AccountSecurityProvider {
  readonly users = new Map<
    string,
    {
      password: string;
      sub: string;
      confirmed: boolean;
      email?: string;
      phone?: string;
      enabled?: boolean;
      changedAt?: Date;
    }
  >();
  readonly revoked: string[] = [];
  readonly signedOutEverywhere: string[] = [];
  /** Refresh tokens issued and not yet revoked, one per sign-in as Cognito issues them. */
  private readonly liveTokens = new Set<string>();
  private issued = 0;
  readonly statusChecks: string[] = [];
  readonly deleted: string[] = [];
  code = "123456";
  async signUp(input: { username: string; password: string; email?: string; phone?: string }) {
    // As Cognito: an existing username, confirmed or not, is refused.
    if (this.users.has(input.username))
      throw new DomainError("conflict", "An account with this email or phone number already exists.");
    this.users.set(input.username, { ...input, sub: `sub-${this.users.size + 1}`, confirmed: false });
    return { destination: input.username };
  }
  async confirmSignUp(username: string, code: string) {
    const user = this.users.get(username);
    if (!user || code !== this.code) throw new Error("CodeMismatch");
    user.confirmed = true;
  }
  readonly codesResent: string[] = [];
  async resendCode(username: string) {
    // As Cognito: only a sign-up still waiting for its code gets one.
    if (this.users.get(username)?.confirmed) throw new DomainError("conflict", "Already confirmed");
    this.codesResent.push(username);
    return { destination: username };
  }
  readonly resetCodesSent: string[] = [];
  async forgotPassword(username: string) {
    const user = this.users.get(username);
    if (!user?.confirmed) throw new DomainError("not-found", "No account can receive a reset code.");
    this.resetCodesSent.push(username);
    return { destination: username };
  }
  async confirmForgotPassword(username: string, code: string, password: string) {
    const user = this.users.get(username);
    if (!user) throw new DomainError("not-found", "No account can receive a reset code.");
    if (code !== this.code) throw new DomainError("invalid", "Incorrect or expired code.");
    user.password = password;
    user.changedAt = new Date();
  }
  /** Accounts with an authenticator app, and the code the app shows now. */
  readonly totpUsers = new Set<string>();
  totpCode = "654321";
  async signIn(username: string, password: string): Promise<SignedIn | MfaChallenge> {
    const user = this.users.get(username);
    if (!user || user.password !== password || !user.confirmed) throw new Error("NotAuthorized");
    if (this.totpUsers.has(username)) return { mfaSession: `mfa-${user.sub}` };
    return this.signedIn(username);
  }
  async answerMfaChallenge(username: string, session: string, code: string) {
    const user = this.users.get(username);
    if (!user || session !== `mfa-${user.sub}`) throw new DomainError("unauthorized", "Sign in again");
    if (code !== this.totpCode) throw new DomainError("invalid", "That code is not right.");
    return this.signedIn(username);
  }
  /** The authenticator secret handed out and not yet confirmed, per refresh token's user. */
  readonly pendingTotp = new Map<string, string>();
  /** Contact changes waiting for their code, and the codes sent for them. */
  readonly pendingContact = new Map<string, ContactChange>();
  readonly contactCodesSent: string[] = [];
  private userOfToken(refreshToken: string) {
    const entry = [...this.users.entries()].find(([, u]) => refreshToken.startsWith(`refresh-${u.sub}.`));
    if (!entry) throw new DomainError("unauthorized", "Sign in again");
    return entry;
  }
  async totpEnabled(userId: string) {
    return [...this.users.entries()].some(([name, u]) => u.sub === userId && this.totpUsers.has(name));
  }
  async associateTotp(refreshToken: string) {
    const [name] = this.userOfToken(refreshToken);
    this.pendingTotp.set(name, "JBSWY3DPEHPK3PXP");
    return { secret: "JBSWY3DPEHPK3PXP" };
  }
  async enableTotp(refreshToken: string, code: string) {
    const [name] = this.userOfToken(refreshToken);
    if (!this.pendingTotp.has(name)) throw new DomainError("invalid", "No authenticator is being set up");
    if (code !== this.totpCode) throw new DomainError("invalid", "That code is not right.");
    this.totpUsers.add(name);
    this.users.get(name)!.changedAt = new Date();
  }
  async disableTotp(refreshToken: string) {
    const [name] = this.userOfToken(refreshToken);
    this.totpUsers.delete(name);
  }
  async requestContactChange(refreshToken: string, change: ContactChange) {
    const [name] = this.userOfToken(refreshToken);
    this.pendingContact.set(name, change);
    this.contactCodesSent.push(change.value);
    return { destination: change.value };
  }
  async verifyContactChange(refreshToken: string, kind: ContactChange["kind"], code: string) {
    const [name, user] = this.userOfToken(refreshToken);
    const change = this.pendingContact.get(name);
    if (!change || change.kind !== kind || code !== this.code)
      throw new DomainError("invalid", "That code is not right.");
    this.pendingContact.delete(name);
    if (kind === "email") user.email = change.value;
    else user.phone = change.value;
    user.changedAt = new Date();
    return { ...(user.email ? { email: user.email } : {}), ...(user.phone ? { phone: user.phone } : {}) };
  }
  async restoreContact(userId: string, contact: ContactChange) {
    const user = [...this.users.values()].find((u) => u.sub === userId);
    if (!user) throw new DomainError("not-found", "No such account");
    if (contact.kind === "email") user.email = contact.value;
    else user.phone = contact.value;
    user.changedAt = new Date();
  }
  private signedIn(username: string): SignedIn {
    const user = this.users.get(username);
    if (!user) throw new Error("NotAuthorized");
    const refreshToken = `refresh-${user.sub}.${++this.issued}`;
    this.liveTokens.add(refreshToken);
    return {
      identity: { userId: user.sub, username, ...(user.email ? { email: user.email } : {}) },
      refreshToken,
    };
  }
  async revoke(token: string) {
    this.revoked.push(token);
    this.liveTokens.delete(token);
  }
  async refreshTokenValid(token: string) {
    return this.liveTokens.has(token);
  }
  async deleteUser(username: string) {
    this.deleted.push(username);
    this.users.delete(username);
  }
  async accountStatus(userId: string): Promise<AccountStatus> {
    this.statusChecks.push(userId);
    const user = [...this.users.values()].find((u) => u.sub === userId);
    if (!user) return { state: "gone" };
    return {
      state: user.enabled === false ? "disabled" : "active",
      ...(user.changedAt ? { changedAt: user.changedAt } : {}),
    };
  }
  async signOutEverywhere(userId: string) {
    this.signedOutEverywhere.push(userId);
    for (const token of this.liveTokens) if (token.startsWith(`refresh-${userId}.`)) this.liveTokens.delete(token);
  }
}

/** Rate-limit counters in memory, with the same conditional increment as the table's. */
export class MemoryRateCounters implements RateCounterStore {
  readonly hits = new Map<string, number>();
  async increment(counter: { key: string; windowStart: number; expiresAt: number; limit: number }) {
    const key = `${counter.key}@${counter.windowStart}`;
    const hits = this.hits.get(key) ?? 0;
    if (hits >= counter.limit) return false;
    this.hits.set(key, hits + 1);
    return true;
  }
}

/** A fake recording of `speaker` saying the challenge's phrase (what FakeAnalyser.transcribe hears). */
export const sayingPhrase =
  (speaker = 1) =>
  (challenge: { phrase?: string[] }) =>
    wav(`ok;speaker=${speaker};said=${(challenge.phrase ?? []).join(" ")}`);
