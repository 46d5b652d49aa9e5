import { describe, expect, it } from 'vitest';
import { redactLinks } from './link-redaction.ts';

describe('redactLinks', () => {
  it("replaces every link's query and fragment values and leaves the rest of the text", () => {
    const text =
      'Open https://tf.example/reset-password?token=abc123 now.\n' +
      'Or https://tf.example/confirm#token=xyz&user=7, or https://tf.example/help.';
    expect(redactLinks(text)).toBe(
      'Open https://tf.example/reset-password?token=[redacted] now.\n' +
        'Or https://tf.example/confirm#token=[redacted]&user=[redacted], or https://tf.example/help.',
    );
  });

  it('redacts a bare fragment too', () => {
    expect(redactLinks('http://localhost:5000/invite#s3cr3t')).toBe(
      'http://localhost:5000/invite#[redacted]',
    );
  });
});
