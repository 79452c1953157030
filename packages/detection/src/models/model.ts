/**
 * Base of every model: weights load lazily on first use, exactly once even when several
 * predictions race (the load promise is the lock), and a failed load can be retried.
 * Runtime specifics (onnxruntime, plain TypeScript tensors) live in runtime adapters,
 * so a model class only says what to load and how to predict.
 */
export abstract class Model<Input, Output, Loaded = unknown> {
  abstract readonly name: string;
  private loading: Promise<Loaded> | undefined;

  protected abstract load(): Promise<Loaded>;
  protected abstract run(loaded: Loaded, input: Input): Promise<Output>;

  /** Loads the model if needed; safe to call concurrently. */
  ready(): Promise<Loaded> {
    if (!this.loading) {
      this.loading = this.load().catch((error: unknown) => {
        this.loading = undefined;
        throw error;
      });
    }
    return this.loading;
  }

  async predict(input: Input): Promise<Output> {
    return this.run(await this.ready(), input);
  }

  get isLoaded(): boolean {
    return this.loading !== undefined;
  }
}
