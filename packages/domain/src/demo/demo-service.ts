import { randomBytes } from "node:crypto";
import { DomainError } from "../errors.js";
import { sha256Hex } from "../scanning/evidence.js";
import { likenessVerdict } from "../scanning/likeness-verdict.js";
import type { EnrolledPerson, LikenessAnalyser } from "../scanning/scan-ports.js";
import type { MembershipTier } from "../table/entities.js";
import type { ThreatClassification } from "../threats/classification-schema.js";
import { DEMO_ENROLMENT, DEMO_ITEMS, DEMO_PERSONAS } from "./demo-catalogue.js";
import { type DemoNotice, type DemoThreatView, demoNotice } from "./demo-notice.js";

export interface DemoMediaSource {
  read(path: string): Promise<Uint8Array>;
}

/** Embeddings of the demo persona, computed from its enrolment media by the real models. */
export interface DemoEnroller {
  faceDescriptor(bytes: Uint8Array): Promise<Float32Array>;
  voiceEmbedding(bytes: Uint8Array): Promise<Float32Array>;
}

export interface DemoProfileStore {
  put(profile: {
    demoId: string;
    demoType: MembershipTier;
    profile: Record<string, unknown>;
    expiresAt: number;
    createdAt: string;
  }): Promise<void>;
}

/** Demo profiles expire a day after they were made; demo data never touches a user's partition. */
export const DEMO_TTL_SECONDS = 24 * 3600;

const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  mp3: "audio/mpeg",
  wav: "audio/wav",
};

const isPicture = (path: string) => CONTENT_TYPES[path.split(".").pop() ?? ""]?.startsWith("image/") ?? false;

export class DemoService {
  private threats = new Map<MembershipTier, Promise<unknown[]>>();
  /** Each demo threat's classification, by id: its notice rests on it, as a real threat's does (not listed). */
  private classifications = new Map<string, ThreatClassification>();
  private persona: Promise<EnrolledPerson> | undefined;

  constructor(
    private readonly deps: {
      media: DemoMediaSource;
      enroller: DemoEnroller;
      analyser: LikenessAnalyser;
      profiles: DemoProfileStore;
      /** A censored (blurred, small) JPEG of a picture, as real threats' previews are. */
      renderPreview: (picture: Uint8Array) => Promise<Uint8Array>;
      /** A threat row's small square censored JPEG, as real threats' thumbnails are. */
      renderThumbnail: (picture: Uint8Array, options: { intimate: boolean }) => Promise<Uint8Array>;
      now: () => Date;
    },
  ) {}

  async createProfile(demoType: MembershipTier, fields: Record<string, unknown> = {}) {
    const now = this.deps.now();
    const demoId = `demo_${randomBytes(8).toString("hex")}`;
    const persona = DEMO_PERSONAS[demoType];
    const profile = {
      id: demoId,
      demo: true,
      ...persona,
      ...fields,
      membershipTier: demoType,
      createdAt: now.toISOString(),
    };
    await this.deps.profiles.put({
      demoId,
      demoType,
      profile,
      createdAt: now.toISOString(),
      expiresAt: Math.floor(now.getTime() / 1000) + DEMO_TTL_SECONDS,
    });
    return profile;
  }

  /** Threats of a demo scan: the demo media analysed against the demo persona, once per container. */
  threatsFor(demoType: MembershipTier): Promise<unknown[]> {
    let pending = this.threats.get(demoType);
    if (!pending) {
      pending = this.computeThreats(demoType).catch((e: unknown) => {
        this.threats.delete(demoType);
        throw e;
      });
      this.threats.set(demoType, pending);
    }
    return pending;
  }

  /** The takedown notice for one demo threat (ids are demo_<tier>_<n>), for anyone: nothing is sent. */
  async notice(threatId: string): Promise<DemoNotice> {
    const tier = /^demo_(personal|professional|enterprise)_\d+$/.exec(threatId)?.[1] as MembershipTier | undefined;
    const threats = tier ? ((await this.threatsFor(tier)) as DemoThreatView[]) : [];
    const threat = threats.find((t) => t.id === threatId);
    const classification = this.classifications.get(threatId);
    if (!tier || !threat || !classification) throw new DomainError("not-found", "No such demo threat");
    return demoNotice(tier, { ...threat, classification }, this.deps.now());
  }

  /** The censored preview of a demo threat's picture (ids are demo_<tier>_<n>, as threatsFor gives them). */
  async preview(threatId: string): Promise<{ contentType: "image/jpeg"; bytes: Uint8Array }> {
    return { contentType: "image/jpeg", bytes: await this.deps.renderPreview(await this.pictureOf(threatId)) };
  }

  /** A demo threat row's thumbnail, rendered as a real threat's is. */
  async thumbnail(threatId: string): Promise<{ contentType: "image/jpeg"; bytes: Uint8Array }> {
    const picture = await this.pictureOf(threatId);
    return { contentType: "image/jpeg", bytes: await this.deps.renderThumbnail(picture, { intimate: false }) };
  }

  private async pictureOf(threatId: string): Promise<Uint8Array> {
    const [, tier, n] = /^demo_(personal|professional|enterprise)_(\d+)$/.exec(threatId) ?? [];
    const item = tier ? DEMO_ITEMS[tier as MembershipTier][Number(n) - 1] : undefined;
    if (!item || !isPicture(item.path))
      throw new DomainError("not-found", "This demo threat has no picture to preview");
    return this.deps.media.read(item.path);
  }

  private enrolledPersona(): Promise<EnrolledPerson> {
    this.persona ??= (async () => {
      const [face, voice] = await Promise.all([
        this.deps.media.read(DEMO_ENROLMENT.face),
        this.deps.media.read(DEMO_ENROLMENT.voice),
      ]);
      return {
        personId: "demo-persona",
        displayName: "the demo persona",
        face: [await this.deps.enroller.faceDescriptor(face)],
        voice: [await this.deps.enroller.voiceEmbedding(voice)],
      };
    })();
    return this.persona;
  }

  private async computeThreats(demoType: MembershipTier) {
    const person = await this.enrolledPersona().catch((e: unknown) => {
      this.persona = undefined;
      throw new DomainError("unprocessable", `Demo media unavailable: ${(e as Error).message}`);
    });
    const now = this.deps.now().getTime();
    const threats: Record<string, unknown>[] = [];
    for (const [index, item] of DEMO_ITEMS[demoType].entries()) {
      const bytes = await this.deps.media.read(item.path);
      const ext = item.path.split(".").pop() ?? "";
      const finding = await this.deps.analyser.analyse(
        { url: item.url, contentType: CONTENT_TYPES[ext] ?? "application/octet-stream", bytes },
        [person],
      );
      const verdict = likenessVerdict(finding, [{ ...person, displayName: DEMO_PERSONAS[demoType].fullName }]);
      if (!verdict) continue;
      const createdAt = new Date(now - (index + 1) * 3 * 3600_000).toISOString();
      const id = `demo_${demoType}_${index + 1}`;
      this.classifications.set(id, verdict.classification);
      threats.push({
        id,
        threatType: verdict.threatType,
        confidence: Math.round(verdict.confidence * 10) / 10,
        platform: item.platform,
        contentType: finding.contentType,
        url: item.url,
        title: verdict.title,
        status: "active",
        createdAt,
        evidenceData: {
          hash: sha256Hex(JSON.stringify({ media: sha256Hex(bytes), createdAt })),
          capturedAt: createdAt,
        },
        detection: {
          // As a stored threat's view answers it (threat-view.ts): whether the verdict is "synthetic".
          synthetic: verdict.synthetic === "synthetic",
          syntheticScore: finding.syntheticScore,
          signals: finding.syntheticSignals,
        },
        ...(isPicture(item.path)
          ? { previewUrl: `/api/demo/threats/${id}/preview`, thumbnailUrl: `/api/demo/threats/${id}/thumbnail` }
          : { noPicture: "voice" }),
        demo: true,
      });
    }
    // When this demo scan ended, on every threat it found: the demo dashboard's "Last scan", as a real scan's end is.
    const scannedAt = this.deps.now().toISOString();
    return threats.map((threat) => ({ ...threat, scannedAt }));
  }
}
