export const handler = async (): Promise<never> => {
  throw new Error("send-digests has not landed yet");
};
