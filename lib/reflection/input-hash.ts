/** Hash of everything a reflection run reads for one task (stub; implementation follows). */
export async function computeInputHash(taskId: string, settings: unknown): Promise<string> {
  void settings;
  return taskId;
}
