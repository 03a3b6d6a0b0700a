import { z } from 'zod';

/**
 * Data-quality warnings an importer attached to a trajectory (e.g. τ²-bench
 * action ids that are not the task's own), kept in Trajectory.metadata under
 * DATA_QUALITY_KEY. Metadata is an opaque payload: parsed here, anything
 * malformed reads as no warnings rather than breaking the page.
 */
const warningsSchema = z.array(z.object({ path: z.string(), reason: z.string() })).max(50);
export type DataQualityWarning = z.infer<typeof warningsSchema>[number];

/** Where a trajectory's data-quality warnings live in Trajectory.metadata (shown on the trajectory page); importers write it. */
export const DATA_QUALITY_KEY = 'data_quality_warnings';

export function dataQualityWarnings(metadata: unknown): DataQualityWarning[] {
  if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata)) return [];
  const parsed = warningsSchema.safeParse((metadata as Record<string, unknown>)[DATA_QUALITY_KEY]);
  return parsed.success ? parsed.data : [];
}
