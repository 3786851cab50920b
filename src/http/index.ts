/** The application's one storage and http client. Tests build their own with the factories. */
import { createHttpClient, DEFAULT_BASE_URL } from './client.ts';
import { createSessionStorage } from './storage.ts';

export * from './client.ts';
export * from './errors.ts';
export * from './error-notices.ts';
export * from './storage.ts';

export const storage = createSessionStorage();

const envBase: unknown = import.meta.env.VITE_API_BASE;

export const http = createHttpClient({
  storage,
  baseURL: typeof envBase === 'string' && envBase !== '' ? envBase : DEFAULT_BASE_URL,
});
