import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

/** A tiny built web app, as `vite build` + the precompress plugin would leave it. */
function fakeWebDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'freight-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>app</title>');
  const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), js);
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(js));
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js.gz'), zlib.gzipSync(js));
  return dir;
}

describe('serving the built web app', () => {
  let t: TestApp;
  const webDir = fakeWebDir();
  beforeAll(async () => {
    t = await startTestApp('pglite', { webDir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('sends pre-compressed, long-cached assets when the browser accepts them', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('console.log');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log');
  });

  it('answers client routes with the app and unknown API paths with a 404 envelope', async () => {
    const route = await t.app.inject({ method: 'GET', url: '/wlhy/hydriver/HyDriverList?state=1' });
    expect(route.statusCode).toBe(200);
    expect(route.headers['content-type']).toContain('text/html');
    const api = await t.app.inject({ method: 'GET', url: '/jeecg-boot/no/such/thing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, code: 404, message: '很抱歉，资源未找到!' });
    const traversal = await t.app.inject({ method: 'GET', url: '/assets/..%2f..%2fpackage.json' });
    expect(traversal.body).not.toContain('"dependencies"');
  });
});
