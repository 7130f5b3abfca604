import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { PhotoInput } from './PhotoInput.tsx';
import type { ImageCodec } from './photoPrep.ts';
import { fakeCodec } from './photoPrep.test-support.ts';
import { MAX_PHOTO_BYTES, screenPhotos } from './productForm.ts';
import { renderPart } from './testUtils.tsx';

const file = (name: string, type: string, size = 1000) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
afterEach(() => Object.assign(URL, original));

function Harness({
  kept = 0,
  codec = null,
  progress,
}: {
  kept?: number;
  codec?: ImageCodec | null;
  progress?: number[];
}) {
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  return (
    <>
      <PhotoInput files={files} onChange={setFiles} kept={kept} codec={codec} progress={sending ? progress : null} />
      <button type="button" onClick={() => setSending(true)}>
        send
      </button>
      <output data-testid="names">{files.map((f) => `${f.name}:${f.size}`).join(',')}</output>
    </>
  );
}

const names = () => (screen.getByTestId('names').textContent ?? '').replace(/:\d+/g, '');

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
    await waitFor(() => expect(names()).toBe('one.jpg,two.png'));
    expect(screen.getAllByTestId('photo-preview')).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Aperçu de one.jpg' }).getAttribute('src')).toBe('blob:one.jpg');
    const alert = screen.getByRole('alert').textContent ?? '';
    expect(alert).toContain('notes.txt : format non accepté');
    expect(alert).toContain('huge.jpg : fichier trop volumineux (8 Mo au maximum)');
    expect(screen.getByTestId('photo-count').textContent).toBe('(9 / 10)');

    await user.click(screen.getByRole('button', { name: 'Retirer one.jpg' }));
    expect(names()).toBe('two.png');
    await user.upload(input, [
      file('three.webp', 'image/webp'),
      file('four.jpg', 'image/jpeg'),
      file('five.jpg', 'image/jpeg'),
    ]);
    await waitFor(() => expect(names()).toBe('two.png,three.webp,four.jpg'));
    expect(screen.getByRole('alert').textContent).toContain('five.jpg : pas ajoutée, un produit a au plus 10 photos.');
    expect(input.disabled).toBe(true);
    expect(screen.getByText('Limite de 10 photos atteinte')).toBeTruthy();
  });

  for (const lang of ['ar', 'fr'] as const) {
    it(`resizes the photos it can read and refuses by name the one it cannot, keeping the others (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      Object.assign(URL, { createObjectURL: (f: File) => `blob:${f.name}`, revokeObjectURL: () => {} });
      const fake = fakeCodec({ sizes: { 'field.jpg': [4000, 3000], 'crate.jpg': [1200, 900] } });
      const user = userEvent.setup({ applyAccept: false });
      renderPart(<Harness codec={fake.codec} />);
      const input = await screen.findByLabelText(lang === 'ar' ? 'أضف صورًا' : 'Ajouter des photos');
      await user.upload(input, [
        file('field.jpg', 'image/jpeg', 4_000_000),
        file('broken.jpg', 'image/jpeg', 50_000),
        file('crate.jpg', 'image/jpeg', 900_000),
      ]);
      await waitFor(() => expect(screen.getByTestId('names').textContent).toBe('field.webp:1000,crate.webp:1000'));
      expect(fake.encoded.map((e) => `${e.width}x${e.height}`)).toEqual(['2048x1536', '1200x900']);
      const alert = screen.getByRole('alert').textContent ?? '';
      expect(alert).toContain(
        lang === 'ar'
          ? 'broken.jpg: تعذّرت قراءة هذا الملف كصورة؛ لم يُضَف، والصور الأخرى محفوظة.'
          : "broken.jpg : ce fichier ne peut pas être lu comme une image ; il n'est pas ajouté, les autres photos sont gardées.",
      );
      expect(alert).not.toContain('field');
      expect(screen.getAllByTestId('photo-preview')).toHaveLength(2);
    });

    it(`takes a camera photo over 8 MB once made small, and names only the one still too large (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      Object.assign(URL, { createObjectURL: (f: File) => `blob:${f.name}`, revokeObjectURL: () => {} });
      // camera.jpg (12 MB, 6000×4000) comes out at 900 kB; noise.png (20 MB) stays at 9 MB even at 2048 px.
      const fake = fakeCodec({
        sizes: { 'camera.jpg': [6000, 4000], 'noise.png': [5000, 5000] },
        encodedBytes: (w, h) => (w === h ? 9 * 1024 * 1024 : 900_000),
      });
      const user = userEvent.setup({ applyAccept: false });
      renderPart(<Harness codec={fake.codec} />);
      const input = await screen.findByLabelText(lang === 'ar' ? 'أضف صورًا' : 'Ajouter des photos');
      await user.upload(input, [
        file('camera.jpg', 'image/jpeg', 12 * 1024 * 1024),
        file('noise.png', 'image/png', 20 * 1024 * 1024),
      ]);
      await waitFor(() => expect(screen.getByTestId('names').textContent).toBe('camera.webp:900000'));
      // Both were prepared (none refused on its chosen size), each at most 2048 px.
      expect(fake.encoded.map((e) => `${e.width}x${e.height}`)).toEqual(['2048x1365', '2048x2048']);
      const alert = screen.getByRole('alert').textContent ?? '';
      expect(alert).toContain(
        lang === 'ar'
          ? 'noise.png: حجم الملف كبير جدًا (8 ميغابايت على الأكثر).'
          : 'noise.png : fichier trop volumineux (8 Mo au maximum).',
      );
      expect(alert).not.toContain('camera');
    });

    it(`shows one labelled progress bar per photo while uploading (${lang})`, async () => {
      await i18n.changeLanguage(lang);
      Object.assign(URL, { createObjectURL: (f: File) => `blob:${f.name}`, revokeObjectURL: () => {} });
      const user = userEvent.setup({ applyAccept: false });
      renderPart(<Harness progress={[1, 0.426]} />);
      const input = await screen.findByLabelText(lang === 'ar' ? 'أضف صورًا' : 'Ajouter des photos');
      await user.upload(input, [file('a.jpg', 'image/jpeg'), file('b.png', 'image/png')]);
      await waitFor(() => expect(names()).toBe('a.jpg,b.png'));
      expect(screen.queryByRole('progressbar')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'send' }));
      const bars = screen.getAllByRole('progressbar');
      expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['100', '43']);
      expect(bars.map((b) => b.getAttribute('aria-label'))).toEqual(
        lang === 'ar' ? ['إرسال a.jpg', 'إرسال b.png'] : ['Envoi de a.jpg', 'Envoi de b.png'],
      );
      expect(screen.getByRole('button', { name: lang === 'ar' ? 'إزالة a.jpg' : 'Retirer a.jpg' })).toHaveProperty(
        'disabled',
        true,
      );
    });
  }
});
