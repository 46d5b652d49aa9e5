// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Switch } from './switch.tsx';

afterEach(cleanup);

function Labelled({ disabled = false }: { disabled?: boolean }) {
  const [on, setOn] = useState(false);
  return (
    <>
      <label htmlFor="quiet">Quiet hours</label>
      <Switch id="quiet" checked={on} onCheckedChange={setOn} disabled={disabled} />
    </>
  );
}

describe('Switch', () => {
  it('is a switch named by its label that turns on and off when pressed or its label is', () => {
    render(<Labelled />);
    const control = screen.getByRole('switch', { name: 'Quiet hours' });
    expect(control.getAttribute('aria-checked')).toBe('false');
    expect(control.getAttribute('type')).toBe('button');
    fireEvent.click(control);
    expect(control.getAttribute('aria-checked')).toBe('true');
    expect(control.dataset.state).toBe('checked');
    fireEvent.click(screen.getByText('Quiet hours'));
    expect(control.getAttribute('aria-checked')).toBe('false');
  });

  it('does nothing while disabled, and a handler that prevents the press keeps it as it is', () => {
    render(<Labelled disabled />);
    const control = screen.getByRole('switch', { name: 'Quiet hours' });
    fireEvent.click(control);
    expect(control.getAttribute('aria-checked')).toBe('false');
    expect(control.dataset.disabled).toBe('');

    cleanup();
    const onCheckedChange = vi.fn();
    render(
      <Switch
        aria-label="Push"
        checked={false}
        onCheckedChange={onCheckedChange}
        onClick={(event) => event.preventDefault()}
      />,
    );
    fireEvent.click(screen.getByRole('switch', { name: 'Push' }));
    expect(onCheckedChange).not.toHaveBeenCalled();
  });
});
