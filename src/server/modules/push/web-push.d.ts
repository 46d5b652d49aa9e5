/** The parts of web-push 3.6.7 this module uses (the package ships no types). */
declare module 'web-push' {
  interface VapidKeys {
    publicKey: string;
    privateKey: string;
  }
  interface RequestDetails {
    method: 'POST';
    endpoint: string;
    headers: Record<string, string | number>;
    body: Buffer | null;
  }
  interface RequestOptions {
    vapidDetails: { subject: string; publicKey: string; privateKey: string };
    TTL?: number;
    urgency?: 'very-low' | 'low' | 'normal' | 'high';
    topic?: string;
    contentEncoding?: 'aes128gcm';
  }
  const webPush: {
    generateVAPIDKeys(): VapidKeys;
    generateRequestDetails(
      subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
      payload: string,
      options: RequestOptions,
    ): RequestDetails;
  };
  export default webPush;
}
