'use client';

/**
 * Reflection controls on a task's contrast page ("Run reflection", live run
 * status). Rendered by app/(console)/tasks/[taskId]/page.tsx; filled in by the
 * reflection feature.
 */
export function TaskReflectionPanel(_props: { taskId: string; canRun: boolean }) {
  return null;
}
