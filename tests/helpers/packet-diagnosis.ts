import type { PacketDiagnosis } from '@/lib/reflection/packet';

/** A diagnosis as a reflection packet carries it: a checkpoint diagnosis at event 6 unless `over` says otherwise. */
export function packetDiagnosis(over: Partial<PacketDiagnosis>): PacketDiagnosis {
  return {
    index: 0,
    run: 'run B',
    checkpoint: '7_1',
    checkpoint_description: '',
    category: 'Wrong tool or arguments',
    span: { start: 6, end: 6 },
    actions_in_span: [],
    what_went_wrong: '',
    what_should_have_happened: '',
    aligned_step: null,
    run_level: false,
    ...over,
  };
}
