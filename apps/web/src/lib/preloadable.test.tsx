import { act, render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable.ts';

const Ready = () => <p>ready</p>;
const view = (Component: ComponentType) => (
  <Suspense fallback={<p>waiting</p>}>
    <Component />
  </Suspense>
);

describe('preloadable', () => {
  it('suspends on a first render before its module arrived, like React.lazy', async () => {
    const Page = preloadable(async () => Ready);
    render(view(Page));
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(await screen.findByText('ready')).toBeTruthy();
  });

  it('renders at once, without a fallback, once preloaded', async () => {
    const load = vi.fn(async () => Ready);
    const Page = preloadable(load);
    await Page.preload();
    await Page.preload();
    render(view(Page));
    expect(screen.getByText('ready')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed load', async () => {
    const load = vi.fn<() => Promise<typeof Ready>>().mockRejectedValueOnce(new Error('offline'));
    load.mockResolvedValue(Ready);
    const Page = preloadable(load);
    await expect(Page.preload()).rejects.toThrow('offline');
    await act(() => Page.preload());
    render(view(Page));
    expect(screen.getByText('ready')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
