import { ApiError, request } from './http.ts';

/** The file name the server gave in Content-Disposition, if any. */
const attachmentName = (response: Response) =>
  /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];

/**
 * Files behind the bearer token (admin CSVs, the chat history) cannot be plain links: they are fetched
 * and handed to the browser as a download, under the server's file name when it gives one.
 */
export const downloadFile = async (path: string, fallbackName: string) => {
  const response = await request(path);
  if (!response.ok) throw new ApiError('', { status: response.status });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = attachmentName(response) ?? fallbackName;
  link.click();
  URL.revokeObjectURL(url);
};
