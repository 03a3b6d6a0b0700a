/** The task list's URL filters (read by the filter bar, kept by the pager). Plain module: safe on client and server. */
export const TASK_FILTER_KEYS = ['benchmark', 'ability', 'model', 'taskId', 'importId'] as const;

/** Rows per task list page unless the URL says otherwise (`pageSize`, kept by the pager). */
export const TASK_PAGE_SIZE = 25;
