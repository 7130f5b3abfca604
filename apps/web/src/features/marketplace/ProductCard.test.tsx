import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { formatAmount } from './format.ts';
import { ProductCard } from './ProductCard.tsx';
import { publication, renderPart } from './testUtils.tsx';

describe('product card', () => {
  it('formats the price in DA per language', async () => {
    // French groups with a narrow no-break space and a decimal comma; Algerian Arabic keeps Latin digits.
    expect(formatAmount(1234567.5, 'fr')).toBe('1\u202f234\u202f567,5');
    expect(formatAmount(1234567.5, 'ar')).toBe('1.234.567,5');

    await i18n.changeLanguage('fr');
    const { unmount } = renderPart(
      <ProductCard item={publication({ prixUnitaire: 12500 })} href="/seller/product-details/7" />,
    );
    expect((await screen.findByTestId('card-price')).textContent).toBe('12\u202f500 DA');
    unmount();

    await i18n.changeLanguage('ar');
    renderPart(<ProductCard item={publication({ prixUnitaire: 12500.25 })} href="/seller/product-details/7" />);
    expect((await screen.findByTestId('card-price')).textContent).toBe('12.500,25 د.ج');
    expect(screen.getByText('فلاح')).toBeTruthy();
    expect(screen.getByText('متوفر')).toBeTruthy();
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
