import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CodeBoxes, emptyCode } from './CodeBoxes.tsx';

function Harness() {
  const [digits, setDigits] = useState<string[]>(emptyCode);
  return (
    <>
      <CodeBoxes digits={digits} onChange={setDigits} />
      <output data-testid="code">{digits.join('')}</output>
    </>
  );
}

const boxes = () => screen.getAllByRole<HTMLInputElement>('textbox');

/** The boxes' labels come from the lazily loaded `auth` namespace, so the first render suspends. */
async function renderBoxes() {
  render(<Harness />);
  await screen.findAllByRole('textbox');
}

describe('five-digit code boxes', () => {
  it('moves to the next box after each digit and ignores letters', async () => {
    const user = userEvent.setup();
    await renderBoxes();
    expect(boxes()).toHaveLength(5);
    await user.click(boxes()[0]!);
    await user.keyboard('1a2');
    expect(document.activeElement).toBe(boxes()[2]);
    await user.keyboard('345');
    expect(screen.getByTestId('code').textContent).toBe('12345');
    expect(boxes().map((b) => b.value)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('goes back and clears the previous box on Backspace in an empty box', async () => {
    const user = userEvent.setup();
    await renderBoxes();
    await user.click(boxes()[0]!);
    await user.keyboard('12');
    expect(document.activeElement).toBe(boxes()[2]);
    await user.keyboard('{Backspace}');
    expect(document.activeElement).toBe(boxes()[1]);
    expect(screen.getByTestId('code').textContent).toBe('1');
  });

  it('fills every box from a pasted code, whatever box has focus', async () => {
    const user = userEvent.setup();
    await renderBoxes();
    await user.click(boxes()[3]!);
    await user.paste(' 98 7-65 ');
    expect(screen.getByTestId('code').textContent).toBe('98765');
    expect(document.activeElement).toBe(boxes()[4]);
  });

  it('names each box for screen readers', async () => {
    await renderBoxes();
    expect(await screen.findByLabelText('الرقم 3 من 5')).toBe(boxes()[2]);
  });
});
