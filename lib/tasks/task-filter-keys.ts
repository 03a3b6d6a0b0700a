/** The task list's URL filters (read by the filter bar, kept by the pager). Plain module: safe on client and server. */
export const TASK_FILTER_KEYS = ['benchmark', 'ability', 'model', 'taskId', 'importId'] as const;
