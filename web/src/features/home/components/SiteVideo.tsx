import { AspectRatio } from '@mantine/core';

const sourcesOf = (name: string) => [
  { src: `/static/videos/${name}.webm`, type: 'video/webm' },
  { src: `/static/videos/${name}.mp4`, type: 'video/mp4' },
];

/** The spec asks that a video that cannot load is only logged, never shown as an error. */
const logVideoError = (src: string) => () => console.warn(`Video could not be loaded: ${src}`);

interface SiteVideoProps {
  /** File name under /static/videos/, without extension; captions come from the .vtt beside it. */
  name: string;
  poster: string;
  label: string;
}

/** A 16:9 video the visitor starts, with captions for its on-screen words. */
export function SiteVideo({ name, poster, label }: SiteVideoProps) {
  const sources = sourcesOf(name);
  return (
    <AspectRatio ratio={16 / 9}>
      <video
        controls
        preload="none"
        poster={poster}
        aria-label={label}
        style={{ borderRadius: 'var(--mantine-radius-md)', background: 'var(--mantine-color-dark-7)' }}
      >
        {sources.map((source, index) => (
          <source
            key={source.src}
            src={source.src}
            type={source.type}
            onError={index === sources.length - 1 ? logVideoError(source.src) : undefined}
          />
        ))}
        <track kind="captions" src={`/static/videos/${name}.vtt`} srcLang="en" label="English" default />
      </video>
    </AspectRatio>
  );
}

/**
 * Decorative, muted and looping, laid over the hero's still (it stays transparent until its first
 * frame). The hero shows it only after the page has loaded, and never to people who ask for less motion.
 */
export function BackgroundVideo({ name }: { name: string }) {
  const sources = sourcesOf(name);
  return (
    <video
      aria-hidden
      tabIndex={-1}
      muted
      loop
      playsInline
      autoPlay
      preload="auto"
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
    >
      {sources.map((source, index) => (
        <source
          key={source.src}
          src={source.src}
          type={source.type}
          onError={index === sources.length - 1 ? logVideoError(source.src) : undefined}
        />
      ))}
    </video>
  );
}
