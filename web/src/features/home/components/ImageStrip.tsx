import { Image, SimpleGrid } from '@mantine/core';

const pictures = [
  {
    src: '/static/images/strip-waymarker.svg',
    alt: 'A stone waymarker with a yellow shell and arrow beside a path',
  },
  { src: '/static/images/strip-shell.svg', alt: 'A scallop shell, the sign of the pilgrim' },
  { src: '/static/images/strip-home.svg', alt: 'Walking boots resting under a window at home' },
];

export function ImageStrip() {
  return (
    <SimpleGrid component="section" aria-label="Along the way" cols={{ base: 1, sm: 3 }} spacing={0}>
      {pictures.map((picture) => (
        <Image key={picture.src} src={picture.src} alt={picture.alt} h={260} fit="cover" />
      ))}
    </SimpleGrid>
  );
}
