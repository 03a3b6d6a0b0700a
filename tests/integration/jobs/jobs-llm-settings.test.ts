import { afterAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { stopBoss } from '@/lib/jobs/boss';
import { getLlmConfig } from '@/lib/llm/config';
import { createFunctionCardRun, createReflectionRun } from '@/lib/reflection/create-run';
import { getLlmStatus, updateLlmSettings } from '@/lib/reflection/llm-settings';
import { createActor, seedDemoTask } from '../../helpers/factories';

const settings = {
  models: { reflector: 'reflect-large', curator: 'curate-small', function_cards: 'cards-mini' },
  options: { timeoutMs: 45_000, maxRetries: 2, concurrency: 3 },
};

afterAll(() => stopBoss());

describe('LLM settings (Admin → LLM) and the provider a run records', () => {
  it('lets only an admin change the models per step, which the pipeline config then reads', async () => {
    const admin = await createActor('ADMIN');
    const reviewer = await createActor('REVIEWER');
    await expect(updateLlmSettings(reviewer, settings)).rejects.toThrow(/cannot do this/);
    const status = await updateLlmSettings(admin, settings);
    expect(status.models).toEqual(settings.models);
    const config = await getLlmConfig();
    expect(config.models).toEqual(settings.models);
    expect([config.timeoutMs, config.maxRetries, config.concurrency]).toEqual([45_000, 2, 3]);
    expect(await prisma.auditLog.count({ where: { action: 'settings.llm.update', actorId: admin.userId } })).toBe(1);
  });

  it('rejects bad values with the field named, and keeps the stored settings', async () => {
    const admin = await createActor('ADMIN');
    await updateLlmSettings(admin, settings);
    await expect(
      updateLlmSettings(admin, { ...settings, models: { ...settings.models, curator: '  ' } }),
    ).rejects.toThrow(/Enter a model name/);
    await expect(
      updateLlmSettings(admin, { ...settings, options: { ...settings.options, timeoutMs: 5 } }),
    ).rejects.toThrow(/At least 1000 ms/);
    expect((await getLlmConfig()).models.curator).toBe('curate-small');
  });

  it('shows whether an endpoint is configured but never the key', async () => {
    const researcher = await createActor('RESEARCHER');
    const saved = { url: process.env.OPENAI_BASE_URL, key: process.env.OPENAI_API_KEY };
    try {
      process.env.OPENAI_BASE_URL = 'http://llm.internal:8000/v1';
      process.env.OPENAI_API_KEY = 'sk-secret-value-123';
      const status = await getLlmStatus(researcher);
      expect(status).toMatchObject({
        endpointConfigured: true,
        endpointHost: 'llm.internal:8000',
        apiKeyConfigured: true,
      });
      expect(JSON.stringify(status)).not.toContain('sk-secret-value-123');
      delete process.env.OPENAI_BASE_URL;
      expect((await getLlmStatus(researcher)).endpointConfigured).toBe(false);
    } finally {
      process.env.OPENAI_BASE_URL = saved.url;
      process.env.OPENAI_API_KEY = saved.key;
      if (saved.url === undefined) delete process.env.OPENAI_BASE_URL;
      if (saved.key === undefined) delete process.env.OPENAI_API_KEY;
    }
  });

  it('refuses the LLM provider while no endpoint is configured, and records the models on runs when one is', async () => {
    const admin = await createActor('ADMIN');
    await updateLlmSettings(admin, settings);
    const { taskId } = await seedDemoTask();
    delete process.env.OPENAI_BASE_URL;
    await expect(
      createReflectionRun(admin, { taskId, settings: { provider: 'openai', requireDiagnoses: false } }),
    ).rejects.toThrow(/No LLM endpoint is configured/);
    await expect(createFunctionCardRun(admin, { provider: 'openai' })).rejects.toThrow(/No LLM endpoint is configured/);
    process.env.OPENAI_BASE_URL = 'http://127.0.0.1:9/v1';
    try {
      const run = await createReflectionRun(admin, {
        taskId,
        settings: { provider: 'openai', requireDiagnoses: false },
      });
      const row = await prisma.reflectionRun.findUniqueOrThrow({ where: { id: run.id } });
      expect(row.provider).toBe('OPENAI');
      expect(row.model).toBe('reflect-large');
      expect(row.settings).toMatchObject({ reflectorModel: 'reflect-large', curatorModel: 'curate-small' });
      const cards = await prisma.reflectionRun.findUniqueOrThrow({
        where: { id: (await createFunctionCardRun(admin, { provider: 'openai' })).id },
      });
      expect([cards.kind, cards.model]).toEqual(['FUNCTION_CARDS', 'cards-mini']);
    } finally {
      delete process.env.OPENAI_BASE_URL;
    }
  });
});
