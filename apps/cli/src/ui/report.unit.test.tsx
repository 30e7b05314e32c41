import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { StatusView } from './report';

describe('cli status view', () => {
  it('shows the store, the position and each projection, with failures in words', () => {
    const { lastFrame } = render(
      <StatusView
        report={{
          dataDir: '/srv/riposte',
          eventStore: 'sqlite',
          lastPosition: '00000000000000000042',
          projections: [
            { name: 'users', version: 1, position: '00000000000000000042' as never, failure: null },
            {
              name: 'templates',
              version: 2,
              position: null,
              failure: { eventId: 'e1', eventType: 'TemplateCreated', position: '1' as never, message: 'no such column' },
            },
          ],
        }}
      />,
    );
    const frame = lastFrame() ?? '';
    expect(frame).toContain('sqlite store');
    expect(frame).toContain('00000000000000000042');
    expect(frame).toMatch(/users\s+v1\s+at 0+42/);
    expect(frame).toContain('stuck at TemplateCreated: no such column');
  });
});
