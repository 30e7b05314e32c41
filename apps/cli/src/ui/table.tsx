import { Box, Text } from 'ink';

/** A plain table for people: a bold header, columns as wide as their longest cell (cut at `max`). */
export const Table = ({ columns, rows, empty = 'Nothing to show', max = 48 }: { columns: string[]; rows: string[][]; empty?: string; max?: number }) => {
  if (rows.length === 0) return <Text dimColor>{empty}</Text>;
  const cut = (s: string) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
  const widths = columns.map((c, i) => Math.max(c.length, ...rows.map((r) => cut(r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => cut(c).padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return (
    <Box flexDirection="column">
      <Text bold>{line(columns)}</Text>
      {rows.map((r, i) => (
        <Text key={i}>{line(r)}</Text>
      ))}
    </Box>
  );
};
