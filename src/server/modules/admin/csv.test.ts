import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks, and ends every line with CRLF', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x, y', 'say "hi"'],
          ['two\nlines', 3],
        ],
      ),
    ).toBe('a,b\r\n"x, y","say ""hi"""\r\n"two\nlines",3\r\n');
  });

  it('keeps a text cell from running as a spreadsheet formula', () => {
    expect(toCsv(['name'], [['=HYPERLINK("http://x")'], ['+1'], ['@SUM(A1)'], ['-2']])).toBe(
      `name\r\n"'=HYPERLINK(""http://x"")"\r\n'+1\r\n'@SUM(A1)\r\n'-2\r\n`,
    );
  });

  it('leaves numbers as they are, negative ones included', () => {
    expect(toCsv(['n'], [[-2.5]])).toBe('n\r\n-2.5\r\n');
  });
});
