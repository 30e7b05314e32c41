import { Box, Text } from 'ink';
import type { AuditEntry, StateAsOf, StateDiff } from '@adapters/audit';
import type { HistoryReport } from '../commands/audit';

const when = (iso: string) => iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z');

export const EntryLine = ({ entry }: { entry: AuditEntry }) => (
  <Box flexDirection="column">
    <Text>
      <Text dimColor>{when(entry.time)}</Text> <Text color="cyan">{entry.type}</Text> <Text dimColor>by</Text> {entry.actorName}{' '}
      <Text dimColor>
        req {entry.requestId} · {entry.stream}@{entry.revision} · pos {entry.position}
      </Text>
    </Text>
    <Text>  {entry.line}</Text>
  </Box>
);

export const HistoryView = ({ report }: { report: HistoryReport }) => (
  <Box flexDirection="column" gap={1}>
    <Text bold>
      History of {report.subject}: {report.truncated === true ? 'the latest ' : ''}
      {report.entries.length} event{report.entries.length === 1 ? '' : 's'}
      {report.truncated === true ? ' (older ones left out)' : ''}
    </Text>
    {report.entries.length === 0 ? <Text dimColor>No events match.</Text> : report.entries.map((e) => <EntryLine key={`${e.stream}@${e.revision}`} entry={e} />)}
  </Box>
);

const json = (v: unknown) => JSON.stringify(v, null, 2);

export const StateView = ({ answer }: { answer: StateAsOf }) => (
  <Box flexDirection="column" gap={1}>
    <Text bold>
      {answer.kind} {answer.stream}{' '}
      {answer.asOf === null ? '(no event at that moment: initial state)' : `as of ${answer.asOf.type} at ${when(answer.asOf.time)} (revision ${answer.asOf.revision}, position ${answer.asOf.position})`}
    </Text>
    <Text>{json(answer.state)}</Text>
  </Box>
);

export const DiffView = ({ diff }: { diff: StateDiff }) => (
  <Box flexDirection="column" gap={1}>
    <Text bold>
      {diff.before.kind} {diff.stream}: {diff.changes.length} change{diff.changes.length === 1 ? '' : 's'} between revision {diff.before.asOf?.revision ?? 'none'} and{' '}
      {diff.after.asOf?.revision ?? 'none'}
    </Text>
    {diff.changes.map((c) => (
      <Text key={c.path}>
        <Text bold>{c.path || '(state)'}</Text>: <Text color="red">{JSON.stringify(c.before)}</Text> → <Text color="green">{JSON.stringify(c.after)}</Text>
      </Text>
    ))}
  </Box>
);
