import { engineVersion } from "./engine-version.js";
import type { IntimateFinding, Signal, SignalId } from "./result.js";

/**
 * The costly part of an analysis that depends on the bytes alone, never on whom it looks for: the
 * learned synthetic-media detectors, the watermark search, the voice countermeasures and the
 * explicit-content reading, as they were computed. (Provenance declarations are read again each
 * time: reading them costs little, and keeping them for media nobody matched would cost a write.)
 * No face, voice, embedding or match is in it, so it may outlive the analysing invocation (kept by
 * the media's SHA-256) and be reused for anyone's analysis of the same bytes by the same engine:
 * the costly detectors then run once per piece of media, whoever's search or crawl meets it.
 */
export interface ReusableFindings {
  /** engineVersion() of the engine that computed them; reused only by that same version. */
  engineVersion: string;
  /** Each as computed, by id. A signal skipped for this analysis's likeness is never in here. */
  signals: Signal[];
  /** The explicit-content reading when it was computed (null: the media had none to give). */
  intimate?: IntimateFinding | null;
}

const isSignal = (signal: Signal | undefined): signal is Signal => signal !== undefined;

/**
 * One analysis's use of earlier findings: where a step would compute a person-independent signal,
 * it takes the earlier reading of it instead, and it keeps what each step computed or took, to be
 * reused later. Steps skipped for this analysis's likeness never reach it, so a reading is reused
 * exactly where it would have been computed, and the result is the one a fresh analysis gives.
 * A step's signals are reused together or computed together: some read each other (face-synthetic's
 * own pass is skipped when the picture's reading already decides).
 */
export class FindingsReuse {
  private readonly earlier = new Map<SignalId, Signal>();
  private readonly earlierIntimate: { value: IntimateFinding | null } | undefined;
  private readonly kept = new Map<SignalId, Signal>();
  private keptIntimate: { value: IntimateFinding | null } | undefined;
  /** Steps computed here, and steps whose readings were taken from the earlier findings. */
  computedSteps = 0;
  reusedSteps = 0;

  constructor(earlier?: ReusableFindings) {
    // Another engine's readings could differ from this one's: they are not reused.
    if (!earlier || earlier.engineVersion !== engineVersion()) return;
    for (const signal of earlier.signals) this.earlier.set(signal.id, signal);
    if (earlier.intimate !== undefined) this.earlierIntimate = { value: earlier.intimate };
  }

  has(id: SignalId): boolean {
    return this.earlier.has(id);
  }

  /** The step's signals, taken from earlier findings when all of them are there, else computed. */
  async signals(ids: readonly SignalId[], compute: () => Promise<Signal[]>): Promise<Signal[]> {
    const earlier = ids.map((id) => this.earlier.get(id));
    const signals = earlier.every(isSignal) ? this.taken(earlier) : this.checked(ids, await this.computing(compute));
    for (const signal of signals) this.kept.set(signal.id, signal);
    return signals;
  }

  async signal(id: SignalId, compute: () => Promise<Signal> | Signal): Promise<Signal> {
    const [signal] = await this.signals([id], async () => [await compute()]);
    return signal as Signal;
  }

  async intimate(compute: () => Promise<IntimateFinding | null>): Promise<IntimateFinding | null> {
    const value = this.earlierIntimate ? this.taken(this.earlierIntimate.value) : await this.computing(compute);
    this.keptIntimate = { value };
    return value;
  }

  /** A video's picture step: its learned signals and explicit-content reading come from the same frames. */
  async pictures(
    ids: readonly SignalId[],
    compute: () => Promise<{ signals: Signal[]; intimate: IntimateFinding | null }>,
  ): Promise<{ signals: Signal[]; intimate: IntimateFinding | null }> {
    const earlier = ids.map((id) => this.earlier.get(id));
    const found =
      this.earlierIntimate && earlier.every(isSignal)
        ? this.taken({ signals: earlier, intimate: this.earlierIntimate.value })
        : await this.computing(compute);
    this.checked(ids, found.signals);
    for (const signal of found.signals) this.kept.set(signal.id, signal);
    this.keptIntimate = { value: found.intimate };
    return found;
  }

  /**
   * What to keep for the next analysis of the same bytes: what this one computed or took, and the
   * earlier readings it had no use for (a video's picture signals, say, when this analysis matched
   * only the voice), so keeping its findings never loses one.
   */
  findings(): ReusableFindings {
    const intimate = this.keptIntimate ?? this.earlierIntimate;
    return {
      engineVersion: engineVersion(),
      signals: [...new Map([...this.earlier, ...this.kept]).values()],
      ...(intimate ? { intimate: intimate.value } : {}),
    };
  }

  private taken<T>(value: T): T {
    this.reusedSteps++;
    return value;
  }

  private async computing<T>(compute: () => Promise<T>): Promise<T> {
    this.computedSteps++;
    return compute();
  }

  /** A step kept under ids other than it answers would be reused for the wrong signal. */
  private checked(ids: readonly SignalId[], signals: Signal[]): Signal[] {
    if (signals.map((s) => s.id).join() !== ids.join())
      throw new Error(`A step computed [${signals.map((s) => s.id)}] where [${ids}] was expected`);
    return signals;
  }
}
