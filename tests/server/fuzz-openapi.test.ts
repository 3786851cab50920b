/**
 * Malformed input never yields an HTTP 5xx (issue 21, finding 6). Every operation the OpenAPI document lists is sent
 * a bounded, deterministic set of malformed values — NUL bytes, invalid UTF-8, lone surrogates, numbers no column
 * holds, 10,000-character strings, arrays and objects where text is expected — in every query parameter, path
 * parameter and body property it declares, plus id, pageNo, pageSize, column and order; as admin (who reaches
 * nearly every handler) and as a shipper (whose data scope takes other paths). Every answer must be below 500 and
 * a JeecgBoot envelope (or a file download), and a value no column can store (NUL, broken UTF-8, a lone surrogate,
 * an over-long query value) must be refused outright, so it never reaches the database.
 *
 * Per operation: one request with nothing (missing parameters), one per malformed value with every place set to it,
 * each wrong-shaped whole body, then each place alone with three values picked by a seeded PRNG. Operations a user
 * may not call get only two values (the refusal must still be clean). Answers refused by PostgreSQL (the error
 * handler's translation of a data exception) count as failures too: the checks before SQL must catch them.
 *
 * About 19,000 requests as admin and 5,000 as the shipper per backend, 15–40 s on a 2-core machine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { DATA_EXCEPTION_MESSAGES } from '../../server/db/data-errors.ts';
import { BACKENDS, startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  MALFORMED, buildRequest, isEnvelope, operationsOf, seededRandom,
  type Malformed, type OpenApiDocument, type OperationShape, type Slot,
} from './helpers/fuzz.ts';

const API = '/jeecg-boot';

/**
 * Logging out (POST, or GET as the Vue3 client does) revokes the very token the rest of the run uses; it takes no
 * input but the token, so nothing is lost.
 */
const SKIPPED = new Set([`POST ${API}/sys/logout`, `GET ${API}/sys/logout`]);

/** Values no text column can hold, or a query value past the request bound: refused before any handler. */
const NEVER_STORED = new Set(['NUL byte', 'NUL inside a value', 'invalid UTF-8 (C3 28)', 'invalid UTF-8 (FF)', 'lone surrogate']);
const OVERLONG = '10,000 characters';

/** What an operation a user may not call is still sent: the refusal must be clean too. */
const UNREACHABLE_SAMPLE = MALFORMED.filter((value) => value.label === 'NUL byte' || value.label === 'array for a string');

/** Values each place gets on its own, picked by the seeded PRNG (all of them would be ~60,000 requests for admin). */
const VALUES_PER_PLACE = 3;

/** Whole JSON bodies of the wrong shape, sent to every operation that takes one. */
const WRONG_BODIES = ['[{"id":"1"}]', '"\\u0000"', 'null', '1e309', '"text"'];

interface Findings {
  requests: number;
  serverErrors: string[];
  notEnvelopes: string[];
  notRefused: string[];
  /** Refused by PostgreSQL (the error handler's last line of defence), not by a check before SQL. */
  refusedByDatabase: string[];
}

describe.each(BACKENDS)('malformed input on every OpenAPI operation, %s', (kind) => {
  let t: TestApp;
  let operations: OperationShape[];

  beforeAll(async () => {
    t = await startTestApp(kind);
    const token = await t.login('admin');
    const response = await t.app.inject({ method: 'GET', url: `${API}/openapi.json`, headers: { 'x-access-token': token } });
    operations = operationsOf(JSON.parse(response.body) as OpenApiDocument).filter((op) => !SKIPPED.has(`${op.method} ${op.path}`));
  });
  afterAll(async () => {
    await t?.close();
  });

  async function send(findings: Findings, token: string, op: OperationShape, request: InjectOptions, what: string, mustRefuse: boolean): Promise<number | null> {
    findings.requests += 1;
    const response = await t.app.inject({ ...request, headers: { ...(request.headers ?? {}), 'x-access-token': token } });
    const type = String(response.headers['content-type'] ?? '');
    let body: unknown = null;
    if (type.includes('json')) {
      try {
        body = JSON.parse(response.body);
      } catch {
        body = null;
      }
    }
    const envelope = isEnvelope(body) ? (body as { success: boolean; code: number; message: string }) : null;
    if (response.statusCode >= 500) findings.serverErrors.push(`${what} → ${response.statusCode} ${envelope?.message ?? response.body.slice(0, 80)}`);
    // A file download, a redirect (third-party login) and the OpenAPI document itself are the answers that are not envelopes.
    const download = response.statusCode === 200 && !type.includes('json');
    const redirect = response.statusCode >= 300 && response.statusCode < 400 && Boolean(response.headers.location);
    const document = op.path === `${API}/openapi.json` && response.statusCode === 200 && !mustRefuse;
    if (!envelope && !download && !redirect && !document) findings.notEnvelopes.push(`${what} → ${response.statusCode} ${type} ${response.body.slice(0, 80)}`);
    if (mustRefuse && (!envelope || envelope.success)) findings.notRefused.push(`${what} → ${response.statusCode} ${response.body.slice(0, 80)}`);
    if (envelope && !envelope.success && DATA_EXCEPTION_MESSAGES.has(envelope.message)) findings.refusedByDatabase.push(`${what} → ${envelope.message}`);
    return envelope?.code ?? null;
  }

  async function fuzz(token: string, seed: number): Promise<Findings> {
    const random = seededRandom(seed);
    const pick = (): Malformed => MALFORMED[Math.floor(random() * MALFORMED.length)];
    const findings: Findings = { requests: 0, serverErrors: [], notEnvelopes: [], notRefused: [], refusedByDatabase: [] };
    for (const op of operations) {
      const name = `${op.method} ${op.path}`;
      const code = await send(findings, token, op, buildRequest(op, new Map()), `${name} (nothing)`, false);
      const reachable = code !== 401 && code !== 510;
      for (const value of reachable ? MALFORMED : UNREACHABLE_SAMPLE) {
        const everywhere = new Map(op.slots.map((slot): [Slot, Malformed] => [slot, value]));
        const refuse = NEVER_STORED.has(value.label) || (value.label === OVERLONG && op.slots.some((slot) => slot.place !== 'body'));
        await send(findings, token, op, buildRequest(op, everywhere), `${name} [all: ${value.label}]`, refuse);
      }
      if (!reachable) continue;
      for (const body of op.jsonBody ? WRONG_BODIES : []) {
        const request = { ...buildRequest(op, new Map()), payload: body };
        await send(findings, token, op, request, `${name} [body: ${body}]`, body.includes('\\u0000'));
      }
      for (const slot of op.slots) {
        const picked = new Set<Malformed>();
        while (picked.size < VALUES_PER_PLACE) picked.add(pick());
        for (const value of picked) {
          const refuse = NEVER_STORED.has(value.label) || (value.label === OVERLONG && slot.place !== 'body');
          await send(findings, token, op, buildRequest(op, new Map([[slot, value]])), `${name} [${slot.place} ${slot.name}: ${value.label}]`, refuse);
        }
      }
    }
    return findings;
  }

  function expectClean(findings: Findings, who: string): void {
    const summary = (list: string[]) => `${list.length}: ${list.slice(0, 25).join('\n')}`;
    console.info(`${kind} ${who}: ${findings.requests} requests, ${findings.serverErrors.length} 5xx, ${findings.notEnvelopes.length} not envelopes, ${findings.notRefused.length} not refused, ${findings.refusedByDatabase.length} refused only by the database`);
    expect(findings.requests).toBeGreaterThan(operations.length * 3);
    expect(summary(findings.serverErrors), 'answers with HTTP 5xx').toBe(summary([]));
    expect(summary(findings.notEnvelopes), 'answers that are not a JeecgBoot envelope').toBe(summary([]));
    expect(summary(findings.notRefused), 'unstorable values not refused').toBe(summary([]));
    // The early checks, not PostgreSQL, refuse: the error handler's translation of data exceptions is only a backstop.
    expect(summary(findings.refusedByDatabase), 'values refused only by the database').toBe(summary([]));
  }

  async function expectStillSignedIn(token: string): Promise<void> {
    const response = await t.app.inject({ method: 'GET', url: `${API}/openapi.json`, headers: { 'x-access-token': token } });
    // Otherwise the run above mostly measured 401s.
    expect(response.statusCode).toBe(200);
  }

  it('admin: no 5xx, only envelopes, unstorable values refused', async () => {
    expect(operations.length).toBeGreaterThan(300);
    const token = await t.login('admin');
    expectClean(await fuzz(token, 0x5eed_0001), 'admin');
    await expectStillSignedIn(token);
  }, 120_000);

  it('shipper: no 5xx, only envelopes, unstorable values refused', async () => {
    const token = await t.login('shipper');
    expectClean(await fuzz(token, 0x5eed_0002), 'shipper');
    await expectStillSignedIn(token);
  }, 120_000);
});
