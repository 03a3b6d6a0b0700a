/**
 * Guesses whether a function changes state from its name. Used for the packet's
 * "writes" and for function cards' side effects; a guess, so cards say so.
 */
const WRITE_VERB =
  /^(send|create|update|delete|remove|cancel|book|add|move|modify|set|write|post|put|archive|transfer|pay|reply|change|exchange|return|submit|upgrade|mark|assign|apply|edit|insert|save|close|open_ticket|refund|flag|unflag|rename|share|invite|schedule|reschedule)(_|$)/i;

export function isStateChanging(tool: string): boolean {
  const fn = tool.includes('.') ? tool.slice(tool.indexOf('.') + 1) : tool;
  return WRITE_VERB.test(fn);
}
