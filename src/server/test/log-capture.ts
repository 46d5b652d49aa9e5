/** Collects an app's JSON log lines (pass `stream` as the `logStream` build option). */
export function captureLogs() {
  const lines: Record<string, unknown>[] = [];
  return {
    stream: {
      write(line: string) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
    lines,
    /** The lines of one security event (their `event` field). */
    events: (event: string) => lines.filter((line) => line.event === event),
    /** Everything logged, as text: to check that no secret appears anywhere. */
    text: () => lines.map((line) => JSON.stringify(line)).join('\n'),
  };
}
