export const handler = async (): Promise<never> => {
  throw new Error("track-takedowns has not landed yet");
};
