import { Suspense } from 'react';
import { HomePage } from '../features/home/HomePage.tsx';
import { PublicFrame } from '../features/public/PublicFrame.tsx';
import { NavigationContext, type Navigation } from './navigation.tsx';
import { SessionProvider } from './session.tsx';

/** The first paint of "/": the complete home page, without the router (see app/boot.tsx). */
export function HomeShell({ navigation }: { navigation: Navigation }) {
  return (
    <NavigationContext.Provider value={navigation}>
      <SessionProvider>
        <Suspense fallback={<div aria-busy="true" className="min-h-dvh" />}>
          <PublicFrame>
            <HomePage />
          </PublicFrame>
        </Suspense>
      </SessionProvider>
    </NavigationContext.Provider>
  );
}
