import { ConfigError, type Config } from '../../config.ts';
import { isPublicServer } from '../../public-address.ts';

/**
 * Without SMTP every email stays in the outbox, password reset links readable: fine on this
 * machine, not on a server others reach unless ALLOW_OUTBOX_EMAIL=true accepts it
 * (docs/decisions/039-demo-data-outbox-and-abuse-limits.md).
 */
export function refuseOutboxOnPublicServer(
  config: Pick<Config, 'host' | 'publicUrl' | 'smtpUrl' | 'allowOutboxEmail'>,
): void {
  if (config.smtpUrl || config.allowOutboxEmail || !isPublicServer(config)) return;
  throw new ConfigError(
    [
      `Refusing to start: this server is meant for other machines (HOST ${config.host}, PUBLIC_URL ${config.publicUrl}) and has no SMTP_URL, so every email, live password reset links included, would stay readable in the outbox.`,
      'To start, either:',
      '  - set SMTP_URL (smtp://user:pass@host:587) to send email for real, or',
      '  - set ALLOW_OUTBOX_EMAIL=true to keep email in the outbox on purpose (a demo server only).',
    ].join('\n'),
  );
}
