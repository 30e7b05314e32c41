// The table of entries (spec part 2 §2): a real table on wide screens, each entry on two rows
// (settings, then its reply text); on narrow screens each entry is a card.
import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { cn } from '@web/lib/utils';
import type { BulkRow } from './bulk-store';
import type { RowErrors } from './bulk-validation';
import type { RowControls } from './row-controls';

type Props = { rows: readonly BulkRow[]; controls: (row: BulkRow, index: number) => RowControls; errors: Map<string, RowErrors>; wide: boolean };

const HEADS = ['Target', 'Post from', 'Tone', 'Time slot', 'Date', 'Recurring', 'AI', ''];

export function EntriesView({ rows, controls, errors, wide }: Props) {
  if (wide) {
    return (
      <Table data-testid="bulk-table" className="[&_td]:px-1.5 [&_td]:align-top [&_th]:px-1.5">
        <TableHeader>
          <TableRow>
            <TableHead className="w-8">#</TableHead>
            {HEADS.map((h) => (
              <TableHead key={h || 'actions'}>{h || <span className="sr-only">Actions</span>}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, i) => {
            const c = controls(row, i);
            const bad = errors.has(row.id);
            return [
              <TableRow key={row.id} data-testid="bulk-row" className={cn('border-b-0 hover:bg-transparent', bad && 'bg-destructive/5')}>
                <TableCell className="pt-3 font-medium text-muted-foreground tabular-nums">{i + 1}</TableCell>
                <TableCell>{c.target}</TableCell>
                <TableCell>{c.connected}</TableCell>
                <TableCell>{c.tone}</TableCell>
                <TableCell>{c.time}</TableCell>
                <TableCell>{c.date}</TableCell>
                <TableCell className="pt-3.5">{c.recurring}</TableCell>
                <TableCell className="pt-3.5">{c.ai}</TableCell>
                <TableCell>{c.remove}</TableCell>
              </TableRow>,
              <TableRow key={`${row.id}-text`} className={cn('hover:bg-transparent', bad && 'bg-destructive/5')}>
                <TableCell />
                <TableCell colSpan={8} className="pt-0">
                  {c.text}
                </TableCell>
              </TableRow>,
            ];
          })}
        </TableBody>
      </Table>
    );
  }
  return (
    <ol className="grid gap-3" data-testid="bulk-cards">
      {rows.map((row, i) => {
        const c = controls(row, i);
        const item = (label: string, node: ReactNode) => (
          <div className="grid min-w-0 gap-1">
            <span className="text-xs font-medium text-muted-foreground">{label}</span>
            {node}
          </div>
        );
        return (
          <li key={row.id} data-testid="bulk-row" className={cn('grid gap-3 rounded-lg border p-3', errors.has(row.id) && 'border-destructive/40 bg-destructive/5')}>
            <div className="flex items-center justify-between">
              <span className="text-sm font-semibold">Reply {i + 1}</span>
              {c.remove}
            </div>
            <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
              {item('Target', c.target)}
              {item('Post from', c.connected)}
              {item('Tone', c.tone)}
              {item('Time slot', c.time)}
              {item('Date', c.date)}
              <div className="flex gap-6">
                {item('Recurring', c.recurring)}
                {item('AI', c.ai)}
              </div>
            </div>
            {item('Reply text', c.text)}
          </li>
        );
      })}
    </ol>
  );
}
