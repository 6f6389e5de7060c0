import { ApiError, refreshAccessToken } from '../../../shared/http.ts';
import { readSession } from '../../../shared/session.ts';

const fetchWithToken = (path: string) => {
  const token = readSession().token;
  return fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
};

/** CSV exports need the bearer token, so they are fetched and handed to the browser as a download. */
export const downloadCsv = async (path: string, filename: string) => {
  let response = await fetchWithToken(path);
  if (response.status === 401 && (await refreshAccessToken())) response = await fetchWithToken(path);
  if (!response.ok) throw new ApiError('', { status: response.status });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
};
