import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppShell } from '../src/app/App.tsx';

/** Shows the current path so tests can assert redirects. */
function PathProbe() {
  const { pathname } = useLocation();
  return <output data-testid="path">{pathname}</output>;
}

/** Mounts the whole route table at `path`, as the browser would after a full load. */
export function renderApp(path: string, state?: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: path, state }]}>
      <AppShell />
      <PathProbe />
    </MemoryRouter>,
  );
}
