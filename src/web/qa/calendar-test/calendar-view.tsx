import { addMonths, endOfMonth, format, isSameDay, isSameMonth, subMonths } from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { PaymentReminder } from '#core/billing/schemas.ts';
import { formatUsd } from '#core/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';
import { dayKey, eventsByDay, monthCells, WEEKDAYS } from './calendar.ts';

/** A month of due dates (red) and reminder dates (yellow), five weeks from Sunday. */
export function CalendarView({ reminders }: { reminders: readonly PaymentReminder[] }) {
  const [month, setMonth] = useState(() => new Date());
  const cells = useMemo(() => monthCells(month), [month]);
  const days = useMemo(() => eventsByDay(reminders), [reminders]);
  const today = new Date();
  const lastShown = cells[cells.length - 1]!;
  const cutOff = lastShown < endOfMonth(month) && isSameMonth(lastShown, month);
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));

  return (
    <Card className="grid min-w-0 gap-4 p-3 sm:p-5">
      <div className="grid grid-cols-2 items-center gap-2 sm:flex sm:justify-between">
        <Button
          variant="outline"
          size="sm"
          className="sm:order-first"
          onClick={() => setMonth((m) => subMonths(m, 1))}
        >
          <ChevronLeft aria-hidden />
          Previous Month
        </Button>
        <h2
          className="order-first col-span-2 text-center text-lg font-bold sm:order-none"
          aria-live="polite"
        >
          {format(month, 'MMMM yyyy')}
        </h2>
        <Button
          variant="outline"
          size="sm"
          className="sm:order-last"
          onClick={() => setMonth((m) => addMonths(m, 1))}
        >
          Next Month
          <ChevronRight aria-hidden />
        </Button>
      </div>
      <table
        className="w-full table-fixed border-collapse text-xs sm:text-sm"
        data-testid="calendar"
      >
        <caption className="sr-only">
          Payment due dates and reminder dates, {format(month, 'MMMM yyyy')}
        </caption>
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th key={day} scope="col" className="pb-1 font-semibold text-muted-foreground">
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={dayKey(week[0]!)}>
              {week.map((day) => {
                const events = days.get(dayKey(day));
                return (
                  <td
                    key={dayKey(day)}
                    className={cn(
                      'h-16 border p-0.5 align-top sm:h-24 sm:p-1',
                      !isSameMonth(day, month) && 'bg-muted/50 text-muted-foreground',
                    )}
                    data-testid="calendar-cell"
                    data-day={dayKey(day)}
                  >
                    <span
                      className={cn(
                        'inline-grid size-5 place-items-center rounded-full text-[11px] sm:size-6 sm:text-xs',
                        isSameDay(day, today) && 'bg-primary font-bold text-primary-foreground',
                      )}
                    >
                      {format(day, 'd')}
                    </span>
                    <div className="grid gap-0.5">
                      {events?.due.map((due) => (
                        <span
                          key={due.subscriptionId}
                          className="rounded bg-destructive/15 px-0.5 text-[10px] leading-tight font-semibold text-destructive wrap-anywhere sm:text-xs"
                          data-testid="due-marker"
                        >
                          Due: {formatUsd(due.amount)}
                        </span>
                      ))}
                      {events && events.reminders.length > 0 && (
                        <span
                          className="rounded bg-warning/25 px-0.5 text-[10px] leading-tight font-semibold text-foreground wrap-anywhere sm:text-xs"
                          data-testid="reminder-marker"
                          title={events.reminders
                            .map((r) => `${r.reminderType}, ${r.daysBefore} days before`)
                            .join('; ')}
                        >
                          Reminder
                          {events.reminders.length > 1 ? ` ×${events.reminders.length}` : ''}
                        </span>
                      )}
                    </div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {cutOff && (
        <p className="text-xs text-muted-foreground">
          The five-week grid ends on {format(lastShown, 'MMMM d')}: later days of this month are in
          Active Reminders.
        </p>
      )}
      <p className="flex flex-wrap gap-3 text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1">
          <span className="size-3 rounded bg-destructive/60" aria-hidden /> Due date
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="size-3 rounded bg-warning/60" aria-hidden /> Reminder date
        </span>
      </p>
    </Card>
  );
}
