/** A value built on first use and kept for the container's lifetime (SDK adapters, services). */
export const once = <T>(build: () => T) => {
  let value: T | undefined;
  return () => {
    value ??= build();
    return value;
  };
};
