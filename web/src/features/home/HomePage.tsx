import { DoorsSection } from './components/DoorsSection.tsx';
import { HeroSection } from './components/HeroSection.tsx';
import { ImageStrip } from './components/ImageStrip.tsx';
import { SoulStorySection } from './components/SoulStorySection.tsx';
import { VelaSection } from './components/VelaSection.tsx';
import { WelcomeSection } from './components/WelcomeSection.tsx';
import { useScrollToHash } from './use-scroll-to-hash.ts';

export default function HomePage() {
  useScrollToHash();
  return (
    <>
      <HeroSection />
      <WelcomeSection />
      <DoorsSection />
      <SoulStorySection />
      <VelaSection />
      <ImageStrip />
    </>
  );
}
