import { eq } from 'drizzle-orm';
import { toE164 } from '../../../core/phone.ts';
import type { Executor } from '../../db/client.ts';
import { smsOptOuts } from '../../db/schema/index.ts';

/*
 * Phones that answered STOP (docs/decisions/046-text-messages.md). Each function takes a phone as
 * typed and keys it by its E.164 form; a phone that has none can receive no text at all.
 */

/** Whether the phone answered STOP and has not answered START since. */
export async function isOptedOut(db: Executor, phone: string): Promise<boolean> {
  const e164 = toE164(phone);
  if (!e164) return false;
  const rows = await db
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(eq(smsOptOuts.phone, e164))
    .limit(1);
  return rows.length > 0;
}

/** Records a STOP (again: a no-op); false when the phone has no E.164 form. */
export async function optOut(db: Executor, phone: string): Promise<boolean> {
  const e164 = toE164(phone);
  if (!e164) return false;
  await db.insert(smsOptOuts).values({ phone: e164 }).onConflictDoNothing();
  return true;
}

/** Forgets a STOP (START); false when the phone has no E.164 form. */
export async function optIn(db: Executor, phone: string): Promise<boolean> {
  const e164 = toE164(phone);
  if (!e164) return false;
  await db.delete(smsOptOuts).where(eq(smsOptOuts.phone, e164));
  return true;
}
