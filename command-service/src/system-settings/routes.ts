import {
  ErrorBody,
  fromApiSettings,
  SYSTEM_SETTINGS_MODEL,
  SYSTEM_SETTINGS_STREAM,
  SystemSettings,
  type SystemSettingsEvent,
  toApiSettings,
  UpdateSystemSettingsBody,
} from '@fitness/contracts';
import type { Aggregate } from '../core/command-route.ts';
import { adminCommands } from '../core/route-group.ts';
import { type SystemSettingsCommand, systemSettingsDecider } from './decide.ts';
import type { SystemSettingsState } from './settings.ts';

const systemSettings: Aggregate<SystemSettingsCommand, SystemSettingsEvent, SystemSettingsState> = {
  decider: systemSettingsDecider,
  streamOf: () => SYSTEM_SETTINGS_STREAM,
};

/** Changing the system settings (spec 3 "Admin settings"), admins only; reading them is a query. */
export const systemSettingsCommandRoutes = adminCommands(async (app, { services, run }) => {
  app.put(
    '',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change system settings; those left out keep their value (the acting admin is recorded)',
        body: UpdateSystemSettingsBody,
        response: { 200: SystemSettings, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const result = await run(systemSettings, request, reply, {
        type: 'ChangeSystemSettings',
        changes: fromApiSettings(request.body),
      });
      // The settings act through their read model (maintenance, session timeout, the site's
      // name): once this answers, the next request of anyone sees them.
      await services.progress.waitFor([SYSTEM_SETTINGS_MODEL], result.position, services.consistencyTimeoutMs);
      return toApiSettings(result.state);
    },
  );
});
