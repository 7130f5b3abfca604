import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_BANNER_HIDE_MS, ErrorBanner } from './ErrorBanner.tsx';

describe('error banner', () => {
  it('fades out on dismiss and calls onClose only after 300 ms', async () => {
    const onClose = vi.fn();
    render(<ErrorBanner message="Une erreur est survenue" onClose={onClose} />);
    const alert = await screen.findByRole('alert');
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'إخفاء الرسالة' }));
    expect(alert.className).toContain('opacity-0');
    act(() => vi.advanceTimersByTime(ERROR_BANNER_HIDE_MS - 1));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(ERROR_BANNER_HIDE_MS).toBe(300);
  });
});
