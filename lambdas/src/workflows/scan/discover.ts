export const handler = async (): Promise<never> => {
  throw new Error("scan/discover has not landed yet");
};
