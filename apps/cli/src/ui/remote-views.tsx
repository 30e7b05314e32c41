// What the remote commands show a person (their --json twin prints the same data as JSON).
import { Box, Text } from 'ink';
import type { LineError } from '../remote/errors';
import { Table } from './table';

export const LineErrors = ({ file, errors }: { file: string; errors: LineError[] }) => (
  <Box flexDirection="column">
    <Text color="red">
      {file}: {errors.length} problem{errors.length === 1 ? '' : 's'}; nothing was created
    </Text>
    {errors.map((e, i) => (
      <Text key={i}>
        line {e.line}, {e.field}: {e.message}
      </Text>
    ))}
  </Box>
);

export const Message = ({ text, tone = 'green' }: { text: string; tone?: 'green' | 'yellow' | 'red' }) => <Text color={tone}>{text}</Text>;

export { Table };
