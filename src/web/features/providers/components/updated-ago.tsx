import { useEffect, useState } from 'react';

/** "Updated N seconds ago", counted from the last successful fetch and ticking every second. */
export function UpdatedAgo({ at }: { at: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!at) return null;
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  const text =
    seconds < 5
      ? 'Updated just now'
      : seconds < 60
        ? `Updated ${seconds} seconds ago`
        : `Updated ${Math.floor(seconds / 60)} minute${seconds < 120 ? '' : 's'} ago`;
  return (
    <span className="text-sm text-muted-foreground" data-testid="updated-ago">
      {text}
    </span>
  );
}
