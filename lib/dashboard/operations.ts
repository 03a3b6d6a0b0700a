/** Curator operations in display order (client-safe: no database imports). */
export const OPERATIONS = ['ADD_CARD', 'PATCH_CARD', 'MERGE_CARD', 'NARROW_TRIGGER', 'NOOP'] as const;
export type Operation = (typeof OPERATIONS)[number];
