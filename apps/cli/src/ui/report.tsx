import { Box, Text } from 'ink';
import type { RebuildReport, StatusReport } from '../commands/projections';
import type { SetRoleReport } from '../commands/users';
import { ProjectionTable } from './projection-table';

export const StatusView = ({ report }: { report: StatusReport }) => (
  <Box flexDirection="column" gap={1}>
    <Text>
      <Text bold color="cyan">Riposte</Text> · {report.eventStore} store · data in {report.dataDir}
    </Text>
    <Text>Last event position: {report.lastPosition ?? 'no events yet'}</Text>
    <ProjectionTable projections={report.projections} />
  </Box>
);

export const RebuildView = ({ report }: { report: RebuildReport }) => (
  <Box flexDirection="column" gap={1}>
    <Text color="green">Rebuilt {report.readModels} in {report.seconds.toFixed(2)} s</Text>
    <ProjectionTable projections={report.projections} />
  </Box>
);

export const RoleView = ({ report }: { report: SetRoleReport }) => (
  <Text color={report.changed ? 'green' : 'yellow'}>
    {report.changed ? `${report.username} is now ${report.role}` : `${report.username} already was ${report.role}`}
  </Text>
);
