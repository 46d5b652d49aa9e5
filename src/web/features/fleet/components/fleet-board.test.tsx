// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { FleetJob, FleetTechnician } from '#core/fleet/schemas.ts';
import { FleetBoard, JOB_DRAG_TYPE } from './fleet-board.tsx';
import { TechnicianList } from './fleet-panels.tsx';

afterEach(cleanup);

const techs: FleetTechnician[] = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Rosa D.',
    status: 'free',
    position: null,
    currentJob: null,
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Sam L.',
    status: 'in_progress',
    position: { latitude: 32.1, longitude: -96.1, at: '2026-03-15T10:00:00.000Z' },
    currentJob: {
      id: '99999999-9999-4999-8999-999999999999',
      serviceType: 'Towing',
      status: 'in_progress',
      place: 'I-35',
    },
  },
];

const job = (id: string, status: FleetJob['status'], extra: Partial<FleetJob> = {}): FleetJob => ({
  id,
  status,
  serviceType: `Service ${id.slice(0, 1)}`,
  place: 'Exit 42',
  latitude: null,
  longitude: null,
  driverFirstName: 'Maria',
  technician: null,
  createdAt: '2026-03-15T15:00:00.000Z',
  preferredDate: null,
  preferredTime: null,
  confirmedAt: null,
  arrivedAt: null,
  updatedAt: '2026-03-15T15:00:00.000Z',
  ...extra,
});

const jobs = [
  job('a0000000-0000-4000-8000-000000000000', 'pending'),
  job('b0000000-0000-4000-8000-000000000000', 'confirmed', {
    technician: { id: techs[0]!.id, name: 'Rosa D.' },
  }),
  job('c0000000-0000-4000-8000-000000000000', 'in_progress'),
  job('d0000000-0000-4000-8000-000000000000', 'completed'),
];

/** jsdom has no DataTransfer: a minimal one that carries the drag's data. */
function dataTransfer() {
  const data: Record<string, string> = {};
  return {
    data,
    get types() {
      return Object.keys(data);
    },
    setData: (type: string, value: string) => void (data[type] = value),
    getData: (type: string) => data[type] ?? '',
    effectAllowed: 'none',
    dropEffect: 'none',
  };
}

it('shows the jobs in columns by status, with the time in the business time zone', () => {
  render(
    <FleetBoard jobs={jobs} technicians={techs} timeZone="America/Chicago" onAssign={vi.fn()} />,
  );
  for (const [status, heading] of [
    ['pending', 'Pending'],
    ['confirmed', 'Confirmed'],
    ['in_progress', 'In Progress'],
    ['completed', 'Completed'],
  ] as const) {
    const column = document.querySelector(`[data-column="${status}"]`) as HTMLElement;
    expect(within(column).getByRole('heading').textContent).toContain(heading);
    expect(within(column).getAllByRole('listitem')).toHaveLength(1);
  }
  // 15:00 UTC is 10:00 in Chicago in March.
  expect(screen.getAllByText('10:00 AM')).toHaveLength(4);
});

it('offers the Assign menu only on jobs that are not under way or done', () => {
  render(<FleetBoard jobs={jobs} technicians={techs} timeZone="UTC" onAssign={vi.fn()} />);
  expect(screen.getAllByRole('button', { name: /^Assign/ })).toHaveLength(2);
  const done = document.querySelector('[data-job^="d"]') as HTMLElement;
  expect(done.getAttribute('draggable')).toBe('false');
});

it('assigns a job from its menu with the keyboard', async () => {
  const onAssign = vi.fn();
  render(<FleetBoard jobs={jobs} technicians={techs} timeZone="UTC" onAssign={onAssign} />);
  const trigger = within(document.querySelector('[data-job^="a"]') as HTMLElement).getByRole(
    'button',
    { name: /^Assign/ },
  );
  trigger.focus();
  fireEvent.keyDown(trigger, { key: 'Enter' });
  const item = await screen.findByRole('menuitem', { name: /Sam L\./ });
  fireEvent.click(item);
  expect(onAssign).toHaveBeenCalledWith(jobs[0]!.id, techs[1]!.id);
});

it('gives an assigned job back to the owner, and does not offer its technician again', async () => {
  const onAssign = vi.fn();
  render(<FleetBoard jobs={jobs} technicians={techs} timeZone="UTC" onAssign={onAssign} />);
  const trigger = within(document.querySelector('[data-job^="b"]') as HTMLElement).getByRole(
    'button',
    { name: /^Assign/ },
  );
  fireEvent.keyDown(trigger, { key: 'Enter' });
  const rosa = await screen.findByRole('menuitem', { name: /Rosa D\./ });
  expect(rosa.getAttribute('aria-disabled')).toBe('true');
  fireEvent.click(screen.getByRole('menuitem', { name: 'Back to the owner' }));
  expect(onAssign).toHaveBeenCalledWith(jobs[1]!.id, null);
});

it('assigns a job dropped on a technician', () => {
  const onAssign = vi.fn();
  render(
    <>
      <TechnicianList technicians={techs} onAssign={onAssign} />
      <FleetBoard jobs={jobs} technicians={techs} timeZone="UTC" onAssign={onAssign} />
    </>,
  );
  const card = document.querySelector('[data-job^="a"]') as HTMLElement;
  const target = document.querySelector(`li[data-technician="${techs[1]!.id}"]`) as HTMLElement;
  const transfer = dataTransfer();
  fireEvent.dragStart(card, { dataTransfer: transfer });
  expect(transfer.data[JOB_DRAG_TYPE]).toBe(jobs[0]!.id);
  fireEvent.dragOver(target, { dataTransfer: transfer });
  fireEvent.drop(target, { dataTransfer: transfer });
  expect(onAssign).toHaveBeenCalledWith(jobs[0]!.id, techs[1]!.id);
});

it('ignores a drop that carries no job', () => {
  const onAssign = vi.fn();
  render(<TechnicianList technicians={techs} onAssign={onAssign} />);
  const target = document.querySelector(`li[data-technician="${techs[0]!.id}"]`) as HTMLElement;
  const transfer = dataTransfer();
  transfer.setData('text/plain', 'hello');
  fireEvent.drop(target, { dataTransfer: transfer });
  expect(onAssign).not.toHaveBeenCalled();
});

it('shows the technicians with status and current job, and the empty states', () => {
  render(<TechnicianList technicians={techs} onAssign={vi.fn()} />);
  const sam = document.querySelector(`li[data-technician="${techs[1]!.id}"]`) as HTMLElement;
  expect(sam.textContent).toContain('On a job');
  expect(sam.textContent).toContain('Towing · I-35');
  cleanup();
  render(<TechnicianList technicians={[]} onAssign={vi.fn()} />);
  expect(screen.getByText(/No technicians yet — invite them in/)).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Profile → Team' }).getAttribute('href')).toBe(
    '/profile?tab=team',
  );
  cleanup();
  render(<FleetBoard jobs={[]} technicians={techs} timeZone="UTC" onAssign={vi.fn()} />);
  expect(screen.getByText('No jobs today')).toBeTruthy();
});
