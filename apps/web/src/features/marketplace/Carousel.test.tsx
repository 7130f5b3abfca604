import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { Carousel, wrapIndex } from './Carousel.tsx';
import { publication, renderPart } from './testUtils.tsx';

const images = publication().images;
const counter = () => screen.getByTestId('carousel-counter').textContent;
const shownSrc = () => screen.getByTestId('carousel-stage').querySelector('img')?.getAttribute('src');

describe('carousel', () => {
  it('wraps an index in both directions', () => {
    expect([wrapIndex(3, 3), wrapIndex(-1, 3), wrapIndex(4, 3), wrapIndex(0, 0)]).toEqual([0, 2, 1, 0]);
  });

  it('counts n / N and wraps around with the buttons', async () => {
    await i18n.changeLanguage('fr');
    const user = userEvent.setup();
    renderPart(<Carousel images={images} name="Huile" />);
    expect(await screen.findByTestId('carousel-counter')).toBeTruthy();
    expect(counter()).toBe('1 / 3');
    expect(shownSrc()).toBe('/api/publications/images/p1.webp');
    const next = screen.getByRole('button', { name: 'Photo suivante' });
    await user.click(next);
    await user.click(next);
    expect(counter()).toBe('3 / 3');
    expect(shownSrc()).toBe('/api/publications/images/p3.webp');
    await user.click(next);
    expect(counter()).toBe('1 / 3');
    await user.click(screen.getByRole('button', { name: 'Photo précédente' }));
    expect(counter()).toBe('3 / 3');
    await user.click(screen.getByRole('button', { name: 'Afficher la photo 2' }));
    expect(counter()).toBe('2 / 3');
  });

  it('follows the reading direction for arrow keys and swipes', async () => {
    await i18n.changeLanguage('fr');
    const { unmount } = renderPart(<Carousel images={images} name="Huile" />);
    const region = await screen.findByRole('region', { name: 'Photos de Huile' });
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(counter()).toBe('2 / 3');
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    expect(counter()).toBe('3 / 3');
    const stage = screen.getByTestId('carousel-stage');
    fireEvent.pointerDown(stage, { clientX: 300 });
    fireEvent.pointerUp(stage, { clientX: 200 });
    expect(counter()).toBe('1 / 3');
    fireEvent.pointerDown(stage, { clientX: 300 });
    fireEvent.pointerUp(stage, { clientX: 290 });
    expect(counter()).toBe('1 / 3');
    unmount();

    await i18n.changeLanguage('ar');
    renderPart(<Carousel images={images} name="زيت" />);
    const rtl = await screen.findByRole('region', { name: 'صور زيت' });
    fireEvent.keyDown(rtl, { key: 'ArrowLeft' });
    expect(counter()).toBe('2 / 3');
    const stageAr = screen.getByTestId('carousel-stage');
    fireEvent.pointerDown(stageAr, { clientX: 100 });
    fireEvent.pointerUp(stageAr, { clientX: 200 });
    expect(counter()).toBe('3 / 3');
  });

  it('shows a placeholder when a photo fails and when there is none', async () => {
    await i18n.changeLanguage('fr');
    const { unmount } = renderPart(<Carousel images={images} name="Huile" />);
    const img = (await screen.findByTestId('carousel-stage')).querySelector('img');
    if (!img) throw new Error('no image');
    fireEvent.error(img);
    expect(screen.getByRole('img', { name: 'Huile, photo 1 sur 3' }).dataset.testid).toBe('image-placeholder');
    unmount();
    renderPart(<Carousel images={[]} name="Huile" />);
    expect((await screen.findByRole('img', { name: 'Aucune photo pour ce produit' })).dataset.testid).toBe(
      'image-placeholder',
    );
  });
});
