import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { formatAmount } from './format.ts';
import { ProductCard } from './ProductCard.tsx';
import { publication, renderPart } from './testUtils.tsx';

describe('product card', () => {
  it('formats the price in DA per language, per unit, with the quantity in that unit', async () => {
    // Both languages group thousands with a narrow no-break space (lib/money.ts) and keep Latin digits.
    expect(formatAmount(1234567.5, 'fr')).toBe('1\u202f234\u202f567,5');
    expect(formatAmount(1234567.5, 'ar')).toBe('1\u202f234\u202f567,5');

    await i18n.changeLanguage('fr');
    const { unmount } = renderPart(
      <ProductCard
        item={publication({ prixUnitaire: 2500, quantité: 30, unit: 'quintal' })}
        href="/seller/product-details/7"
      />,
    );
    expect((await screen.findByTestId('card-price')).textContent).toBe('2\u202f500 DA / quintal');
    expect(screen.getByTestId('card-quantity').textContent).toBe('Quantité : 30 quintaux');
    unmount();

    await i18n.changeLanguage('ar');
    const arabic = renderPart(
      <ProductCard
        item={publication({ prixUnitaire: 12500.25, quantité: 30, unit: 'quintal' })}
        href="/seller/product-details/7"
      />,
    );
    expect((await screen.findByTestId('card-price')).textContent).toBe('12\u202f500,25 دج / قنطار');
    expect(screen.getByTestId('card-quantity').textContent).toBe('الكمية: 30 قنطارًا');
    expect(screen.getByText('فلاح')).toBeTruthy();
    expect(screen.getByText('متوفر')).toBeTruthy();
    arabic.unmount();

    // Arabic counted nouns agree with the number (3–10: plural, 11–99: singular accusative).
    renderPart(
      <ProductCard
        item={publication({ prixUnitaire: 80, quantité: 5, unit: 'box' })}
        href="/seller/product-details/7"
      />,
    );
    expect((await screen.findByTestId('card-price')).textContent).toBe('80 دج / صندوق');
    expect(screen.getByTestId('card-quantity').textContent).toBe('الكمية: 5 صناديق');
  });

  it('shows a publication without a unit (issue 28) with the bare price and quantity, in both languages', async () => {
    for (const [lang, price, quantity] of [
      ['fr', '2\u202f500 DA', 'Quantité : 30'],
      ['ar', '2\u202f500 دج', 'الكمية: 30'],
    ] as const) {
      await i18n.changeLanguage(lang);
      const { unmount } = renderPart(
        <ProductCard
          item={publication({ prixUnitaire: 2500, quantité: 30, unit: null })}
          href="/seller/product-details/7"
        />,
      );
      expect((await screen.findByTestId('card-price')).textContent).toBe(price);
      expect(screen.getByTestId('card-quantity').textContent).toBe(quantity);
      expect(document.body.textContent).not.toMatch(/undefined|null|unit\./);
      unmount();
    }
  });

  it('links to the details, calls by phone, and falls back to a placeholder', async () => {
    await i18n.changeLanguage('fr');
    renderPart(<ProductCard item={publication()} href="/seller/product-details/7" />);
    const title = await screen.findByRole('link', { name: 'Huile d’olive de Kabylie' });
    expect(title.getAttribute('href')).toBe('/seller/product-details/7');
    expect(screen.getByRole('link', { name: 'Appeler le 0550123456' }).getAttribute('href')).toBe('tel:0550123456');
    expect(screen.getByText('Route de Tizi Ouzou, Azazga')).toBeTruthy();
    const img = screen.getByRole('img', { name: 'Huile d’olive de Kabylie' });
    expect(img.getAttribute('src')).toBe('/api/publications/images/p1.thumb.webp');
    fireEvent.error(img);
    expect(screen.getByRole('img', { name: 'Huile d’olive de Kabylie' }).dataset.testid).toBe('image-placeholder');
  });
});
