import type { Adapter } from './types';

/** TheAgentCompany is a folder: a single file named as it cannot be read alone, and the message says what to give. */
export const tacFileAdapter: Adapter = async function* (_input, opts) {
  yield {
    kind: 'fatal',
    reason: `${opts.fileName} is one file, but TheAgentCompany output is a folder (results/ with trajectories/ or states/): import the agent folder with the command line, or upload a .zip or .tar.gz of it.`,
  };
};
