/** A value built on first use and kept for the container's lifetime (SDK adapters, services). */
export const once = <T>(build: () => T) => {
  let value: T | undefined;
  return () => {
    value ??= build();
    return value;
  };
};

/** Like `once` for a value read over the network: a failed read is not kept, so the next call tries again. */
export const onceUnlessFailed = <T>(build: () => Promise<T>) => {
  let value: Promise<T> | undefined;
  return () => {
    value ??= build().catch((error: unknown) => {
      value = undefined;
      throw error;
    });
    return value;
  };
};
