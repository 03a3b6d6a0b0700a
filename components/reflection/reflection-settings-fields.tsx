'use client';

import { useQuery } from '@tanstack/react-query';
import { CheckboxField, Field, Select } from '@/components/ui/field';
import { apiFetch } from '@/lib/http/api-client';
import type { LlmStatus } from '@/lib/reflection/llm-settings';
import type { ReflectionRunSettings } from '@/lib/reflection/run-settings';

export type SettingsValue = Pick<ReflectionRunSettings, 'scope' | 'requireDiagnoses' | 'provider'>;
export const DEFAULT_SETTINGS: SettingsValue = {
  scope: 'failed_and_passed',
  requireDiagnoses: true,
  provider: 'offline',
};

export function useLlmStatus(enabled = true) {
  return useQuery({
    queryKey: ['reflection', 'llm-status'],
    queryFn: () => apiFetch<{ llm: LlmStatus }>('/api/reflection/llm-settings').then((r) => r.llm),
    enabled,
    staleTime: 60_000,
  });
}

/** The settings a user picks for a reflection run (one task or a batch). */
export function ReflectionSettingsFields({
  value,
  onChange,
  idPrefix,
}: {
  value: SettingsValue;
  onChange: (v: SettingsValue) => void;
  idPrefix: string;
}) {
  const llm = useLlmStatus();
  const endpoint = llm.data?.endpointConfigured;
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Field label="Trajectories">
        <Select
          id={`${idPrefix}-scope`}
          value={value.scope}
          onChange={(e) => onChange({ ...value, scope: e.target.value as SettingsValue['scope'] })}
        >
          <option value="failed_and_passed">Failed + passed</option>
          <option value="passed_only">Passed only</option>
        </Select>
      </Field>
      <Field label="Provider / model">
        <Select
          id={`${idPrefix}-provider`}
          value={value.provider}
          onChange={(e) => onChange({ ...value, provider: e.target.value as SettingsValue['provider'] })}
        >
          <option value="offline">Rule-based (offline, default)</option>
          <option value="openai" disabled={!endpoint}>
            {endpoint
              ? `LLM: ${llm.data!.models.reflector} / ${llm.data!.models.curator}`
              : 'LLM (no endpoint configured)'}
          </option>
        </Select>
      </Field>
      <CheckboxField
        label="Require submitted diagnoses"
        fieldClassName="self-end pb-1.5 font-medium"
        checked={value.requireDiagnoses}
        onChecked={(requireDiagnoses) => onChange({ ...value, requireDiagnoses })}
      />
    </div>
  );
}
