import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Text worth compressing: HTML, CSS, JavaScript, JSON, XML (RSS, the sitemap, SVG), plain text and
 * WebVTT. Never media (video, audio, raster images are compressed already), never the event
 * stream (compression would hold Vela's words back), never unknown binary (`octet-stream`).
 */
export const compressibleType = (contentType: string) =>
  /^text\/(?!event-stream)|^application\/(?:javascript|json|xml|manifest\+json)|\+(?:json|xml)(?:;|$)/.test(
    contentType,
  );

/**
 * Dynamic answers over 1 KB go out with brotli or gzip, as the client's Accept-Encoding prefers.
 * Build assets arrive here compressed already (`.br` and `.gz` written by `npm run build`, served by
 * @fastify/static's preCompressed), so they are only compressed on the fly when the build skipped
 * that step. Partial content (206, Content-Range) is never compressed, so Range keeps working.
 * Registered before any route, since the plugin attaches itself to each route as it is added.
 */
export const registerCompression = async (app: FastifyInstance) => {
  await app.register(compress, {
    globalCompression: true,
    // Request bodies keep arriving as sent: no client compresses them, and the body parsers own them.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: compressibleType,
  });
};
