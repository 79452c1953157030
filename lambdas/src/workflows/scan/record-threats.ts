export const handler = async (): Promise<never> => {
  throw new Error("scan/record-threats has not landed yet");
};
