// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs.tsx';

afterEach(cleanup);

function Three({ onValueChange }: { onValueChange?: (value: string) => void }) {
  return (
    <Tabs defaultValue="current" onValueChange={onValueChange}>
      <TabsList aria-label="Bookings">
        <TabsTrigger value="current">Current</TabsTrigger>
        <TabsTrigger value="history">History</TabsTrigger>
        <TabsTrigger value="drafts" disabled>
          Drafts
        </TabsTrigger>
      </TabsList>
      <TabsContent value="current">Now</TabsContent>
      <TabsContent value="history">Before</TabsContent>
      <TabsContent value="drafts" forceMount>
        Kept
      </TabsContent>
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

it('names the tabs, their panels and the chosen one as assistive technology expects', () => {
  render(<Three />);
  expect(screen.getByRole('tablist', { name: 'Bookings' })).toBeTruthy();
  expect(tab('Current').getAttribute('aria-selected')).toBe('true');
  expect(tab('Current').tabIndex).toBe(0);
  expect(tab('History').getAttribute('aria-selected')).toBe('false');
  expect(tab('History').tabIndex).toBe(-1);
  const panel = screen.getByRole('tabpanel', { name: 'Current' });
  expect(panel.textContent).toBe('Now');
  expect(tab('Current').getAttribute('aria-controls')).toBe(panel.id);
  expect(screen.queryByText('Before')).toBeNull();
  // A panel kept mounted stays in the page, hidden.
  expect(screen.getByText('Kept').hidden).toBe(true);
});

it('chooses a tab on press, and never a disabled one', () => {
  const chosen = vi.fn();
  render(<Three onValueChange={chosen} />);
  fireEvent.mouseDown(tab('History'));
  expect(chosen).toHaveBeenLastCalledWith('history');
  expect(screen.getByRole('tabpanel', { name: 'History' }).textContent).toBe('Before');
  expect(screen.getByRole('tab', { selected: true }).textContent).toBe('History');
  fireEvent.mouseDown(tab('Drafts'));
  fireEvent.click(tab('Drafts'));
  expect(chosen).toHaveBeenCalledTimes(1);
});

it('moves between tabs with the arrow keys, Home and End, round the ends, skipping disabled ones', () => {
  render(<Three />);
  act(() => tab('Current').focus());
  fireEvent.keyDown(tab('Current'), { key: 'ArrowRight' });
  expect(document.activeElement).toBe(tab('History'));
  expect(tab('History').getAttribute('aria-selected')).toBe('true');
  fireEvent.keyDown(tab('History'), { key: 'ArrowRight' });
  expect(document.activeElement).toBe(tab('Current'));
  fireEvent.keyDown(tab('Current'), { key: 'ArrowLeft' });
  expect(document.activeElement).toBe(tab('History'));
  fireEvent.keyDown(tab('History'), { key: 'Home' });
  expect(document.activeElement).toBe(tab('Current'));
  fireEvent.keyDown(tab('Current'), { key: 'End' });
  expect(document.activeElement).toBe(tab('History'));
});

it('follows the value it is given and tells the change', () => {
  function Controlled() {
    const [value, setValue] = useState('history');
    return (
      <Tabs value={value} onValueChange={setValue}>
        <TabsList>
          <TabsTrigger value="current">Current</TabsTrigger>
          <TabsTrigger value="history">History</TabsTrigger>
        </TabsList>
        <TabsContent value="current">Now</TabsContent>
        <TabsContent value="history">Before</TabsContent>
      </Tabs>
    );
  }
  render(<Controlled />);
  expect(screen.getByRole('tabpanel').textContent).toBe('Before');
  fireEvent.click(tab('Current'));
  expect(screen.getByRole('tabpanel').textContent).toBe('Now');
});
