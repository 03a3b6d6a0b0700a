import { z } from 'zod';
import type { Permission } from '@/lib/auth/permissions';

/**
 * Live channels: what a page can subscribe to, and the permission a subscriber
 * needs. A change notification carries ids only (never content), so the page
 * refetches through the normal, permission-checked API.
 */
export const LIVE_CHANNELS = {
  runs: 'reflection:read',
  batches: 'reflection:read',
  imports: 'import:run',
  proposals: 'proposal:read',
  queue: 'queue:work',
  cards: 'cards:read',
  // Once per statement that may change a dashboard figure (prisma/sql/live-notifications.sql).
  dashboard: 'dashboard:read',
} as const satisfies Record<string, Permission>;

export type LiveChannel = keyof typeof LIVE_CHANNELS;
export const liveChannelSchema = z.enum(Object.keys(LIVE_CHANNELS) as [LiveChannel, ...LiveChannel[]]);

/** What travels through PostgreSQL and the event stream: the channel and a few ids. */
export const liveChangeSchema = z.object({
  channel: liveChannelSchema,
  id: z.string().optional(),
  taskId: z.string().nullish(),
  batchId: z.string().nullish(),
  status: z.string().nullish(),
});
export type LiveChange = z.infer<typeof liveChangeSchema>;

/** The one PostgreSQL channel every console process LISTENs on. */
export const PG_CHANNEL = 'console_live';

/**
 * Not a change but an end of access: a user was deactivated, their role changed or their
 * sessions were ended (lib/users/manage-users.ts). Sent through the same PostgreSQL channel,
 * so every replica ends that user's open streams (lib/live/live-stream.ts).
 */
export const accessEndedSchema = z.object({ accessEnded: z.object({ userId: z.string() }) });
export type AccessEnded = z.infer<typeof accessEndedSchema>;

/** Whether this process hears PostgreSQL: `degraded` while it cannot, `recovered` once it can again. */
export type LiveStatus = 'degraded' | 'recovered';
