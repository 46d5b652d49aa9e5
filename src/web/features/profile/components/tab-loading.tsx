/** A profile tab's placeholder while its code loads. */
export function TabLoading({ label }: { label: string }) {
  return (
    <div
      className="h-64 animate-pulse rounded-xl bg-muted"
      role="status"
      aria-busy="true"
      aria-label={label}
    />
  );
}
