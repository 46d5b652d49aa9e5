import { describe, expect, it } from 'vitest';
import { redactUrl, serializeError } from './log-redaction.ts';

describe('redactUrl', () => {
  it('replaces the values of credential parameters and keeps the others', () => {
    expect(redactUrl('/reset-password?token=abc')).toBe('/reset-password?token=%5Bredacted%5D');
    expect(redactUrl('/x?session_id=s&accessToken=t&apiKey=k&city=Dallas')).toBe(
      '/x?session_id=%5Bredacted%5D&accessToken=%5Bredacted%5D&apiKey=%5Bredacted%5D&city=Dallas',
    );
    expect(redactUrl('/x?token=a&token=b')).toBe('/x?token=%5Bredacted%5D');
    expect(redactUrl('/api/providers?serviceType=Towing&author=me')).toBe(
      '/api/providers?serviceType=Towing&author=me',
    );
    expect(redactUrl('/no-query')).toBe('/no-query');
  });

  it('replaces the token of a tracking link, on the page and on the API', () => {
    expect(redactUrl('/track/AbC-123_x')).toBe('/track/[redacted]');
    expect(redactUrl('/api/track/AbC-123_x?token=t')).toBe(
      '/api/track/[redacted]?token=%5Bredacted%5D',
    );
    expect(redactUrl('/api/bookings/1/share-links')).toBe('/api/bookings/1/share-links');
  });
});

describe('serializeError', () => {
  it('drops the values a database error echoes', () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "secret-input"'), {
      code: '22P02',
      detail: 'Key (email)=(someone@example.com) already exists.',
      where: "unnamed portal parameter $1 = 'secret-input'",
      params: ['secret-input'],
      table: 'users',
    });
    const error = new Error('Failed query: select 1 where id = $1\nparams: secret-input', {
      cause,
    });
    const logged = serializeError(error);
    expect(JSON.stringify(logged)).not.toMatch(/secret-input|someone@example/);
    expect(logged).toMatchObject({
      message: 'Failed query: select 1 where id = $1',
      cause: { code: '22P02', table: 'users', message: expect.stringContaining('[redacted]') },
    });
  });

  it('leaves values that are not errors alone', () => {
    expect(serializeError('text')).toBe('text');
  });
});
