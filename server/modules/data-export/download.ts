import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { combineRanges, parse as parseRange } from 'range-parser';
import { matchesIfNoneMatch } from '#server/http/caching.ts';
import { MEDIA_CACHE_CONTROL } from '#server/media/send-stored-file.ts';
import type { Storage } from '#server/media/storage.ts';
import { type ZipLayout, zipBytes } from './zip.ts';

/**
 * Answers a link to an export's zip as a file server answers a file: its length up front, HTTP Range
 * (one range; several are answered whole, as RFC 9110 allows), a strong ETag that If-Range and
 * If-None-Match are checked against, and HEAD. A download cut on a weak connection goes on from the
 * byte it reached. The bytes are read from the store as they are sent, never held.
 */
export const sendZip = (
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  zip: { layout: ZipLayout; etag: string; fileName: string },
) => {
  const { layout, etag } = zip;
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('cache-control', MEDIA_CACHE_CONTROL)
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${zip.fileName}"`);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.status(304).send();

  let start = 0;
  let end = layout.size - 1;
  const range = request.headers.range;
  const ifRange = request.headers['if-range'];
  // A resumed download whose copy is not this one (If-Range names another) gets the whole zip.
  if (range && (!ifRange || ifRange === etag)) {
    const asked = parseRange(layout.size, range);
    if (asked.type === 'bytes' && !(asked.code & 1)) {
      if (asked.ranges.length === 0 && layout.size > 0)
        return reply.status(416).header('content-range', `bytes */${layout.size}`).send();
      const ranges = combineRanges(asked.ranges);
      if (ranges.length === 1) {
        ({ start, end } = ranges[0]!);
        reply.status(206).header('content-range', `bytes ${start}-${end}/${layout.size}`);
      }
    }
  }
  reply.header('content-length', end - start + 1);
  if (request.method === 'HEAD') return reply.send();
  return reply.send(Readable.from(zipBytes(storage, layout, start, end), { objectMode: false }));
};
