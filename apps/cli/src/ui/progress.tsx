import { Text } from 'ink';

/** `label [#########...........] 120/200` */
export const ProgressBar = ({ label, done, total, width = 30 }: { label: string; done: number; total: number; width?: number }) => {
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return (
    <Text>
      {label} <Text color="cyan">[{'#'.repeat(filled)}{'.'.repeat(width - filled)}]</Text> {done}/{total}
    </Text>
  );
};
