import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';

/** A request with a Host header of our choosing (the browser and Playwright's client set their own). */
function send(baseURL: string, path: string, host: string, body?: unknown): Promise<{ status: number; text: string }> {
  const url = new URL(path, baseURL);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method: body ? 'POST' : 'GET',
        headers: { host, ...(body ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

test.describe('the console answers only to the names it is known by', () => {
  test('refuses a request naming another host, sign-in included (DNS rebinding)', async ({ baseURL }) => {
    const port = new URL(baseURL!).port;
    expect((await send(baseURL!, '/api/health', `127.0.0.1:${port}`)).status).toBe(200);
    expect((await send(baseURL!, '/api/health', `localhost:${port}`)).status).toBe(200);
    const health = await send(baseURL!, '/api/health', `evil.example:${port}`);
    expect(health.status).toBe(421);
    expect(JSON.parse(health.text).error.code).toBe('HOST_NOT_ALLOWED');
    const login = await send(baseURL!, '/api/auth/login', `evil.example:${port}`, {
      email: 'admin@demo.local',
      password: DEMO_PASSWORD,
    });
    expect(login.status).toBe(421);
    expect((await send(baseURL!, '/login', 'evil.example')).status).toBe(421);
  });

  test('listens on loopback only by default', async ({ baseURL }) => {
    const external = Object.values(os.networkInterfaces())
      .flat()
      .find((i) => i && !i.internal && i.family === 'IPv4');
    test.skip(!external, 'this machine has no network interface besides loopback');
    const port = Number(new URL(baseURL!).port);
    const outcome = await new Promise<string>((resolve) => {
      const socket = net.connect({ host: external!.address, port });
      socket.setTimeout(5_000, () => {
        resolve('timeout');
        socket.destroy();
      });
      socket.once('connect', () => {
        resolve('connected');
        socket.destroy();
      });
      socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
    });
    expect(outcome).toBe('ECONNREFUSED');
  });
});
