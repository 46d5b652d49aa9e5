import { describe, expect, it } from 'vitest';
import { checksumDifferences } from './table-checksums.ts';

const sums = [
  { table: 'bookings', rows: 3, checksum: 'a' },
  { table: 'users', rows: 5, checksum: 'b' },
];

describe('checksumDifferences', () => {
  it('finds none between the same tables', () => {
    expect(checksumDifferences(sums, [...sums].reverse())).toEqual([]);
  });

  it('names a table with other rows, a table missing, and one that was not there', () => {
    expect(
      checksumDifferences(sums, [
        { table: 'bookings', rows: 3, checksum: 'changed' },
        { table: 'extra', rows: 0, checksum: '' },
      ]),
    ).toEqual([
      'bookings: 3 rows before, 3 after, or other rows',
      'users: missing',
      'extra: not in the original',
    ]);
  });
});
