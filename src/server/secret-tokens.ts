import { createHash, randomBytes } from 'node:crypto';

/** A bearer secret for a link (password reset, email change, job tracking): 256 random bits. */
export const newToken = () => randomBytes(32).toString('base64url');

/** What the database keeps of a token: a leaked table opens nothing. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
