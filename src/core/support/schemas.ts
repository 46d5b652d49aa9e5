/** A support request is open until an admin answers it; the provider may write again. */
export const supportStatuses = ['open', 'answered', 'closed'] as const;
export type SupportStatus = (typeof supportStatuses)[number];
