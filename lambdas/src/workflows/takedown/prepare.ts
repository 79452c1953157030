export const handler = async (): Promise<never> => {
  throw new Error("takedown/prepare has not landed yet");
};
