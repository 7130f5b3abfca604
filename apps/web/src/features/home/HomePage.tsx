import { AudienceGrid } from './AudienceGrid.tsx';
import { CtaBand } from './CtaBand.tsx';
import { Hero } from './Hero.tsx';
import { PartnerStrip } from './PartnerStrip.tsx';
import { ServicesCarousel } from './ServicesCarousel.tsx';

export function HomePage() {
  return (
    <>
      <Hero />
      <ServicesCarousel />
      <AudienceGrid />
      <PartnerStrip />
      <CtaBand />
    </>
  );
}
