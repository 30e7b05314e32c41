import { Box, Text } from 'ink';
import type { ProjectionStatus } from '@adapters/projections-sqlite';

export const ProjectionTable = ({ projections }: { projections: readonly ProjectionStatus[] }) => (
  <Box flexDirection="column">
    {projections.map((p) => (
      <Box key={p.name} gap={2}>
        <Box width={22}>
          <Text bold>{p.name}</Text>
        </Box>
        <Box width={6}>
          <Text dimColor>v{p.version}</Text>
        </Box>
        {p.failure ? (
          <Text color="red">stuck at {p.failure.eventType}: {p.failure.message}</Text>
        ) : (
          <Text color="green">{p.position === null ? 'empty' : `at ${p.position}`}</Text>
        )}
      </Box>
    ))}
  </Box>
);
