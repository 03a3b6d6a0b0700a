/**
 * What a TheAgentCompany agent folder's name and a task's name say
 * (docs/trajectory-format.md, TheAgentCompany): `<date>_<agent>-<model>`,
 * e.g. `20241217_OpenHands-0.14.2-sonnet-20241022` → agent "OpenHands 0.14.2",
 * model "sonnet-20241022"; the task name's prefix is its ability.
 */
export const TAC_BENCHMARK = 'theagentcompany';

export const TAC_ABILITIES = ['admin', 'ds', 'finance', 'hr', 'ml', 'pm', 'research', 'sde', 'bm'] as const;

/** Where a model's name starts in a folder name: the families the leaderboard's submissions use. */
const MODEL_START =
  /^(gpt|o\d|claude|sonnet|opus|haiku|deepseek|gemini|qwen|llama|mistral|mixtral|grok|kimi|glm|nova|command|phi|gemma|yi|minimax|doubao|seed)/i;
const VERSION = /^v?\d+(\.\d+)+$/;

export function agentAndModel(folderName: string): { agent?: string; model?: string } {
  const base = folderName.replace(/^\d{8}_/, '');
  const parts = base.split('-').filter(Boolean);
  if (!parts.length) return {};
  let at = parts.findIndex((p, i) => i > 0 && MODEL_START.test(p));
  if (at < 0) at = Math.min(1, parts.length);
  const agentParts = parts.slice(0, at);
  const agent = agentParts.reduce((acc, p) => (acc ? `${acc}${VERSION.test(p) ? ' ' : '-'}${p}` : p), '');
  const model = parts.slice(at).join('-');
  return { agent: agent || undefined, model: model || undefined };
}

export function abilityOf(task: string): string | null {
  const prefix = task.split('-')[0];
  return (TAC_ABILITIES as readonly string[]).includes(prefix) ? prefix : null;
}
