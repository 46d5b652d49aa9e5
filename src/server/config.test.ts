import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults: port 5000, embedded database in ./data, no demo data, no outbox', () => {
    expect(loadConfig({})).toMatchObject({
      port: 5000,
      dataDir: './data',
      databaseUrl: undefined,
      seedDemo: false,
      allowOutboxEmail: false,
    });
  });

  it('seeds demo data only with SEED_DEMO=true, in development, or from npm start (--demo)', () => {
    expect(loadConfig({ SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({}, { demoByDefault: true })).toMatchObject({
      seedDemo: true,
      seedDemoExplicit: false,
    });
    expect(loadConfig({ SEED_DEMO: 'false' }, { demoByDefault: true }).seedDemo).toBe(false);
  });

  it('seeds a server database only when SEED_DEMO=true (or in development)', () => {
    const server = { DATABASE_URL: 'postgres://db/app' };
    expect(loadConfig(server, { demoByDefault: true }).seedDemo).toBe(false);
    expect(loadConfig({ ...server, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('reads ALLOW_OUTBOX_EMAIL', () => {
    expect(loadConfig({ ALLOW_OUTBOX_EMAIL: 'true' }).allowOutboxEmail).toBe(true);
    expect(() => loadConfig({ ALLOW_OUTBOX_EMAIL: 'sure' })).toThrow(/ALLOW_OUTBOX_EMAIL/);
  });

  it('knows whether SEED_DEMO was given or defaulted', () => {
    expect(loadConfig({}).seedDemoExplicit).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'true' }).seedDemoExplicit).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' })).toMatchObject({
      seedDemo: false,
      seedDemoExplicit: true,
    });
  });

  it('trusts no proxy unless TRUST_PROXY names one', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('takes TRUST_PROXY as proxy addresses and CIDRs (IPv4 and IPv6) or a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7 ,fd00::/8,::1,loopback' }).trustProxy,
    ).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::1', 'loopback']);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it.each([
    ['true', /forge X-Forwarded-For/],
    ['yes', /forge X-Forwarded-For/],
    ['0.0.0.0/0', /covers every address/],
    ['::/0', /covers every address/],
    ['10.0.0.0/33', /prefix length/],
    ['proxy.internal', /not an IP address/],
    ['10.0.0.1,,10.0.0.2', /empty entry/],
  ])('refuses TRUST_PROXY=%s with a clear message', (value, message) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(message);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://db'],
    ['SEED_DEMO', 'maybe'],
    ['LOGIN_MAX_FAILURES', '-3'],
    ['LOGIN_MAX_DELAY_SECONDS', '0'],
    ['MFA_ENCRYPTION_KEY', 'too-short'],
  ])('names the variable when %s=%s is bad', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});

describe('MFA_ENCRYPTION_KEY', () => {
  it('takes 32 bytes as hex or base64, and nothing when unset', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ MFA_ENCRYPTION_KEY: hex }).mfaEncryptionKey).toEqual(
      Buffer.from(hex, 'hex'),
    );
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ MFA_ENCRYPTION_KEY: base64 }).mfaEncryptionKey).toHaveLength(32);
    expect(loadConfig({}).mfaEncryptionKey).toBeUndefined();
  });

  it('takes both VAPID keys or neither, naming the one that is missing', () => {
    const publicKey = `B${'a'.repeat(86)}`;
    const privateKey = 'k'.repeat(43);
    expect(loadConfig({}).vapidKeys).toBeUndefined();
    expect(
      loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }).vapidKeys,
    ).toEqual({ publicKey, privateKey });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(
      /VAPID_PRIVATE_KEY: set both/,
    );
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: set both/,
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: expected a P-256 public key/,
    );
  });

  it('reads VAPID_SUBJECT as mailto: or https:, by default the address of MAIL_FROM', () => {
    expect(loadConfig({}).vapidSubject).toBe('mailto:no-reply@truckfinder.test');
    expect(loadConfig({ MAIL_FROM: 'ops@fleet.example' }).vapidSubject).toBe(
      'mailto:ops@fleet.example',
    );
    expect(loadConfig({ VAPID_SUBJECT: 'https://truckfinder.example' }).vapidSubject).toBe(
      'https://truckfinder.example',
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://truckfinder.example' })).toThrow(
      /VAPID_SUBJECT/,
    );
  });
});

describe('Twilio', () => {
  const sid = `AC${'0a'.repeat(16)}`;
  const token = 'f0'.repeat(16);
  const service = `MG${'1b'.repeat(16)}`;

  it('sends texts through Twilio with the SID, the token and a number or a Messaging Service', () => {
    expect(loadConfig({}).twilio).toBeUndefined();
    expect(
      loadConfig({
        TWILIO_ACCOUNT_SID: sid,
        TWILIO_AUTH_TOKEN: token,
        TWILIO_FROM: '+12145550100',
      }).twilio,
    ).toEqual({ accountSid: sid, authToken: token, sender: { from: '+12145550100' } });
    expect(
      loadConfig({
        TWILIO_ACCOUNT_SID: sid,
        TWILIO_AUTH_TOKEN: token,
        TWILIO_MESSAGING_SERVICE_SID: service,
        TWILIO_API_URL: 'http://127.0.0.1:12112/',
      }).twilio,
    ).toEqual({
      accountSid: sid,
      authToken: token,
      sender: { messagingServiceSid: service },
      apiUrl: 'http://127.0.0.1:12112',
    });
  });

  it('refuses to start with some of them but not all, naming what is needed', () => {
    const all = /set all three for texts through Twilio, or none/;
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: sid })).toThrow(all);
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token })).toThrow(all);
    expect(() => loadConfig({ TWILIO_AUTH_TOKEN: token, TWILIO_FROM: '+12145550100' })).toThrow(
      all,
    );
    expect(() => loadConfig({ TWILIO_FROM: '+12145550100' })).toThrow(all);
    expect(() =>
      loadConfig({
        TWILIO_ACCOUNT_SID: sid,
        TWILIO_AUTH_TOKEN: token,
        TWILIO_FROM: '+12145550100',
        TWILIO_MESSAGING_SERVICE_SID: service,
      }),
    ).toThrow(/TWILIO_FROM and TWILIO_MESSAGING_SERVICE_SID: set one of them/);
    expect(() => loadConfig({ TWILIO_API_URL: 'http://127.0.0.1:12112' })).toThrow(
      /TWILIO_API_URL: set it only with/,
    );
  });

  it('names the variable whose value is not Twilio’s shape', () => {
    const base = { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token, TWILIO_FROM: '+12145550100' };
    expect(() => loadConfig({ ...base, TWILIO_ACCOUNT_SID: 'SK123' })).toThrow(
      /TWILIO_ACCOUNT_SID: expected the Account SID/,
    );
    expect(() => loadConfig({ ...base, TWILIO_AUTH_TOKEN: 'secret' })).toThrow(
      /TWILIO_AUTH_TOKEN: expected the Auth Token/,
    );
    expect(() => loadConfig({ ...base, TWILIO_FROM: '(214) 555-0100' })).toThrow(
      /TWILIO_FROM: expected the sending number in E.164/,
    );
    expect(() =>
      loadConfig({ ...base, TWILIO_FROM: '', TWILIO_MESSAGING_SERVICE_SID: 'MG1' }),
    ).toThrow(/TWILIO_MESSAGING_SERVICE_SID: expected a Messaging Service SID/);
    // Empty is unset, as for the other keys.
    expect(
      loadConfig({ TWILIO_ACCOUNT_SID: '', TWILIO_AUTH_TOKEN: '', TWILIO_FROM: '' }).twilio,
    ).toBeUndefined();
  });
});

describe('S3 bucket for uploads', () => {
  it('keeps uploads in the database unless S3_BUCKET names a bucket', () => {
    expect(loadConfig({}).uploadsBucket).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'tf-uploads' }).uploadsBucket).toEqual({
      bucket: 'tf-uploads',
      region: 'us-east-1',
    });
    expect(
      loadConfig({
        S3_BUCKET: 'tf-uploads',
        S3_REGION: 'us-west-2',
        S3_ENDPOINT: 'http://127.0.0.1:4569',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'secret/with+slashes',
      }).uploadsBucket,
    ).toEqual({
      bucket: 'tf-uploads',
      region: 'us-west-2',
      endpoint: 'http://127.0.0.1:4569',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret/with+slashes' },
    });
  });

  it('refuses a bucket setting without a bucket, one key without the other, and a bad name', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:4569' })).toThrow(
      /S3_BUCKET: set it with/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'tf-uploads', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(
      /S3_BUCKET: expected a bucket name/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'tf-uploads', S3_ENDPOINT: 'nowhere' })).toThrow(
      /S3_ENDPOINT: expected the address of an S3-compatible service/,
    );
  });
});

describe('behind a connection pooler', () => {
  it('takes a direct connection for LISTEN and can send the statements unnamed', () => {
    const plain = loadConfig({ DATABASE_URL: 'postgres://app@pgbouncer:6432/tf' });
    expect(plain.databaseListenUrl).toBeUndefined();
    expect(plain.databasePreparedStatements).toBe(true);
    const pooled = loadConfig({
      DATABASE_URL: 'postgres://app@pgbouncer:6432/tf',
      DATABASE_LISTEN_URL: 'postgres://app@db:5432/tf',
      DATABASE_PREPARED_STATEMENTS: 'false',
    });
    expect(pooled.databaseListenUrl).toBe('postgres://app@db:5432/tf');
    expect(pooled.databasePreparedStatements).toBe(false);
    expect(() => loadConfig({ DATABASE_LISTEN_URL: 'db:5432' })).toThrow(
      /DATABASE_LISTEN_URL: expected a postgres:\/\/ URL/,
    );
  });
});

describe('several database servers', () => {
  it('takes a libpq host list with target_session_attrs, and names a bad one', () => {
    const url = 'postgres://app@db-a:5432,db-b:5432/tf?target_session_attrs=read-write';
    expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://db-a,db-b/tf?target_session_attrs=standby' }),
    ).toThrow(/DATABASE_URL: target_session_attrs must be one of any, read-write, primary/);
    expect(() => loadConfig({ DATABASE_LISTEN_URL: 'postgres://db-a,/tf' })).toThrow(
      /DATABASE_LISTEN_URL: expected host\[:port\]/,
    );
  });
});
