export const handler = async (): Promise<never> => {
  throw new Error("scan/finish has not landed yet");
};
