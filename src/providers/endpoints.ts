/**
 * Plain endpoint calls for panel renderers (a role's permission tree, a page's data rules) that talk to their own
 * JeecgBoot endpoints, named in the schema's panel settings. The server guards each endpoint by its own code.
 */
import type { DownloadedFile, HttpClient, QueryParams } from '../http/client.ts';

export interface EndpointProvider {
  /** GET `path`; resolves with the envelope's result, rejects with the server's message. */
  get<T>(path: string, params?: QueryParams): Promise<T>;
  /** POST `path`; resolves with the result and the server's message (shown to the user). */
  post<T>(path: string, body: unknown): Promise<{ result: T; message: string }>;
  /** GET a file (e.g. a report's export) with its name from the server. */
  download(path: string, params?: QueryParams): Promise<DownloadedFile>;
}

export function createEndpointProvider(http: HttpClient): EndpointProvider {
  return {
    get: (path, params) => http.getResult(path, params),
    async post<T>(path: string, body: unknown) {
      const envelope = await http.request<T>({ method: 'post', url: path, data: body });
      return { result: envelope.result, message: envelope.message };
    },
    download: (path, params) => http.download(path, params),
  };
}
