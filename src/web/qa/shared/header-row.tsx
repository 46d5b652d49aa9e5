import { cn } from '#web/lib/cn.ts';

/** A column heading, or one for a column of figures, right-aligned. */
export type HeaderCell = string | { label: string; right: true };

/** The heading row of a table: one `th scope="col"` per cell. */
export function HeaderRow({
  cells,
  cellClassName,
  className,
}: {
  cells: readonly HeaderCell[];
  cellClassName: string;
  className?: string;
}) {
  return (
    <tr className={className}>
      {cells.map((cell) => {
        const label = typeof cell === 'string' ? cell : cell.label;
        return (
          <th
            key={label}
            scope="col"
            className={cn(cellClassName, typeof cell !== 'string' && 'text-right')}
          >
            {label}
          </th>
        );
      })}
    </tr>
  );
}
