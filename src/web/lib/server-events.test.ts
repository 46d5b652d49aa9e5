import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  onServerEventsConnection,
  onServerEventsReopened,
  openServerEvents,
  serverEventsConnected,
} from './server-events.ts';

/** A stand-in for the browser's EventSource that the test opens and drops by hand. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeEventSource.opened.push(this);
  }
  addEventListener() {}
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  drop(readyState: number) {
    this.readyState = readyState;
    this.onerror?.();
  }
}

const latest = () => FakeEventSource.opened.at(-1)!;

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('serverEventsConnected', () => {
  it('is false until the stream opens, and while it reconnects by itself', () => {
    const stop = openServerEvents();
    expect(serverEventsConnected()).toBe(false);
    latest().open();
    expect(serverEventsConnected()).toBe(true);
    latest().drop(FakeEventSource.CONNECTING);
    expect(serverEventsConnected()).toBe(false);
    latest().open();
    expect(serverEventsConnected()).toBe(true);
    stop();
    expect(serverEventsConnected()).toBe(false);
  });

  it('stays false after the server refuses the stream, until a reopened one connects', () => {
    const stop = openServerEvents();
    latest().open();
    latest().drop(FakeEventSource.CLOSED);
    expect(serverEventsConnected()).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(serverEventsConnected()).toBe(false);
    latest().open();
    expect(serverEventsConnected()).toBe(true);
    stop();
  });

  it('tells listeners each time the stream opens or drops, and ignores a stopped stream', () => {
    const listener = vi.fn();
    const unsubscribe = onServerEventsConnection(listener);
    const stop = openServerEvents();
    const first = latest();
    first.open();
    first.drop(FakeEventSource.CONNECTING);
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    first.open();
    expect(serverEventsConnected()).toBe(false);
    unsubscribe();
  });
});

describe('onServerEventsReopened', () => {
  it('tells listeners when the stream opens again after a drop, not when it first opens', () => {
    const reopened = vi.fn();
    const unsubscribe = onServerEventsReopened(reopened);
    const stop = openServerEvents();
    latest().open();
    expect(reopened).not.toHaveBeenCalled();
    // The server ended the stream (it could not listen for a while): EventSource reconnects.
    latest().drop(FakeEventSource.CONNECTING);
    latest().open();
    expect(reopened).toHaveBeenCalledTimes(1);
    latest().drop(FakeEventSource.CLOSED);
    vi.advanceTimersByTime(1_000);
    latest().open();
    expect(reopened).toHaveBeenCalledTimes(2);
    stop();
    unsubscribe();
  });
});
