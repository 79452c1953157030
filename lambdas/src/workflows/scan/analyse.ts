export const handler = async (): Promise<never> => {
  throw new Error("scan/analyse has not landed yet");
};
