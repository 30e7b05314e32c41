/** Polling settings wired to the event store: one stream, every change through core/polling's decider. */
import { handleCommand } from '@core/eventstore/command-handler';
import type { EventStore } from '@core/eventstore/types';
import { POLLING_SETTINGS_STREAM, pollingSettingsDecider } from '@core/polling';
import { commandOptions, type CommandContext, type Written } from '../commands';

export const createPollingService = (store: EventStore, clock: () => Date) => ({
  changeSetting: async (key: string, value: string, xAdminVerified: boolean, ctx: CommandContext): Promise<Written> => {
    const result = await handleCommand(
      store,
      POLLING_SETTINGS_STREAM,
      pollingSettingsDecider,
      { type: 'ChangePollingSetting', key, value, xAdminVerified },
      commandOptions(ctx, clock),
    );
    return { id: key, position: result.position };
  },
});
