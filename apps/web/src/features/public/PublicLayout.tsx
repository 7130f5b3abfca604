import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { OfflineBanner } from '../../components/offline/OfflineBanner.tsx';
import { Loading } from '../../components/ui/Loading.tsx';
import { PublicFrame } from './PublicFrame.tsx';

/** The public frame inside the router: pages load within it while the top bar and footer stay. */
export function PublicLayout() {
  return (
    <PublicFrame>
      <OfflineBanner />
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </PublicFrame>
  );
}
