import { afterEach, describe, expect, it, vi } from 'vitest';
import { poolSize, readPipeline, readPoolSize } from '@/lib/db/pool-settings';
import { setting } from '@/lib/env';
import { workerConcurrency } from '@/lib/reflection/reflection-worker';
import { inProcessWorkerEnabled } from '../../scripts/lib/background';

afterEach(() => vi.unstubAllEnvs());

describe('settings read outside env() follow the one environment schema', () => {
  it('reads NAME= as unset for the database pools, the worker and the ports: their defaults, not 0', () => {
    for (const name of [
      'DATABASE_POOL_SIZE',
      'DATABASE_READ_POOL_SIZE',
      'DATABASE_READ_PIPELINE',
      'WORKER_CONCURRENCY',
      'PORT',
      'EMBEDDED_PG_PORT',
      'WORKER',
    ])
      vi.stubEnv(name, '');
    // Number('') was 0: a pool of no connections, `next` on a random port.
    expect([poolSize(), readPoolSize(), readPipeline(), workerConcurrency()]).toEqual([10, 3, 4, 2]);
    expect([setting('PORT'), setting('EMBEDDED_PG_PORT')]).toEqual([3000, 54329]);
    expect(inProcessWorkerEnabled()).toBe(true);
  });

  it('reads a value as npm start checked it: "OFF " turns the worker off, " 20 " is a pool of 20', () => {
    vi.stubEnv('WORKER', 'OFF ');
    vi.stubEnv('DATABASE_POOL_SIZE', ' 20 ');
    expect(inProcessWorkerEnabled()).toBe(false);
    expect(poolSize()).toBe(20);
  });

  it('refuses a value its rule refuses, naming the variable, instead of running with NaN', () => {
    vi.stubEnv('DATABASE_POOL_SIZE', 'ten');
    expect(() => poolSize()).toThrow('Invalid environment: DATABASE_POOL_SIZE: must be a whole number');
    vi.stubEnv('EMBEDDED_PG_PORT', '70000');
    expect(() => setting('EMBEDDED_PG_PORT')).toThrow('EMBEDDED_PG_PORT: must be between 1 and 65535');
  });
});
