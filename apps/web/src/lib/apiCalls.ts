import { api } from './api.ts';
import { unwrap } from './queries.ts';

/** The API's calls that return the answer's data and throw its 4xx (react-query's queries and mutations). */
export const apiCalls = {
  get: async <T>(path: string) => unwrap(await api.get<T>(path)),
  post: async <T>(path: string, body: unknown) => unwrap(await api.post<T>(path, body)),
  put: async <T>(path: string, body: unknown) => unwrap(await api.put<T>(path, body)),
  delete: async <T = { message?: string }>(path: string) => unwrap(await api.delete<T>(path)),
};
