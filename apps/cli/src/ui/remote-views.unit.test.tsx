import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './progress';
import { LineErrors, Table } from './remote-views';

describe('cli remote views (ink)', () => {
  it('draws a table with a header and aligned columns, and says when it is empty', () => {
    const { lastFrame } = render(<Table columns={['id', 'target']} rows={[['s1', '@BBCBreaking'], ['s22', '@nasa']]} />);
    const lines = (lastFrame() ?? '').split('\n');
    expect(lines[0]).toMatch(/^id\s+target$/);
    expect(lines[1]).toBe('s1   @BBCBreaking');
    expect(lines[2]).toBe('s22  @nasa');
    expect(render(<Table columns={['id']} rows={[]} empty="No schedules yet" />).lastFrame()).toContain('No schedules yet');
  });

  it('draws the import progress bar as it moves', () => {
    const { lastFrame, rerender } = render(<ProgressBar label="Checking" done={0} total={200} width={10} />);
    expect(lastFrame()).toContain('Checking [..........] 0/200');
    rerender(<ProgressBar label="Checking" done={100} total={200} width={10} />);
    expect(lastFrame()).toContain('Checking [#####.....] 100/200');
  });

  it('lists every refused line with its column', () => {
    const frame = render(<LineErrors file="s.csv" errors={[{ line: 51, field: 'time', message: 'Time must be HH:MM (24-hour)' }, { line: 151, field: 'target', message: 'No monitored account' }]} />).lastFrame() ?? '';
    expect(frame).toContain('s.csv: 2 problems; nothing was created');
    expect(frame).toContain('line 51, time: Time must be HH:MM (24-hour)');
    expect(frame).toContain('line 151, target: No monitored account');
  });
});
