import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { metaSchema } from '../../../core/meta.ts';
import { access } from '../../http/access.ts';
import type { PaymentGateway } from '../billing/index.ts';
import type { Mailer, SmsSender } from '../mail/index.ts';

/** What the web app needs to say honestly which outside services are real here. */
export function metaRoutes(
  app: FastifyInstance,
  mailer: Mailer,
  sms: Pick<SmsSender, 'mode'>,
  gateway: PaymentGateway,
  /** Whether demo accounts exist now (not whether seeding was asked for). */
  demoData: () => Promise<boolean>,
) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/meta', {
    config: { access: access.public },
    schema: {
      tags: ['health'],
      summary:
        'How this installation delivers email and texts, takes card payments, and whether it holds demo data',
      response: { 200: metaSchema },
    },
    handler: async () => ({
      email: mailer.mode,
      sms: sms.mode,
      payments: gateway.mode,
      stripePublishableKey: gateway.publishableKey,
      demoData: await demoData(),
    }),
  });
}
