export const handler = async (): Promise<never> => {
  throw new Error("scan/load-platforms has not landed yet");
};
