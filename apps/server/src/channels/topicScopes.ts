// Docs: docs/realtime.md#adding-a-topic — how a class's topics are scoped, written once: keyed by
// the class or by one channel, with the access that the class's members, the channel's rule
// (SPEC §4) or the channel's rule with the phase and anonymity in force grant. A topic spreads one
// (`...channelScoped`) and declares the rest; an access notice of the class re-checks it (classOf).
import type { SessionUser } from '../auth/session';
import { requireClassAccess, type ClassAccess } from '../classes/access';
import type { LiveServices } from '../live/services';
import { requireMessageAccess, type MessageAccess } from '../messages/phaseAccess';
import { requireChannelAccess, type ChannelAccess } from './access';

interface ClassRef {
  class_id: string;
}
interface ChannelRef extends ClassRef {
  channel_id: string;
}
const classOf = (access: { classId: string }) => access.classId;

/** Keyed by its class; for the class's members (its activities, its roster). */
export const classScoped = {
  key: (input: ClassRef) => input.class_id,
  access: (services: LiveServices, viewer: SessionUser, input: ClassRef): Promise<ClassAccess> =>
    requireClassAccess(services.database.db, viewer.uid, input.class_id),
  classOf,
};

/** Keyed by one channel; for whoever the channel's rule lets see it (its pins, polls, members). */
export const channelScoped = {
  key: (input: ChannelRef) => input.channel_id,
  access: (
    services: LiveServices,
    viewer: SessionUser,
    input: ChannelRef,
  ): Promise<ChannelAccess> =>
    requireChannelAccess(services.database.db, viewer, input.class_id, input.channel_id),
  classOf,
};

/**
 * Keyed by one channel, with the phase and anonymity in force (docs/phases.md): for what a phase
 * or a pseudonym shapes (its messages, who is typing).
 */
export const messageScoped = {
  key: (input: ChannelRef) => input.channel_id,
  access: (
    services: LiveServices,
    viewer: SessionUser,
    input: ChannelRef,
  ): Promise<MessageAccess> =>
    requireMessageAccess(services.database.db, viewer, input.class_id, input.channel_id),
  classOf,
};
