import type { PoseWindow } from "@lg/domain/biometrics/liveness-challenge";
import type { ColourWindow } from "@lg/domain/biometrics/screen-light";
import { expect } from "vitest";
import { burstForm } from "../support/live-frames.js";
import { type SignedUpPerson, signUp } from "./signed-up-person.js";

/** What POST /api/biometric-training/challenge answers. */
export interface Challenge {
  challengeId: string;
  poses: PoseWindow[];
  /** The screen colours the page shows, in order. */
  colours: ColourWindow[];
  frameIntervalMs: number;
  expiresAt: string;
}

/** The live check as the web app drives it, over one local stack's API. */
export function liveCheckClient(url: string) {
  const call = (person: SignedUpPerson, route: string, init: RequestInit = {}) =>
    fetch(`${url}${route}`, { method: "POST", ...init, headers: { cookie: person.cookie, ...init.headers } });

  /** A signed-up person who agreed to the biometric consent. */
  async function consented(tag: string) {
    const person = await signUp(url, tag);
    const consent = (await (await call(person, "/api/consent", { method: "GET" })).json()) as { version: string };
    const given = await call(person, "/api/consent", {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ version: consent.version, agree: true }),
    });
    expect(given.status).toBe(200);
    return person;
  }

  async function challenge(person: SignedUpPerson): Promise<Challenge> {
    const res = await call(person, "/api/biometric-training/challenge");
    expect(res.status).toBe(201);
    return (await res.json()) as Challenge;
  }

  /** Sends the burst once the challenge's poses could have been performed, as the page does. */
  async function answer(person: SignedUpPerson, c: Challenge, burst: { atMs: number; bytes: Uint8Array }[]) {
    await new Promise((resolve) => setTimeout(resolve, (c.poses.at(-1)?.endMs ?? 0) + 200));
    const res = await call(person, "/api/biometric-training", { body: burstForm(c.challengeId, burst) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  return { call, consented, challenge, answer };
}
