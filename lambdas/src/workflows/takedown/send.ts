export const handler = async (): Promise<never> => {
  throw new Error("takedown/send has not landed yet");
};
