import { ApiError, request } from '#web/shared/http.ts';

/** CSV exports need the bearer token, so they are fetched and handed to the browser as a download. */
export const downloadCsv = async (path: string, filename: string) => {
  const response = await request(path);
  if (!response.ok) throw new ApiError('', { status: response.status });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
};
