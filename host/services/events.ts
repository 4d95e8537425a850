import { randomUUID } from 'node:crypto';
import { EventAudienceCheck } from '../../core/events/event-audience-check.js';
import { SystemEventBus } from '../../core/events/system-event-bus.js';
import { declare } from './declare.js';

/** System events: raised by services after their commits, delivered by the websocket endpoint. */
export const eventServices = {
  events: declare({
    needs: ['settings', 'logger', 'json'],
    build: ({ settings, logger, json }): SystemEventBus =>
      new SystemEventBus({
        origin: randomUUID(),
        journal: settings.websocket.journalPollMs > 0,
        json,
        logger: logger.child({ area: 'system-events' }),
      }),
  }),
  /** Who may receive an event. */
  eventAudience: declare({
    needs: ['storage', 'definitions', 'permissions'],
    build: (d): EventAudienceCheck => new EventAudienceCheck(d),
  }),
};
