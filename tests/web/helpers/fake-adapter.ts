/** An axios adapter that answers from a function instead of the network, recording every request. */
import { AxiosError, AxiosHeaders } from 'axios';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';

export interface FakeReply {
  status?: number;
  body: unknown;
}

export function fakeAdapter(answer: (config: InternalAxiosRequestConfig) => FakeReply) {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const reply = answer(config);
    const response: AxiosResponse = {
      data: reply.body,
      status: reply.status ?? 200,
      statusText: String(reply.status ?? 200),
      headers: new AxiosHeaders(),
      config,
    };
    // Real adapters reject outside 2xx (axios "settle"); a custom adapter must do the same.
    if (response.status >= 400) {
      throw new AxiosError(`Request failed with status code ${response.status}`, 'ERR_BAD_RESPONSE', config, null, response);
    }
    return response;
  };
  return { adapter, requests };
}

export function ok<T>(result: T, message = '') {
  return { body: { success: true, message, code: 200, result, timestamp: Date.now() } };
}

export function fail(message: string, code = 500, result: unknown = null) {
  return { body: { success: false, message, code, result, timestamp: Date.now() } };
}
