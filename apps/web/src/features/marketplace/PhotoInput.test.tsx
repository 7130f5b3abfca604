import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { PhotoInput } from './PhotoInput.tsx';
import { MAX_PHOTO_BYTES, screenPhotos } from './productForm.ts';
import { renderPart } from './testUtils.tsx';

const file = (name: string, type: string, size = 1000) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
afterEach(() => Object.assign(URL, original));

function Harness({ kept = 0 }: { kept?: number }) {
  const [files, setFiles] = useState<File[]>([]);
  return (
    <>
      <PhotoInput files={files} onChange={setFiles} kept={kept} />
      <output data-testid="names">{files.map((f) => f.name).join(',')}</output>
    </>
  );
}

describe('photo limits', () => {
  it('refuses the wrong type, an oversized file, and anything past 10 photos', () => {
    const { accepted, rejected } = screenPhotos(8, [
      file('a.jpg', 'image/jpeg'),
      file('doc.pdf', 'application/pdf'),
      file('anim.gif', 'image/gif'),
      file('big.png', 'image/png', MAX_PHOTO_BYTES + 1),
      file('edge.webp', 'image/webp', MAX_PHOTO_BYTES),
      file('late.png', 'image/png'),
    ]);
    expect(accepted.map((f) => f.name)).toEqual(['a.jpg', 'edge.webp']);
    expect(rejected).toEqual([
      { name: 'doc.pdf', reason: 'type' },
      { name: 'anim.gif', reason: 'type' },
      { name: 'big.png', reason: 'size' },
      { name: 'late.png', reason: 'count' },
    ]);
  });

  it('previews accepted photos, names refused ones, removes a preview and stops at 10', async () => {
    await i18n.changeLanguage('fr');
    // jsdom has no object URLs; the previews only need distinct addresses.
    Object.assign(URL, { createObjectURL: (f: File) => `blob:${f.name}`, revokeObjectURL: () => {} });
    // applyAccept off: the browser's picker filter is a hint only; the component must refuse by itself.
    const user = userEvent.setup({ applyAccept: false });
    renderPart(<Harness kept={7} />);
    const input = (await screen.findByLabelText('Ajouter des photos')) as HTMLInputElement;
    await user.upload(input, [
      file('one.jpg', 'image/jpeg'),
      file('notes.txt', 'text/plain'),
      file('huge.jpg', 'image/jpeg', 9 * 1024 * 1024),
      file('two.png', 'image/png'),
    ]);
    expect(screen.getByTestId('names').textContent).toBe('one.jpg,two.png');
    expect(screen.getAllByTestId('photo-preview')).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Aperçu de one.jpg' }).getAttribute('src')).toBe('blob:one.jpg');
    const alert = screen.getByRole('alert').textContent ?? '';
    expect(alert).toContain('notes.txt : format non accepté');
    expect(alert).toContain('huge.jpg : fichier trop volumineux (8 Mo au maximum)');
    expect(screen.getByTestId('photo-count').textContent).toBe('(9 / 10)');

    await user.click(screen.getByRole('button', { name: 'Retirer one.jpg' }));
    expect(screen.getByTestId('names').textContent).toBe('two.png');
    await user.upload(input, [
      file('three.webp', 'image/webp'),
      file('four.jpg', 'image/jpeg'),
      file('five.jpg', 'image/jpeg'),
    ]);
    expect(screen.getByTestId('names').textContent).toBe('two.png,three.webp,four.jpg');
    expect(screen.getByRole('alert').textContent).toContain('five.jpg : pas ajoutée, un produit a au plus 10 photos.');
    expect(input.disabled).toBe(true);
    expect(screen.getByText('Limite de 10 photos atteinte')).toBeTruthy();
  });
});
